ALTER TABLE "check_ins" ADD COLUMN "client_response_channel" text;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "check_in_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "reply_link_in_texts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_messages_check_in_idx" ON "client_messages" USING btree ("check_in_id");