ALTER TABLE "schedules" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "resumed_at" timestamp with time zone;