CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_email" text NOT NULL,
	"user_id" uuid,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"topic" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "email_outbox_kind_check" CHECK ("email_outbox"."kind" in ('booking_confirmed', 'booking_cancelled', 'payment_failed', 'payout_sent', 'new_message', 'review_request', 'newsletter_confirm'))
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"disabled_kinds" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_key" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "email_outbox_topic_idx" ON "email_outbox" USING btree ("topic","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_user_idx" ON "email_outbox" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "host_reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "host_replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_key" ON "reviews" USING btree ("booking_id");--> statement-breakpoint
UPDATE "reviews" SET "comment" = left("comment", 2000) WHERE char_length("comment") > 2000;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_text_length_check" CHECK (char_length("reviews"."comment") <= 2000 and char_length("reviews"."host_reply") <= 2000);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "token_hash" text;--> statement-breakpoint
UPDATE "newsletter_subscribers" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token_key" ON "newsletter_subscribers" USING btree ("token_hash");
