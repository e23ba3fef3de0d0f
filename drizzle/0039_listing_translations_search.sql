-- Search over hosts' translations (issue #31 point 5, docs/decisions/0295-listing-translations.md).
-- `spaces.translated_text` holds the listing's translations, one line each (NULL without one):
-- its language, U+001F, its title, U+001E, its description (line breaks made spaces in both), kept by the
-- trigger below. A text search on a page in Spanish tests it with a case-insensitive regular
-- expression anchored to the Spanish line — `(^|\n)es\x1f[^\n]*term` — beside the listing's
-- own columns, so it is served like them: the trigram index (pg_trgm indexes regular
-- expressions as it does ILIKE, migration 0002) in one bitmap OR, or a test per row of a
-- newest-first walk. Not in the Drizzle schema: only search reads it.
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
    SELECT string_agg(t."locale" || E'\x1f' || translate(t."title", E'\n\r', '  ') || E'\x1e' || translate(t."description", E'\n\r', '  '), E'\n' ORDER BY t."locale")
      FROM "listing_translations" t
     WHERE t."space_id" = target)
   WHERE "id" = target;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "listing_translations_sync_search" AFTER INSERT OR DELETE OR UPDATE OF "title", "description" ON "listing_translations"
  FOR EACH ROW EXECUTE FUNCTION "spaces_sync_translated_text"();--> statement-breakpoint
UPDATE "spaces" SET "translated_text" = found."text"
  FROM (SELECT "space_id", string_agg("locale" || E'\x1f' || translate("title", E'\n\r', '  ') || E'\x1e' || translate("description", E'\n\r', '  '), E'\n' ORDER BY "locale") AS "text"
          FROM "listing_translations" GROUP BY "space_id") AS found
 WHERE "spaces"."id" = found."space_id";
