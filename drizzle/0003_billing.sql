CREATE TABLE "local_card_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"cardholder_name" text,
	"behaviour" text DEFAULT 'ok' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "failure_message" text;--> statement-breakpoint
ALTER TABLE "local_card_tokens" ADD CONSTRAINT "local_card_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_card_tokens_user_idx" ON "local_card_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_id_unique" ON "payment_methods" USING btree ("user_id","provider_payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_id_unique" ON "subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_user" ON "subscriptions" USING btree ("user_id") WHERE status <> 'canceled';--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("provider","status","current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_invoice_unique" ON "transactions" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "transactions_payment_idx" ON "transactions" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "users_payment_customer_idx" ON "users" USING btree ("payment_customer_id");