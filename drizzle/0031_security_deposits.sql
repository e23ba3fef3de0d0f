-- Security deposits and damage claims (issue #28 point 2, docs/decisions/0283-security-deposits.md,
-- 0284-deposit-claims-and-their-money.md). Amounts in integer minor units (ADR 0102).
--
-- A deposit intent is a provider intent of its own (manual capture) for the same booking:
-- `purpose` keeps it out of the booking's payment paths, which read 'payment' rows only.
ALTER TABLE "local_payment_intents" ADD COLUMN "purpose" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD CONSTRAINT "local_payment_intents_purpose_check" CHECK ("local_payment_intents"."purpose" in ('payment', 'deposit'));--> statement-breakpoint
-- The card a payment saved for later off-session use (a booking whose listing asks for a deposit).
ALTER TABLE "local_payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "provider_calls" ADD COLUMN "purpose" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_calls" ADD CONSTRAINT "provider_calls_purpose_check" CHECK ("provider_calls"."purpose" in ('payment', 'deposit'));--> statement-breakpoint
-- The booking's payment is the one 'payment' intent of its booking.
CREATE INDEX "local_payment_intents_deposit_booking_idx" ON "local_payment_intents" USING btree ("booking_id") WHERE "local_payment_intents"."purpose" = 'deposit';--> statement-breakpoint
CREATE TABLE "booking_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"authorise_at" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"intent_id" text,
	"payment_method_id" text,
	"failure_message" text,
	"call_id" uuid,
	"captured_amount" bigint DEFAULT 0 NOT NULL,
	"authorised_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_deposits_status_check" CHECK ("booking_deposits"."status" in ('scheduled', 'authorised', 'released', 'claimed', 'captured', 'failed')),
	CONSTRAINT "booking_deposits_amount_check" CHECK ("booking_deposits"."amount" > 0 and "booking_deposits"."captured_amount" >= 0 and "booking_deposits"."captured_amount" <= "booking_deposits"."amount"),
	CONSTRAINT "booking_deposits_released_check" CHECK ("booking_deposits"."status" <> 'released' or "booking_deposits"."captured_amount" = 0)
);--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_deposits_booking_key" ON "booking_deposits" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_deposits_authorise_due_idx" ON "booking_deposits" USING btree ("authorise_at") WHERE "booking_deposits"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "booking_deposits_release_due_idx" ON "booking_deposits" USING btree ("release_at") WHERE "booking_deposits"."status" = 'authorised';--> statement-breakpoint
CREATE TABLE "deposit_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deposit_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"guest_answer_by" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"accepted_by" text,
	"decided_amount" bigint,
	"decided_by" uuid,
	"decision_note" text,
	"captured_amount" bigint DEFAULT 0 NOT NULL,
	"captured_at" timestamp with time zone,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_claims_status_check" CHECK ("deposit_claims"."status" in ('open', 'accepted', 'disputed', 'decided')),
	CONSTRAINT "deposit_claims_accepted_by_check" CHECK ("deposit_claims"."accepted_by" is null or "deposit_claims"."accepted_by" in ('guest', 'clock')),
	CONSTRAINT "deposit_claims_amount_check" CHECK ("deposit_claims"."amount" > 0 and ("deposit_claims"."decided_amount" is null or "deposit_claims"."decided_amount" between 0 and "deposit_claims"."amount") and "deposit_claims"."captured_amount" >= 0 and "deposit_claims"."captured_amount" <= "deposit_claims"."amount"),
	CONSTRAINT "deposit_claims_description_check" CHECK (char_length("deposit_claims"."description") between 1 and 2000),
	CONSTRAINT "deposit_claims_note_check" CHECK (char_length("deposit_claims"."decision_note") <= 2000),
	CONSTRAINT "deposit_claims_photos_check" CHECK (jsonb_typeof("deposit_claims"."photos") = 'array' and jsonb_array_length("deposit_claims"."photos") <= 6),
	CONSTRAINT "deposit_claims_decided_check" CHECK (("deposit_claims"."status" = 'decided') = ("deposit_claims"."decided_amount" is not null))
);--> statement-breakpoint
ALTER TABLE "deposit_claims" ADD CONSTRAINT "deposit_claims_deposit_id_booking_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."booking_deposits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_claims" ADD CONSTRAINT "deposit_claims_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_claims" ADD CONSTRAINT "deposit_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_claims_booking_key" ON "deposit_claims" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_claims_deposit_key" ON "deposit_claims" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "deposit_claims_answer_due_idx" ON "deposit_claims" USING btree ("guest_answer_by") WHERE "deposit_claims"."status" = 'open';--> statement-breakpoint
CREATE INDEX "deposit_claims_disputed_idx" ON "deposit_claims" USING btree ("created_at") WHERE "deposit_claims"."status" = 'disputed';--> statement-breakpoint
-- Claim money reaches the host as a payout of its own (kind 'claim', no service fee) beside the booking's.
ALTER TABLE "payouts" ADD COLUMN "kind" text DEFAULT 'booking' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_kind_check" CHECK ("payouts"."kind" in ('booking', 'claim'));--> statement-breakpoint
DROP INDEX "payouts_booking_key";--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_booking_key" ON "payouts" USING btree ("booking_id","kind");--> statement-breakpoint
ALTER TABLE "deposit_claims" ADD CONSTRAINT "deposit_claims_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'fee', 'fee_refund', 'transfer', 'reversal', 'deduction', 'dispute_loss', 'deposit_capture'));--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_check" CHECK ("email_outbox"."kind" in ('booking_confirmed', 'booking_cancelled', 'payment_failed', 'payout_sent', 'new_message', 'review_request', 'newsletter_confirm', 'search_alert', 'identity_approved', 'identity_rejected', 'password_reset', 'password_changed', 'email_verification', 'email_changed', 'data_export_ready', 'deposit'));
--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('unpublish_listing', 'republish_listing', 'suspend_user', 'unsuspend_user', 'cancel_booking', 'approve_identity', 'reject_identity', 'decide_claim'));