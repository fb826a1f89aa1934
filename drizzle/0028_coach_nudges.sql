CREATE TABLE "coach_nudges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goals" ADD COLUMN "target_date" date;--> statement-breakpoint
ALTER TABLE "coach_nudges" ADD CONSTRAINT "coach_nudges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_nudges_once_idx" ON "coach_nudges" USING btree ("user_id","kind","subject");--> statement-breakpoint
CREATE INDEX "coach_nudges_created_idx" ON "coach_nudges" USING btree ("created_at");