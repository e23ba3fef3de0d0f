-- Reviews both ways, the rest of issue #28 point 5 (docs/decisions/0288-member-pages-and-review-e-mails.md,
-- docs/decisions/0289-moderating-reviews-of-guests.md).
-- An admin can hide a host's review of a guest (and restore it) with a reason; a hidden review
-- is shown to nobody but stays for the moderation log and the author's data export.
ALTER TABLE "guest_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "guest_reviews" ADD CONSTRAINT "guest_reviews_hidden_reason_check" CHECK (("guest_reviews"."hidden_at" is null) = ("guest_reviews"."hidden_reason" is null) and char_length("guest_reviews"."hidden_reason") <= 500);--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('unpublish_listing', 'republish_listing', 'suspend_user', 'unsuspend_user', 'cancel_booking', 'approve_identity', 'reject_identity', 'hide_guest_review', 'restore_guest_review', 'update_setting'));--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_target_type_check";--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_target_type_check" CHECK ("admin_actions"."target_type" in ('space', 'user', 'booking', 'guest_review', 'setting'));--> statement-breakpoint
-- 'Your reviews are now public' (review_published), optional like the review requests; the
-- review-publishing job finds recently published reviews of either side by these indexes.
CREATE INDEX "reviews_published_idx" ON "reviews" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "guest_reviews_published_idx" ON "guest_reviews" USING btree ("published_at");--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_check" CHECK ("email_outbox"."kind" in ('booking_confirmed', 'booking_cancelled', 'payment_failed', 'payout_sent', 'new_message', 'review_request', 'review_published', 'newsletter_confirm', 'search_alert', 'identity_approved', 'identity_rejected', 'password_reset', 'password_changed', 'email_verification', 'email_changed', 'data_export_ready'));
