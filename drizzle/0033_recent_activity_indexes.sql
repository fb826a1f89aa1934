-- The dashboard's Recent Activity reads the coach's newest replies and inbound texts instead of
-- probing each client's latest (two index probes per client; docs/performance.md).
-- Migrations run in a transaction, so these build without CONCURRENTLY and hold writes to check_ins
-- and client_messages while they build. On a large database, create them by hand with CREATE
-- INDEX CONCURRENTLY (same names) before upgrading; IF NOT EXISTS below then skips them.
CREATE INDEX IF NOT EXISTS "check_ins_coach_replied_idx" ON "check_ins" USING btree ("coach_id","responded_at") WHERE "check_ins"."client_response" is not null and "check_ins"."responded_at" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_messages_coach_inbound_idx" ON "client_messages" USING btree ("coach_id","created_at") WHERE "client_messages"."direction" = 'in';