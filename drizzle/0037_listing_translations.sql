-- Hosts' translations of a listing (issue #31 point 5, docs/decisions/0295-listing-translations.md):
-- an optional title and description per UI language, shown to guests reading the site in
-- that language. The listing's own title/description stay the host's original text.
CREATE TABLE "listing_translations" (
	"space_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_translations_space_id_locale_pk" PRIMARY KEY("space_id","locale"),
	CONSTRAINT "listing_translations_locale_check" CHECK ("listing_translations"."locale" in ('en', 'es', 'fr', 'ja', 'ar')),
	CONSTRAINT "listing_translations_title_check" CHECK (char_length("listing_translations"."title") between 1 and 120),
	CONSTRAINT "listing_translations_description_check" CHECK (char_length("listing_translations"."description") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "listing_translations" ADD CONSTRAINT "listing_translations_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;
