CREATE UNLOGGED TABLE "realtime_presence" (
	"instance_id" uuid NOT NULL,
	"socket_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_presence_instance_id_socket_id_pk" PRIMARY KEY("instance_id","socket_id")
);
--> statement-breakpoint
CREATE INDEX "realtime_presence_user_idx" ON "realtime_presence" USING btree ("user_id");