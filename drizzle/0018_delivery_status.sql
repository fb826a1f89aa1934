ALTER TABLE "check_ins" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "follow_up_provider_message_id" text;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "follow_up_delivery_status" text;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "follow_up_delivery_error" text;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "email_unreachable" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone_unreachable" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sms_failure_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "check_ins_provider_message_idx" ON "check_ins" USING btree ("provider_message_id") WHERE "check_ins"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "check_ins_follow_up_provider_message_idx" ON "check_ins" USING btree ("follow_up_provider_message_id") WHERE "check_ins"."follow_up_provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "client_messages_provider_message_idx" ON "client_messages" USING btree ("provider_message_id") WHERE "client_messages"."provider_message_id" is not null;