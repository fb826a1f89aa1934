-- Socket.IO Postgres adapter (@socket.io/postgres-adapter): events over NOTIFY's 8000-byte limit or
-- carrying binary travel through this table; the adapter itself deletes rows older than 30 s.
-- Not in server/db/schema.ts: the adapter owns it, the app never queries it.
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
  "id" bigserial UNIQUE,
  "created_at" timestamptz DEFAULT now(),
  "payload" bytea
);
