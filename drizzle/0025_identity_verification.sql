-- Identity verification and trust signals (issue #29 points 3 and 6, ADRs 0250-0254).
CREATE TABLE "identity_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_session_id" text,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_verifications_provider_check" CHECK ("identity_verifications"."provider" in ('local', 'stripe')),
	CONSTRAINT "identity_verifications_status_check" CHECK ("identity_verifications"."status" in ('pending', 'requires_input', 'verified', 'rejected'))
);--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_verifications_user_idx" ON "identity_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_open_key" ON "identity_verifications" USING btree ("user_id") WHERE "identity_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "identity_verifications_verified_idx" ON "identity_verifications" USING btree ("user_id") WHERE "identity_verifications"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "identity_verifications_review_idx" ON "identity_verifications" USING btree ("created_at") WHERE "identity_verifications"."status" = 'pending' and "identity_verifications"."provider" = 'local';--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_session_key" ON "identity_verifications" USING btree ("provider_session_id");--> statement-breakpoint
CREATE TABLE "identity_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"verification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_uploads_kind_check" CHECK ("identity_uploads"."kind" in ('document', 'selfie'))
);--> statement-breakpoint
ALTER TABLE "identity_uploads" ADD CONSTRAINT "identity_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_uploads" ADD CONSTRAINT "identity_uploads_verification_id_identity_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."identity_verifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_uploads_storage_key" ON "identity_uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "identity_uploads_user_idx" ON "identity_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "identity_uploads_verification_idx" ON "identity_uploads" USING btree ("verification_id");--> statement-breakpoint
CREATE INDEX "identity_uploads_created_idx" ON "identity_uploads" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "requires_verified_guests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_host_created_idx" ON "conversations" USING btree ("host_id","created_at");--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('unpublish_listing', 'republish_listing', 'suspend_user', 'unsuspend_user', 'cancel_booking', 'approve_identity', 'reject_identity'));--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_check" CHECK ("email_outbox"."kind" in ('booking_confirmed', 'booking_cancelled', 'payment_failed', 'payout_sent', 'new_message', 'review_request', 'newsletter_confirm', 'search_alert', 'identity_approved', 'identity_rejected', 'password_reset', 'password_changed', 'email_verification', 'email_changed', 'data_export_ready'));
