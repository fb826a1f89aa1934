CREATE TABLE "sms_consents" (
	"client_phone" text NOT NULL,
	"coach_id" uuid NOT NULL,
	"our_number" text NOT NULL,
	"check_in_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_consents_client_phone_our_number_coach_id_pk" PRIMARY KEY("client_phone","our_number","coach_id")
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text NOT NULL,
	"our_number" text NOT NULL,
	"keyword" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_phone_our_number_pk" PRIMARY KEY("phone","our_number")
);
--> statement-breakpoint
CREATE TABLE "sms_pending_inbound" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_phone" text NOT NULL,
	"our_number" text NOT NULL,
	"body" text NOT NULL,
	"message_sid" text,
	"received_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"delivered_to_coach_id" uuid
);
--> statement-breakpoint
CREATE TABLE "sms_routes" (
	"client_phone" text NOT NULL,
	"our_number" text NOT NULL,
	"offered_coach_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"asked_at" timestamp with time zone,
	"chosen_coach_id" uuid,
	"chosen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_routes_client_phone_our_number_pk" PRIMARY KEY("client_phone","our_number")
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "from_number" text;--> statement-breakpoint
ALTER TABLE "sms_consents" ADD CONSTRAINT "sms_consents_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_consents" ADD CONSTRAINT "sms_consents_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_pending_inbound" ADD CONSTRAINT "sms_pending_inbound_delivered_to_coach_id_users_id_fk" FOREIGN KEY ("delivered_to_coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_routes" ADD CONSTRAINT "sms_routes_chosen_coach_id_users_id_fk" FOREIGN KEY ("chosen_coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_pending_inbound_open_idx" ON "sms_pending_inbound" USING btree ("client_phone","our_number","received_at") WHERE "sms_pending_inbound"."delivered_at" is null;--> statement-breakpoint
-- Hand-written backfill. Until now every text went from the one configured number, which
-- runMigrations passes as cadence.sms_from_number (TWILIO_FROM_NUMBER, else the outbox default).
UPDATE "check_ins" SET "from_number" = coalesce(nullif(current_setting('cadence.sms_from_number', true), ''), '+15005550006')
WHERE "channel" = 'sms' AND "delivery_started_at" IS NOT NULL AND "from_number" IS NULL;--> statement-breakpoint
-- A client number a coach already texted has had its first message: no consent notice is added now.
INSERT INTO "sms_consents" ("client_phone", "coach_id", "our_number", "sent_at")
SELECT "clients"."phone", "check_ins"."coach_id", "check_ins"."from_number", min("check_ins"."sent_at")
FROM "check_ins" JOIN "clients" ON "clients"."id" = "check_ins"."client_id"
WHERE "check_ins"."from_number" IS NOT NULL AND "check_ins"."sent_at" IS NOT NULL AND "clients"."phone" IS NOT NULL
GROUP BY "clients"."phone", "check_ins"."coach_id", "check_ins"."from_number"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A number that replied STOP stays opted out of the number it said it to (the only one so far).
INSERT INTO "sms_opt_outs" ("phone", "our_number", "keyword")
SELECT DISTINCT "phone", coalesce(nullif(current_setting('cadence.sms_from_number', true), ''), '+15005550006'), 'STOP'
FROM "clients" WHERE "sms_opted_out" AND "phone" IS NOT NULL
ON CONFLICT DO NOTHING;
