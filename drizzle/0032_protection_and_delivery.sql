-- Insurance ('protection') and delivery or pickup at checkout (issue #28 point 3, the rest;
-- docs/decisions/0286-protection-line-item.md, 0287-delivery-and-pickup.md).
-- The platform's settings an admin edits on /admin: one row. `protection_percent` is in basis
-- points (800 = 8 %), 0..5000.
CREATE TABLE "platform_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"singleton" boolean DEFAULT true NOT NULL,
	"protection_percent" integer DEFAULT 800 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "platform_settings_singleton_key" UNIQUE("singleton"),
	CONSTRAINT "platform_settings_singleton_check" CHECK ("platform_settings"."singleton"),
	CONSTRAINT "platform_settings_protection_percent_check" CHECK ("platform_settings"."protection_percent" between 0 and 5000)
);--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "platform_settings" ("singleton") VALUES (true);--> statement-breakpoint
-- The booking's terms of the moment: the protection bought (its rate in basis points and its
-- amount) and the delivery fee charged, in minor units; 0 when none. The total is
-- rental + service fee + protection + delivery.
ALTER TABLE "bookings" ADD COLUMN "protection_percent" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "protection_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "delivery_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_extras_check" CHECK ("bookings"."protection_amount" >= 0 and "bookings"."delivery_amount" >= 0 and ("bookings"."protection_amount" = 0 or "bookings"."protection_percent" is not null));--> statement-breakpoint
-- What the guest chose: their own insurance (insurer and policy number) or the platform's
-- protection; delivery (with the address) or pickup.
ALTER TABLE "booking_requirements" ADD COLUMN "insurance" text;--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD COLUMN "insurer_name" text;--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD COLUMN "policy_number" text;--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD COLUMN "fulfilment" text;--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD COLUMN "delivery_street" text;--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD COLUMN "delivery_city" text;--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD COLUMN "delivery_postal_code" text;--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD COLUMN "delivery_country" text;--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD CONSTRAINT "booking_requirements_insurance_check" CHECK ("booking_requirements"."insurance" is null or ("booking_requirements"."insurance" = 'own' and "booking_requirements"."insurer_name" is not null and "booking_requirements"."policy_number" is not null) or ("booking_requirements"."insurance" = 'protection' and "booking_requirements"."insurer_name" is null and "booking_requirements"."policy_number" is null));--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD CONSTRAINT "booking_requirements_insurer_check" CHECK (char_length("booking_requirements"."insurer_name") between 1 and 100 and char_length("booking_requirements"."policy_number") between 1 and 60);--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD CONSTRAINT "booking_requirements_fulfilment_check" CHECK ("booking_requirements"."fulfilment" is null or ("booking_requirements"."fulfilment" = 'pickup' and "booking_requirements"."delivery_street" is null) or ("booking_requirements"."fulfilment" = 'delivery' and "booking_requirements"."delivery_street" is not null and "booking_requirements"."delivery_city" is not null and "booking_requirements"."delivery_postal_code" is not null and "booking_requirements"."delivery_country" ~ '^[A-Z]{2}$'));--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD CONSTRAINT "booking_requirements_delivery_address_check" CHECK (char_length("booking_requirements"."delivery_street") between 1 and 200 and char_length("booking_requirements"."delivery_city") between 1 and 100 and char_length("booking_requirements"."delivery_postal_code") between 1 and 20);--> statement-breakpoint
-- The protection is the platform's revenue, a ledger line of its own, and refunded as one.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'fee', 'fee_refund', 'transfer', 'reversal', 'deduction', 'dispute_loss', 'protection', 'protection_refund'));--> statement-breakpoint
-- An admin's change of a platform setting is logged like every admin action; the setting's
-- row is the target.
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('unpublish_listing', 'republish_listing', 'suspend_user', 'unsuspend_user', 'cancel_booking', 'approve_identity', 'reject_identity', 'update_setting'));--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_target_type_check";--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_target_type_check" CHECK ("admin_actions"."target_type" in ('space', 'user', 'booking', 'setting'));
