CREATE TABLE "whatsapp_sessions" (
	"client_phone" text NOT NULL,
	"our_number" text NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_sessions_client_phone_our_number_pk" PRIMARY KEY("client_phone","our_number")
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "channel_note" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "fallback_channels" text[] DEFAULT '{email}'::text[] NOT NULL;