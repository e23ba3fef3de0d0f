-- Check-in and check-out at handover (issue #28 point 4, docs/decisions/0277-handover-records.md).
-- One record per booking, moment (check_in at handover, check_out at return) and party
-- (the booking's guest or the listing's host): a note, the odometer in km, the fuel level
-- in eighths of a tank (0 empty … 8 full), the condition, and up to 12 photos uploaded
-- through the media pipeline. A record is evidence a damage claim points to by its id:
-- once written, nothing in it changes (the trigger below); only author_id may become null
-- when its author's account goes.
CREATE TABLE "handover_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"author_id" uuid,
	"author_role" text NOT NULL,
	"moment" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"odometer_km" integer,
	"fuel_eighths" smallint,
	"condition" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_records_role_check" CHECK ("handover_records"."author_role" in ('guest', 'host')),
	CONSTRAINT "handover_records_moment_check" CHECK ("handover_records"."moment" in ('check_in', 'check_out')),
	CONSTRAINT "handover_records_note_length_check" CHECK (char_length("handover_records"."note") <= 2000),
	CONSTRAINT "handover_records_condition_length_check" CHECK (char_length("handover_records"."condition") <= 1000),
	CONSTRAINT "handover_records_odometer_check" CHECK ("handover_records"."odometer_km" between 0 and 9999999),
	CONSTRAINT "handover_records_fuel_check" CHECK ("handover_records"."fuel_eighths" between 0 and 8)
);--> statement-breakpoint
ALTER TABLE "handover_records" ADD CONSTRAINT "handover_records_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_records" ADD CONSTRAINT "handover_records_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_records_party_key" ON "handover_records" USING btree ("booking_id","moment","author_role");--> statement-breakpoint
CREATE TABLE "handover_photos" (
	"record_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "handover_photos_record_id_position_pk" PRIMARY KEY("record_id","position"),
	CONSTRAINT "handover_photos_position_check" CHECK ("handover_photos"."position" between 0 and 11)
);--> statement-breakpoint
ALTER TABLE "handover_photos" ADD CONSTRAINT "handover_photos_record_id_handover_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."handover_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_photos_url_key" ON "handover_photos" USING btree ("url");--> statement-breakpoint
CREATE FUNCTION "handover_records_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."id", NEW."booking_id", NEW."author_role", NEW."moment", NEW."note", NEW."odometer_km", NEW."fuel_eighths", NEW."condition", NEW."created_at")
     IS DISTINCT FROM (OLD."id", OLD."booking_id", OLD."author_role", OLD."moment", OLD."note", OLD."odometer_km", OLD."fuel_eighths", OLD."condition", OLD."created_at") THEN
    RAISE EXCEPTION 'handover records cannot be changed' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "handover_records_immutable" BEFORE UPDATE ON "handover_records"
  FOR EACH ROW EXECUTE FUNCTION "handover_records_immutable"();--> statement-breakpoint
CREATE FUNCTION "handover_photos_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'handover photos cannot be changed' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "handover_photos_immutable" BEFORE UPDATE ON "handover_photos"
  FOR EACH ROW EXECUTE FUNCTION "handover_photos_immutable"();
