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
-- Platform analytics (ADR 0152): revenue, growth and the monthly fee view read paid
-- bookings by currency and month from this index alone.
CREATE INDEX "bookings_paid_currency_month_idx" ON "bookings" USING btree ("currency","created_at","total_price","platform_fee_amount") WHERE "bookings"."status" in ('confirmed', 'completed');--> statement-breakpoint
CREATE INDEX "spaces_rated_idx" ON "spaces" USING btree ("rating") WHERE "spaces"."rating" > 0;--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_created_idx" ON "newsletter_subscribers" USING btree ("created_at","id");
