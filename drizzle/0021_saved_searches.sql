-- Saved search alerts (issue #27 point 6, ADR 0231): a guest's saved /explore searches, the checks a publish or a cancellation leaves for the search-alerts job, and the e-mail kind.
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"label" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"last_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_text_check" CHECK (char_length("saved_searches"."query") <= 2000 and char_length("saved_searches"."label") <= 200)
);
--> statement-breakpoint
CREATE TABLE "search_alert_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_alert_checks_reason_check" CHECK ("search_alert_checks"."reason" in ('published', 'cancellation'))
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_checks" ADD CONSTRAINT "search_alert_checks_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_query_key" ON "saved_searches" USING btree ("user_id","query");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_token_key" ON "saved_searches" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "search_alert_checks_due_idx" ON "search_alert_checks" USING btree ("due_at");--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_check" CHECK ("email_outbox"."kind" in ('booking_confirmed', 'booking_cancelled', 'payment_failed', 'payout_sent', 'new_message', 'review_request', 'newsletter_confirm', 'search_alert'));
--> statement-breakpoint
-- The checks are written by the change itself (only while someone has a saved search: a bulk load of listings writes none), due at once whatever clock the job runs at, in its own transaction, whichever code path makes it: a listing becoming published, a booking becoming cancelled (its calendar row goes in the same transaction).
CREATE FUNCTION "queue_search_alert_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "saved_searches") THEN
    INSERT INTO "search_alert_checks" ("space_id", "reason", "due_at") VALUES (NEW."space_id", TG_ARGV[0], '-infinity');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "queue_search_alert_check_for_space"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "saved_searches") THEN
    INSERT INTO "search_alert_checks" ("space_id", "reason", "due_at") VALUES (NEW."id", 'published', '-infinity');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "spaces_published_alert_insert" AFTER INSERT ON "spaces"
  FOR EACH ROW WHEN (NEW."is_published") EXECUTE FUNCTION "queue_search_alert_check_for_space"();--> statement-breakpoint
CREATE TRIGGER "spaces_published_alert_update" AFTER UPDATE OF "is_published" ON "spaces"
  FOR EACH ROW WHEN (NEW."is_published" AND NOT OLD."is_published") EXECUTE FUNCTION "queue_search_alert_check_for_space"();--> statement-breakpoint
CREATE TRIGGER "bookings_cancelled_alert" AFTER UPDATE OF "status" ON "bookings"
  FOR EACH ROW WHEN (NEW."status" = 'cancelled' AND OLD."status" IS DISTINCT FROM 'cancelled') EXECUTE FUNCTION "queue_search_alert_check"('cancellation');
