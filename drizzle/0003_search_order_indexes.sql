CREATE INDEX "spaces_published_newest_idx" ON "spaces" USING btree ("is_published","created_at","id");--> statement-breakpoint
CREATE INDEX "spaces_published_location_idx" ON "spaces" USING btree ("is_published","location");--> statement-breakpoint
CREATE INDEX "spaces_location_lower_idx" ON "spaces" USING btree (lower("location"));