-- The booking process and durable provider calls (issue #25, ADR 0200).
CREATE TABLE "booking_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"previous_status" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "booking_disputes_status_check" CHECK ("booking_disputes"."status" in ('open', 'won', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "host_balance_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"booking_id" uuid NOT NULL,
	"payout_id" uuid,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_balance_entries_kind_check" CHECK ("host_balance_entries"."kind" in ('refund_after_payout', 'dispute_loss', 'deducted')),
	CONSTRAINT "host_balance_entries_sign_check" CHECK (("host_balance_entries"."kind" = 'deducted') = ("host_balance_entries"."amount" < 0) and "host_balance_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "provider_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"intent_id" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_calls_kind_check" CHECK ("provider_calls"."kind" in ('create_intent', 'cancel_intent', 'refund')),
	CONSTRAINT "provider_calls_status_check" CHECK ("provider_calls"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "provider_calls_provider_check" CHECK ("provider_calls"."provider" in ('local', 'stripe')),
	CONSTRAINT "provider_calls_amount_check" CHECK ("provider_calls"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status_check";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_amount_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_target_type_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_service_fee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ended_reason" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "call_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "deducted_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_disputes" ADD CONSTRAINT "booking_disputes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_balance_entries" ADD CONSTRAINT "host_balance_entries_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_balance_entries" ADD CONSTRAINT "host_balance_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_balance_entries" ADD CONSTRAINT "host_balance_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_calls" ADD CONSTRAINT "provider_calls_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_disputes_provider_key" ON "booking_disputes" USING btree ("provider_dispute_id");--> statement-breakpoint
CREATE INDEX "booking_disputes_booking_idx" ON "booking_disputes" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "host_balance_entries_key" ON "host_balance_entries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "host_balance_entries_host_idx" ON "host_balance_entries" USING btree ("host_id","currency");--> statement-breakpoint
CREATE INDEX "provider_calls_due_idx" ON "provider_calls" USING btree ("next_attempt_at") WHERE "provider_calls"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "provider_calls_booking_idx" ON "provider_calls" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_calls_reference_key" ON "provider_calls" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "bookings_host_cancelled_idx" ON "bookings" USING btree ("host_id") WHERE "bookings"."cancelled_by" = 'host';--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_check" CHECK ("bookings"."cancelled_by" is null or "bookings"."cancelled_by" in ('guest', 'host', 'admin'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ended_reason_check" CHECK ("bookings"."ended_reason" is null or "bookings"."ended_reason" in ('lapsed', 'released', 'late_payment', 'intent_failed'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancellation_policy_check" CHECK ("bookings"."cancellation_policy" in ('flexible', 'moderate', 'strict'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending_payment', 'confirmed', 'cancelled', 'expired', 'completed', 'disputed'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('scheduled', 'processing', 'paid', 'failed', 'cancelled', 'reversed', 'held'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" >= 0 and "payouts"."deducted_amount" >= 0 and "payouts"."deducted_amount" <= "payouts"."amount");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'fee', 'fee_refund', 'transfer', 'reversal', 'deduction', 'dispute_loss'));--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('unpublish_listing', 'republish_listing', 'suspend_user', 'unsuspend_user', 'cancel_booking'));--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_target_type_check" CHECK ("admin_actions"."target_type" in ('space', 'user', 'booking'));--> statement-breakpoint
-- Terms fixed at booking time (issue #25): bookings made before this migration keep the
-- policy their listing has now (the closest record of what the guest saw) and the
-- default of REFUND_SERVICE_FEE (false).
UPDATE "bookings" b SET "cancellation_policy" = s."cancellation_policy" FROM "spaces" s WHERE s."id" = b."space_id";--> statement-breakpoint
-- A disputed booking was paid: it stays in the month's paid bookings and fees.
CREATE OR REPLACE FUNCTION "track_booking_month_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD."status" IN ('confirmed', 'completed', 'disputed')) = (NEW."status" IN ('confirmed', 'completed', 'disputed'))
     AND OLD."created_at" = NEW."created_at" AND OLD."currency" = NEW."currency"
     AND OLD."total_price" = NEW."total_price" AND OLD."platform_fee_amount" = NEW."platform_fee_amount" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" IN ('confirmed', 'completed', 'disputed') THEN
    UPDATE "booking_month_totals"
       SET "paid_bookings" = "paid_bookings" - 1,
           "total_price" = "total_price" - OLD."total_price",
           "platform_fees" = "platform_fees" - OLD."platform_fee_amount"
     WHERE "month" = date_trunc('month', OLD."created_at", 'UTC') AND "currency" = OLD."currency";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" IN ('confirmed', 'completed', 'disputed') THEN
    INSERT INTO "booking_month_totals" ("month", "currency", "paid_bookings", "total_price", "platform_fees")
      VALUES (date_trunc('month', NEW."created_at", 'UTC'), NEW."currency", 1, NEW."total_price", NEW."platform_fee_amount")
      ON CONFLICT ("month", "currency") DO UPDATE
        SET "paid_bookings" = "booking_month_totals"."paid_bookings" + 1,
            "total_price" = "booking_month_totals"."total_price" + EXCLUDED."total_price",
            "platform_fees" = "booking_month_totals"."platform_fees" + EXCLUDED."platform_fees";
  END IF;
  RETURN NULL;
END;
$$;
