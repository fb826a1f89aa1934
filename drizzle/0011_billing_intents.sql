CREATE TYPE "public"."billing_operation_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "billing_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text,
	"discount_code" text,
	"status" "billing_operation_status" DEFAULT 'pending' NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"lease_expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "billing_operations" ADD CONSTRAINT "billing_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_operations_one_pending_per_user" ON "billing_operations" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "billing_operations_user_idx" ON "billing_operations" USING btree ("user_id","started_at");