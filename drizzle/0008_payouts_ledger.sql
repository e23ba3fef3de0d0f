CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"currently_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_holder" text,
	"country" text,
	"currency" text,
	"bank_kind" text,
	"routing_number" text,
	"account_last4" text,
	"account_fingerprint" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_bank_kind_check" CHECK ("payout_accounts"."bank_kind" is null or "payout_accounts"."bank_kind" in ('iban', 'us'))
);
--> statement-breakpoint
CREATE TABLE "local_payout_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"account_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"transfer_group" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"provider_reference" text,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'fee', 'fee_refund', 'transfer', 'reversal')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_host_key" ON "payout_accounts" USING btree ("host_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_provider_account_key" ON "payout_accounts" USING btree ("provider","provider_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "local_payout_transfers_idempotency_key" ON "local_payout_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_key" ON "ledger_entries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id","created_at");--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status_check";--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('scheduled', 'processing', 'paid', 'failed', 'cancelled', 'reversed'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" >= 0);--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_transfer_key" ON "payouts" USING btree ("provider_transfer_id");
--> statement-breakpoint
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_entries is append-only: write a correcting entry instead';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
