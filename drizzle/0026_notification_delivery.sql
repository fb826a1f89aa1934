ALTER TABLE "notifications" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deliver_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("deliver_at") WHERE delivered_at is null and suppressed_reason is null;--> statement-breakpoint
-- Everything sent before deferral existed reached the coach when it was made.
UPDATE "notifications" SET "delivered_at" = "created_at" WHERE "suppressed_reason" IS NULL;