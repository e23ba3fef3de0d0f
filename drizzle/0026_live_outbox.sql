-- Live updates through a message broker (issue #30 point 4, docs/decisions/0265-live-updates-broker.md).
-- Every live event now goes through live_publish(channel, payload): by default it is a
-- pg_notify as before (PostgreSQL NOTIFY, PGlite's listen). When the servers run with
-- PUBSUB_URL (Redis or NATS), they switch the database to the outbox (live_transport.outbox):
-- the event becomes a row of live_outbox, written in the same transaction and so visible
-- only after its commit, and never takes NOTIFY's commit-time lock. Each server process
-- drains the outbox (DELETE … RETURNING, SKIP LOCKED) and publishes to the broker after
-- the commit. Every writer goes through these triggers (app, admin, seed, jobs, calendar
-- sync, psql), so none has to remember to publish.
-- Unlogged: live events are worth nothing after a crash (pages reload on reconnect), so
-- the outbox writes no WAL and is not copied to replicas.
-- "txid": the writing transaction, so the relay folds equal events of one transaction only,
-- as NOTIFY does (two bookings of one listing are two events, not one).
CREATE UNLOGGED TABLE "live_outbox" (
  "id" bigserial PRIMARY KEY,
  "txid" bigint NOT NULL DEFAULT txid_current(),
  "channel" text NOT NULL,
  "payload" text NOT NULL
);--> statement-breakpoint
CREATE TABLE "live_transport" (
  "only_row" boolean PRIMARY KEY DEFAULT true CHECK ("only_row"),
  "outbox" boolean NOT NULL DEFAULT false
);--> statement-breakpoint
INSERT INTO "live_transport" ("only_row", "outbox") VALUES (true, false);--> statement-breakpoint
CREATE FUNCTION "live_publish"("event_channel" text, "event_payload" text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT "outbox" FROM "live_transport") THEN
    INSERT INTO "live_outbox" ("channel", "payload") VALUES ("event_channel", "event_payload");
  ELSE
    PERFORM pg_notify("event_channel", "event_payload");
  END IF;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_space_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  visible boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    visible := NEW."is_published";
  ELSIF TG_OP = 'DELETE' THEN
    visible := OLD."is_published";
  ELSE
    visible := NEW."is_published" OR OLD."is_published";
  END IF;
  PERFORM live_publish('spaces_changed', json_build_object(
    'op', TG_OP,
    'id', COALESCE(NEW."id", OLD."id"),
    'visible', COALESCE(visible, false),
    'owner', COALESCE(NEW."user_id", OLD."user_id")
  )::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_space_type_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_publish('space_types_changed', json_build_object('op', TG_OP, 'id', NEW."id", 'name', NEW."name", 'label', NEW."label")::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_availability_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_publish('availability_changed', json_build_object('op', TG_OP, 'id', COALESCE(NEW."space_id", OLD."space_id"), 'spaceId', COALESCE(NEW."space_id", OLD."space_id"))::text);
  RETURN NULL;
END;
$$;
