-- Host availability (issue #26, ADR 0202): opening hours, dated hours, booking rules, units and seats.
CREATE TABLE "space_date_hours" (
	"space_id" uuid NOT NULL,
	"date" text NOT NULL,
	"hours" jsonb NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_date_hours_space_id_date_pk" PRIMARY KEY("space_id","date"),
	CONSTRAINT "space_date_hours_date_check" CHECK ("space_date_hours"."date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "opening_hours" jsonb DEFAULT '[[{"start":"09:00","end":"21:00"}],[{"start":"09:00","end":"21:00"}],[{"start":"09:00","end":"21:00"}],[{"start":"09:00","end":"21:00"}],[{"start":"09:00","end":"21:00"}],[{"start":"09:00","end":"21:00"}],[{"start":"09:00","end":"21:00"}]]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "check_in_time" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "check_out_time" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "min_notice_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "max_advance_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "units" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_availability" ADD COLUMN "units" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_availability" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "space_availability" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "space_date_hours" ADD CONSTRAINT "space_date_hours_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_calendar_token_unique" UNIQUE("calendar_token");--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_buffers_check" CHECK ("spaces"."buffer_before_minutes" between 0 and 1440 and "spaces"."buffer_after_minutes" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_notice_check" CHECK ("spaces"."min_notice_minutes" between 0 and 129600 and "spaces"."max_advance_days" between 1 and 730);--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_quantity_check" CHECK ("spaces"."quantity" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_check_times_check" CHECK (("spaces"."check_in_time" is null) = ("spaces"."check_out_time" is null) and coalesce("spaces"."check_in_time", '00:00') ~ '^([01][0-9]|2[0-3]):00$' and coalesce("spaces"."check_out_time", '00:00') ~ '^([01][0-9]|2[0-4]):00$');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_units_check" CHECK ("bookings"."units" >= 1);--> statement-breakpoint
ALTER TABLE "space_availability" ADD CONSTRAINT "space_availability_units_check" CHECK ("space_availability"."units" >= 1);--> statement-breakpoint
ALTER TABLE "space_availability" ADD CONSTRAINT "space_availability_note_check" CHECK (char_length("space_availability"."note") <= 500);--> statement-breakpoint
-- Units and seats (issue #26, ADR 0202). Rows of a listing of one unit still may not
-- overlap; rows of a listing with several units or seats are `shared` and counted under
-- the listing's calendar lock instead. The constraint keeps its one GiST index: a shared
-- row compares in a lane of its own (its id), so it never conflicts through the
-- constraint, while every unshared row of a listing shares lane zero.
ALTER TABLE "space_availability" DROP CONSTRAINT "space_availability_no_overlap";--> statement-breakpoint
ALTER TABLE "space_availability"
  ADD CONSTRAINT "space_availability_no_overlap"
  EXCLUDE USING gist ("space_id" WITH =, (CASE WHEN "shared" THEN "id" ELSE '00000000-0000-0000-0000-000000000000'::uuid END) WITH =, tstzrange("start_time", "end_time", '[)') WITH &&);
--> statement-breakpoint
-- Dated hours change what the space page offers: announced like any calendar change.
CREATE TRIGGER "space_date_hours_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "space_date_hours"
  FOR EACH ROW EXECUTE FUNCTION "notify_availability_change"();
