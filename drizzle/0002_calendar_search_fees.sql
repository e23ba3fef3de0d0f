-- No two calendar rows of one space may overlap. This constraint, not application
-- code, is what makes double booking impossible. Ranges are half-open, so a
-- booking ending at 10:00 and one starting at 10:00 do not conflict.
ALTER TABLE "space_availability"
  ADD CONSTRAINT "space_availability_no_overlap"
  EXCLUDE USING gist ("space_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&);--> statement-breakpoint

-- Case-insensitive substring search (ILIKE '%term%') over the searched columns.
CREATE INDEX "spaces_title_trgm_idx" ON "spaces" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "spaces_description_trgm_idx" ON "spaces" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "spaces_location_trgm_idx" ON "spaces" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "spaces_country_trgm_idx" ON "spaces" USING gin ("country" gin_trgm_ops);--> statement-breakpoint

-- Monthly platform fees (spec §3 "total_platform_fees"). Only bookings that were
-- paid and not cancelled earn a fee.
CREATE VIEW "total_platform_fees" AS
  SELECT date_trunc('month', "created_at") AS "month",
         sum("platform_fee_amount") AS "total_fees",
         count(*)::integer AS "total_bookings",
         "currency"
    FROM "bookings"
   WHERE "status" IN ('confirmed', 'completed')
   GROUP BY 1, "currency";
--> statement-breakpoint

-- Live updates (spec §4): changes to spaces and new space types are announced on
-- NOTIFY channels; every server process LISTENs and forwards them to browsers.
CREATE FUNCTION "notify_space_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('spaces_changed', json_build_object('op', TG_OP, 'id', COALESCE(NEW."id", OLD."id"))::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "spaces_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "spaces"
  FOR EACH ROW EXECUTE FUNCTION "notify_space_change"();--> statement-breakpoint
CREATE FUNCTION "notify_space_type_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('space_types_changed', json_build_object('op', TG_OP, 'id', NEW."id", 'name', NEW."name", 'label', NEW."label")::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "space_types_notify_insert" AFTER INSERT ON "space_types"
  FOR EACH ROW EXECUTE FUNCTION "notify_space_type_insert"();
