CREATE TABLE "space_location_counts" (
	"location" text PRIMARY KEY NOT NULL,
	"published" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "spaces_published_location_idx";--> statement-breakpoint
CREATE INDEX "space_location_counts_published_idx" ON "space_location_counts" USING btree ("published","location");--> statement-breakpoint
CREATE INDEX "spaces_city_key_idx" ON "spaces" USING btree (lower(split_part("location", ',', 1)),"is_published","created_at","id");--> statement-breakpoint

-- The explore page's location list (ADR 0043): published listings per location,
-- kept up to date by a trigger instead of counting every row of spaces per request.
CREATE FUNCTION "track_space_location_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."is_published" THEN
    UPDATE "space_location_counts" SET "published" = "published" - 1 WHERE "location" = OLD."location";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."is_published" THEN
    INSERT INTO "space_location_counts" ("location", "published") VALUES (NEW."location", 1)
      ON CONFLICT ("location") DO UPDATE SET "published" = "space_location_counts"."published" + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "spaces_track_location_counts" AFTER INSERT OR DELETE OR UPDATE OF "location", "is_published" ON "spaces"
  FOR EACH ROW EXECUTE FUNCTION "track_space_location_counts"();--> statement-breakpoint
INSERT INTO "space_location_counts" ("location", "published")
  SELECT "location", count(*)::integer FROM "spaces" WHERE "is_published" GROUP BY "location";
