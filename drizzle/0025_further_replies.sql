ALTER TABLE "client_messages" ADD COLUMN "ai_reply" text;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "client_answers" jsonb;