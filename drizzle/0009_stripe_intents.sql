ALTER TABLE "local_payment_intents" ADD COLUMN "provider" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD COLUMN "latest_charge" text;--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD CONSTRAINT "local_payment_intents_provider_check" CHECK ("local_payment_intents"."provider" in ('local', 'stripe'));
