ALTER TABLE "transactions" ADD COLUMN "refunded_by" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_status_date_idx" ON "transactions" USING btree ("status","date");