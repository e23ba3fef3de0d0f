-- Request to book (issue #28 point 1, docs/decisions/0280-request-to-book.md).
-- A listing is booked instantly (the default, as the product's marketing promises) or on
-- request: the guest's card is authorised, not captured, and the host accepts or declines.
ALTER TABLE "spaces" ADD COLUMN "booking_mode" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_booking_mode_check" CHECK ("spaces"."booking_mode" in ('instant', 'request'));--> statement-breakpoint
-- A request's states: `requested` (authorised, waiting for the host; the slot stays held
-- until `request_expires_at`) and `declined`; a request nobody answered in time expires
-- (status 'expired', ended_reason 'request_expired').
ALTER TABLE "bookings" ADD COLUMN "request_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending_payment', 'requested', 'confirmed', 'declined', 'cancelled', 'expired', 'completed', 'disputed'));--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_ended_reason_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ended_reason_check" CHECK ("bookings"."ended_reason" is null or "bookings"."ended_reason" in ('lapsed', 'released', 'late_payment', 'intent_failed', 'request_expired'));--> statement-breakpoint
-- Open requests by expiry, for the clock's sweep and the host's dashboard.
CREATE INDEX "bookings_requested_expiry_idx" ON "bookings" USING btree ("request_expires_at") WHERE "bookings"."status" = 'requested';--> statement-breakpoint
-- Manual capture: an authorised intent waits in `requires_capture` until it is captured or cancelled.
ALTER TABLE "local_payment_intents" DROP CONSTRAINT "local_payment_intents_status_check";--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD CONSTRAINT "local_payment_intents_status_check" CHECK ("local_payment_intents"."status" in ('requires_payment_method', 'requires_capture', 'processing', 'succeeded', 'canceled'));--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD CONSTRAINT "local_payment_intents_capture_method_check" CHECK ("local_payment_intents"."capture_method" in ('automatic', 'manual'));--> statement-breakpoint
ALTER TABLE "provider_calls" DROP CONSTRAINT "provider_calls_kind_check";--> statement-breakpoint
ALTER TABLE "provider_calls" ADD CONSTRAINT "provider_calls_kind_check" CHECK ("provider_calls"."kind" in ('create_intent', 'capture_intent', 'cancel_intent', 'refund'));
