-- Admin moderation (ADR 0151): suspended accounts, listings an admin unpublished or hid
-- with their owner's suspension, and the log of every admin action.
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "moderation_state" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_moderation_state_check" CHECK ("spaces"."moderation_state" in ('unpublished', 'owner_suspended'));--> statement-breakpoint
CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"target_label" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('unpublish_listing', 'republish_listing', 'suspend_user', 'unsuspend_user')),
	CONSTRAINT "admin_actions_target_type_check" CHECK ("admin_actions"."target_type" in ('space', 'user'))
);--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_actions_target_idx" ON "admin_actions" USING btree ("target_id","created_at");--> statement-breakpoint
-- Platform analytics (ADR 0152): paid bookings per UTC month and currency, kept up to
-- date by a trigger (as space_location_counts is, ADR 0043), so revenue, growth and the
-- monthly fee view read a few hundred rows instead of every booking.
CREATE TABLE "booking_month_totals" (
	"month" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"paid_bookings" integer DEFAULT 0 NOT NULL,
	"total_price" bigint DEFAULT 0 NOT NULL,
	"platform_fees" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_month_totals_month_currency_pk" PRIMARY KEY("month","currency")
);--> statement-breakpoint
CREATE FUNCTION "track_booking_month_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD."status" IN ('confirmed', 'completed')) = (NEW."status" IN ('confirmed', 'completed'))
     AND OLD."created_at" = NEW."created_at" AND OLD."currency" = NEW."currency"
     AND OLD."total_price" = NEW."total_price" AND OLD."platform_fee_amount" = NEW."platform_fee_amount" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" IN ('confirmed', 'completed') THEN
    UPDATE "booking_month_totals"
       SET "paid_bookings" = "paid_bookings" - 1,
           "total_price" = "total_price" - OLD."total_price",
           "platform_fees" = "platform_fees" - OLD."platform_fee_amount"
     WHERE "month" = date_trunc('month', OLD."created_at", 'UTC') AND "currency" = OLD."currency";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" IN ('confirmed', 'completed') THEN
    INSERT INTO "booking_month_totals" ("month", "currency", "paid_bookings", "total_price", "platform_fees")
      VALUES (date_trunc('month', NEW."created_at", 'UTC'), NEW."currency", 1, NEW."total_price", NEW."platform_fee_amount")
      ON CONFLICT ("month", "currency") DO UPDATE
        SET "paid_bookings" = "booking_month_totals"."paid_bookings" + 1,
            "total_price" = "booking_month_totals"."total_price" + EXCLUDED."total_price",
            "platform_fees" = "booking_month_totals"."platform_fees" + EXCLUDED."platform_fees";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_track_month_totals"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "created_at", "currency", "total_price", "platform_fee_amount" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "track_booking_month_totals"();--> statement-breakpoint
INSERT INTO "booking_month_totals" ("month", "currency", "paid_bookings", "total_price", "platform_fees")
  SELECT date_trunc('month', "created_at", 'UTC'), "currency", count(*)::integer, sum("total_price")::bigint, sum("platform_fee_amount")::bigint
    FROM "bookings" WHERE "status" IN ('confirmed', 'completed') GROUP BY 1, 2;--> statement-breakpoint
-- The same columns as before (month, total_fees, total_bookings, currency), now read from the totals.
DROP VIEW "total_platform_fees";--> statement-breakpoint
CREATE VIEW "total_platform_fees" AS
  SELECT "month", "platform_fees"::numeric AS "total_fees", "paid_bookings" AS "total_bookings", "currency"
    FROM "booking_month_totals"
   WHERE "paid_bookings" > 0;--> statement-breakpoint
-- The dashboard (ADR 0150): a guest's recent bookings, and a host's bookings received,
-- by the listing owner copied onto each booking when it is made (listings never change owner).
CREATE INDEX "bookings_user_created_idx" ON "bookings" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "host_id" uuid;--> statement-breakpoint
CREATE FUNCTION "set_booking_host"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "user_id" INTO NEW."host_id" FROM "spaces" WHERE "id" = NEW."space_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_set_host" BEFORE INSERT OR UPDATE OF "space_id" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "set_booking_host"();--> statement-breakpoint
UPDATE "bookings" SET "host_id" = "spaces"."user_id" FROM "spaces" WHERE "spaces"."id" = "bookings"."space_id";--> statement-breakpoint
CREATE INDEX "bookings_host_created_idx" ON "bookings" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "spaces_rated_idx" ON "spaces" USING btree ("rating") WHERE "spaces"."rating" > 0;--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_created_idx" ON "newsletter_subscribers" USING btree ("created_at","id");
