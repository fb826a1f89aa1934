ALTER TABLE "clients" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "detected_language" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "suggested_language" text;