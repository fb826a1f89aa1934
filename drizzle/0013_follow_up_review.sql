CREATE TYPE "public"."follow_up_status" AS ENUM('sent', 'pending_review', 'discarded');--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "follow_up_status" "follow_up_status";--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "follow_up_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "review_follow_ups" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "check_ins_coach_follow_up_review_idx" ON "check_ins" USING btree ("coach_id","responded_at") WHERE "check_ins"."follow_up_status" = 'pending_review';--> statement-breakpoint
-- Follow-ups written before review existed were all texted (or their sending was interrupted; completed_at is the best instant known).
UPDATE "check_ins" SET "follow_up_status" = 'sent', "follow_up_sent_at" = "completed_at" WHERE "ai_response" IS NOT NULL;
