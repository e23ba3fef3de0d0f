-- Calendar sync (issue #26 point 6, ADR 0203): imported .ics feeds, their events, and the `imported` mark on the calendar rows they block.
CREATE TABLE "calendar_import_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"recurrence_id" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"summary" text,
	"conflict_booking_id" uuid,
	"conflict_kind" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_import_events_time_order_check" CHECK ("calendar_import_events"."end_time" > "calendar_import_events"."start_time"),
	CONSTRAINT "calendar_import_events_conflict_kind_check" CHECK ("calendar_import_events"."conflict_kind" is null or "calendar_import_events"."conflict_kind" in ('booking', 'hold')),
	CONSTRAINT "calendar_import_events_text_check" CHECK (char_length("calendar_import_events"."uid") <= 500 and char_length("calendar_import_events"."summary") <= 200)
);
--> statement-breakpoint
CREATE TABLE "calendar_import_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"url" text NOT NULL,
	"name" text,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"last_event_count" integer,
	"etag" text,
	"last_modified" text,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_import_feeds_url_check" CHECK (char_length("calendar_import_feeds"."url") <= 2048 and "calendar_import_feeds"."url" ~ '^https?://'),
	CONSTRAINT "calendar_import_feeds_text_check" CHECK (char_length("calendar_import_feeds"."last_error") <= 500 and char_length("calendar_import_feeds"."name") <= 200)
);
--> statement-breakpoint
ALTER TABLE "space_availability" ADD COLUMN "imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_import_events" ADD CONSTRAINT "calendar_import_events_feed_id_calendar_import_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."calendar_import_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_import_events" ADD CONSTRAINT "calendar_import_events_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_import_feeds" ADD CONSTRAINT "calendar_import_feeds_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_import_events_key" ON "calendar_import_events" USING btree ("feed_id","uid","recurrence_id");--> statement-breakpoint
CREATE INDEX "calendar_import_events_space_idx" ON "calendar_import_events" USING btree ("space_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_import_feeds_space_url_key" ON "calendar_import_feeds" USING btree ("space_id","url");--> statement-breakpoint
CREATE INDEX "calendar_import_feeds_due_idx" ON "calendar_import_feeds" USING btree ("next_sync_at");