-- Reviews both ways, double-blind (issue #28 point 5, docs/decisions/0272-double-blind-reviews.md).
-- A review is shown to others from published_at: the end of the review window (the stay's
-- end + 14 days), or the moment the other side's review of the same booking is written,
-- whichever is first. Visibility is decided at query time (published_at <= now), so no
-- job has to run for a review to appear. `counted` says whether the listing's rating and
-- review_count include the review; the review-publishing job folds in the ones whose
-- moment has come.
-- Existing reviews were public already: published from when they were written, and counted.
-- A row written outside the review flow (seed, psql) is public and counted by default too;
-- the app sets both explicitly.
ALTER TABLE "reviews" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
UPDATE "reviews" SET "published_at" = "created_at";--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "published_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "published_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_uncounted_idx" ON "reviews" USING btree ("published_at") WHERE not "reviews"."counted";--> statement-breakpoint
CREATE TABLE "guest_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"author_id" uuid,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "guest_reviews_rating_check" CHECK ("guest_reviews"."rating" between 1 and 5),
	CONSTRAINT "guest_reviews_text_length_check" CHECK (char_length("guest_reviews"."comment") <= 2000)
);--> statement-breakpoint
ALTER TABLE "guest_reviews" ADD CONSTRAINT "guest_reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_reviews" ADD CONSTRAINT "guest_reviews_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_reviews" ADD CONSTRAINT "guest_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_reviews_booking_key" ON "guest_reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "guest_reviews_guest_idx" ON "guest_reviews" USING btree ("guest_id","published_at");
