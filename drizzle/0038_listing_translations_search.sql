-- Search over hosts' translations (issue #31 point 5, docs/decisions/0295-listing-translations.md):
-- a text search in a language also matches the listings whose translation into it contains
-- the words (ILIKE '%term%'), served like the listings' own columns (migration 0002).
CREATE INDEX "listing_translations_title_trgm_idx" ON "listing_translations" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listing_translations_description_trgm_idx" ON "listing_translations" USING gin ("description" gin_trgm_ops);
