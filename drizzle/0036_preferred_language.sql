-- A member's language (issue #31 point 3, docs/decisions/0296-email-language.md): set when a
-- signed-in member picks one from the language menu, and at sign-up to the page's language.
-- Chooses the UI language without a URL prefix, and the language of every e-mail they receive.
-- Null: none saved (the cookie or Accept-Language decide the page; e-mails are in English).
ALTER TABLE "users" ADD COLUMN "preferred_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preferred_language_check" CHECK ("users"."preferred_language" in ('en', 'es', 'fr', 'ja', 'ar'));
