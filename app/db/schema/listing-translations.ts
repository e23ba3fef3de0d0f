import { sql } from "drizzle-orm";
import { check, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./listings";

/** The languages a host can translate a listing into: the UI languages (app/lib/locales.ts). */
export const TRANSLATION_LOCALES = ["en", "es", "fr", "ja", "ar"] as const;

/**
 * A host's translation of a listing's title and description into one UI language (issue #31
 * point 5, docs/decisions/0295-listing-translations.md). Optional, one per language; guests
 * reading the site in that language see it, with 'Show original' for the host's own text
 * (spaces.title/description, in whatever language the host wrote them).
 */
export const listingTranslations = pgTable(
  "listing_translations",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    locale: text("locale", { enum: TRANSLATION_LOCALES }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.spaceId, t.locale] }),
    check("listing_translations_locale_check", sql`${t.locale} in ('en', 'es', 'fr', 'ja', 'ar')`),
    check("listing_translations_title_check", sql`char_length(${t.title}) between 1 and 120`),
    check("listing_translations_description_check", sql`char_length(${t.description}) between 1 and 5000`),
  ],
);
