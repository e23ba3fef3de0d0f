-- Search filters and orders (issue #27 point 2, ADR 0211): amenities "contain all of" through a GIN index,
-- price and rating orders walked in index order over published listings, stopping after a page.
CREATE INDEX IF NOT EXISTS "spaces_amenities_idx" ON "spaces" USING gin ("amenities") WHERE "is_published";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "spaces_published_hourly_price_idx" ON "spaces" USING btree ("hourly_price","id") WHERE "is_published";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "spaces_published_daily_price_idx" ON "spaces" USING btree ("daily_price","id") WHERE "is_published";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "spaces_published_hourly_price_desc_idx" ON "spaces" USING btree ("hourly_price" DESC NULLS LAST,"id" DESC) WHERE "is_published";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "spaces_published_daily_price_desc_idx" ON "spaces" USING btree ("daily_price" DESC NULLS LAST,"id" DESC) WHERE "is_published";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "spaces_published_rating_idx" ON "spaces" USING btree ("rating","review_count","created_at","id") WHERE "is_published";
