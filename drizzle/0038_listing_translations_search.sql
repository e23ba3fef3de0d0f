-- Search over hosts' translations (issue #31 point 5, docs/decisions/0295-listing-translations.md).
-- `spaces.translated_text` holds every translation's title and description of the listing
-- (all languages, NULL without one), kept by the trigger below. A text search on a page in
-- a language tests it like the listing's own columns — ILIKE '%term%', served by a trigram
-- index as in migration 0002, or per row in a newest-first walk — and confirms a match with
-- the translation into the page's language by its primary key. Not in the Drizzle schema:
-- only search reads it.
ALTER TABLE "spaces" ADD COLUMN "translated_text" text;--> statement-breakpoint
CREATE INDEX "spaces_translated_text_trgm_idx" ON "spaces" USING gin ("translated_text" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "spaces_sync_translated_text"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    target := OLD."space_id";
  ELSE
    target := NEW."space_id";
  END IF;
  UPDATE "spaces" SET "translated_text" = (
    SELECT string_agg(t."title" || E'\n' || t."description", E'\n' ORDER BY t."locale")
      FROM "listing_translations" t
     WHERE t."space_id" = target)
   WHERE "id" = target;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "listing_translations_sync_search" AFTER INSERT OR DELETE OR UPDATE OF "title", "description" ON "listing_translations"
  FOR EACH ROW EXECUTE FUNCTION "spaces_sync_translated_text"();--> statement-breakpoint
UPDATE "spaces" SET "translated_text" = found."text"
  FROM (SELECT "space_id", string_agg("title" || E'\n' || "description", E'\n' ORDER BY "locale") AS "text"
          FROM "listing_translations" GROUP BY "space_id") AS found
 WHERE "spaces"."id" = found."space_id";
