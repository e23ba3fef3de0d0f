-- Checkout requirements from the listing (issue #28 point 3, docs/decisions/0279-checkout-requirements.md).
-- The host's waiver text, which a guest must accept when the listing requires a waiver
-- (bounded like the description, ≤ 10 000 characters).
ALTER TABLE "spaces" ADD COLUMN "waiver_text" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_waiver_text_length_check" CHECK (char_length("spaces"."waiver_text") <= 10000);--> statement-breakpoint
-- What the guest gave at checkout for the listing's requirements, written in the slot
-- transaction's statement with the booking: their date of birth (a minimum age), their
-- driving licence (number, issuing country as ISO 3166-1 alpha-2, expiry date), and the
-- waiver as they accepted it (a copy: the host may edit the listing's text later), when
-- and from which address. A column is null when the listing did not ask for it.
CREATE TABLE "booking_requirements" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"date_of_birth" date,
	"licence_number" text,
	"licence_country" text,
	"licence_expiry" date,
	"waiver_text" text,
	"waiver_accepted_at" timestamp with time zone,
	"waiver_accepted_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_requirements_licence_check" CHECK (("booking_requirements"."licence_number" is null) = ("booking_requirements"."licence_country" is null) and ("booking_requirements"."licence_number" is null) = ("booking_requirements"."licence_expiry" is null)),
	CONSTRAINT "booking_requirements_licence_number_check" CHECK (char_length("booking_requirements"."licence_number") between 1 and 40),
	CONSTRAINT "booking_requirements_licence_country_check" CHECK ("booking_requirements"."licence_country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "booking_requirements_waiver_check" CHECK (("booking_requirements"."waiver_text" is null) = ("booking_requirements"."waiver_accepted_at" is null) and char_length("booking_requirements"."waiver_text") <= 10000),
	CONSTRAINT "booking_requirements_waiver_ip_check" CHECK (char_length("booking_requirements"."waiver_accepted_ip") <= 64)
);--> statement-breakpoint
ALTER TABLE "booking_requirements" ADD CONSTRAINT "booking_requirements_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
