CREATE TABLE "client_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"coach_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"channel" text DEFAULT 'sms' NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"provider_message_id" text,
	"status" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_messages_client_idx" ON "client_messages" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "check_ins_client_replied_idx" ON "check_ins" USING btree ("client_id","responded_at") WHERE "check_ins"."client_response" is not null;--> statement-breakpoint
CREATE INDEX "check_ins_client_followed_up_idx" ON "check_ins" USING btree ("client_id","follow_up_sent_at") WHERE "check_ins"."follow_up_sent_at" is not null;