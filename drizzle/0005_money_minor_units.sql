-- Money to integer minor units (ADR 0102). Each amount is multiplied by its row's
-- currency factor (JPY and KRW have no minor unit: x1; every other currency: x100)
-- and stored as bigint. The view total_platform_fees reads platform_fee_amount, so it
-- is dropped first and recreated unchanged afterwards.
DROP VIEW IF EXISTS "total_platform_fees";--> statement-breakpoint
ALTER TABLE "spaces" DROP CONSTRAINT "spaces_prices_check";--> statement-breakpoint
ALTER TABLE "spaces" ALTER COLUMN "deposit_amount" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "spaces" ALTER COLUMN "delivery_fee" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "spaces"
  ALTER COLUMN "hourly_price" SET DATA TYPE bigint USING round("hourly_price" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint,
  ALTER COLUMN "daily_price" SET DATA TYPE bigint USING round("daily_price" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint,
  ALTER COLUMN "weekly_price" SET DATA TYPE bigint USING round("weekly_price" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint,
  ALTER COLUMN "monthly_price" SET DATA TYPE bigint USING round("monthly_price" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint,
  ALTER COLUMN "yearly_price" SET DATA TYPE bigint USING round("yearly_price" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint,
  ALTER COLUMN "deposit_amount" SET DATA TYPE bigint USING round("deposit_amount" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint,
  ALTER COLUMN "delivery_fee" SET DATA TYPE bigint USING round("delivery_fee" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint;--> statement-breakpoint
ALTER TABLE "spaces" ALTER COLUMN "deposit_amount" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "spaces" ALTER COLUMN "delivery_fee" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_prices_check" CHECK (coalesce("spaces"."hourly_price", 0) >= 0 and coalesce("spaces"."daily_price", 0) >= 0 and coalesce("spaces"."weekly_price", 0) >= 0 and coalesce("spaces"."monthly_price", 0) >= 0 and coalesce("spaces"."yearly_price", 0) >= 0);--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_amounts_check";--> statement-breakpoint
ALTER TABLE "bookings"
  ALTER COLUMN "rental_amount" SET DATA TYPE bigint USING round("rental_amount" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint,
  ALTER COLUMN "total_price" SET DATA TYPE bigint USING round("total_price" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint,
  ALTER COLUMN "platform_fee_amount" SET DATA TYPE bigint USING round("platform_fee_amount" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint,
  ALTER COLUMN "refund_amount" SET DATA TYPE bigint USING round("refund_amount" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_amounts_check" CHECK ("bookings"."rental_amount" >= 0 and "bookings"."platform_fee_amount" >= 0 and "bookings"."total_price" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE bigint USING round("amount" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "amount" SET DATA TYPE bigint USING round("amount" * CASE WHEN "currency" IN ('JPY', 'KRW') THEN 1 ELSE 100 END)::bigint;--> statement-breakpoint
CREATE VIEW "total_platform_fees" AS
  SELECT date_trunc('month', "created_at") AS "month",
         sum("platform_fee_amount") AS "total_fees",
         count(*)::integer AS "total_bookings",
         "currency"
    FROM "bookings"
   WHERE "status" IN ('confirmed', 'completed')
   GROUP BY 1, "currency";--> statement-breakpoint
CREATE TABLE "local_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"last_error_message" text,
	"card_brand" text,
	"card_last4" text,
	"processing_until" timestamp with time zone,
	"amount_refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_payment_intents_status_check" CHECK ("local_payment_intents"."status" in ('requires_payment_method', 'processing', 'succeeded', 'canceled')),
	CONSTRAINT "local_payment_intents_amounts_check" CHECK ("local_payment_intents"."amount" >= 0 and "local_payment_intents"."amount_refunded" >= 0 and "local_payment_intents"."amount_refunded" <= "local_payment_intents"."amount")
);
--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD CONSTRAINT "local_payment_intents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD CONSTRAINT "local_payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "local_payment_intents_client_secret_key" ON "local_payment_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE INDEX "local_payment_intents_booking_idx" ON "local_payment_intents" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "space_availability" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "space_availability_hold_expiry_idx" ON "space_availability" USING btree ("expires_at") WHERE "space_availability"."kind" = 'hold';--> statement-breakpoint
-- Live availability (issue #12): any change to a space's calendar is announced on
-- 'availability_changed' (delivered at commit), so every server process can tell the
-- open space pages to refetch their busy ranges.
CREATE FUNCTION "notify_availability_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('availability_changed', json_build_object('op', TG_OP, 'id', COALESCE(NEW."space_id", OLD."space_id"), 'spaceId', COALESCE(NEW."space_id", OLD."space_id"))::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "space_availability_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "space_availability"
  FOR EACH ROW EXECUTE FUNCTION "notify_availability_change"();
