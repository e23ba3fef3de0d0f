import { TRANSLATION_LOCALES } from "~/db/schema/listing-translations";
import { translatable } from "~/features/i18n/translatable";
import { z } from "~/lib/zod";
import { cleanText, LIMITS } from "./listing-form";

/**
 * A host's translation of a listing's title and description into one language (issue #31
 * point 5, docs/decisions/0295-listing-translations.md). One schema for the browser form and
 * the server action (the one form pipeline, ADR 0060): the same limits as the listing's own
 * title and description, control characters dropped, text trimmed. Pure: safe on both sides.
 */

export { TRANSLATION_LOCALES };
export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];

export const TRANSLATION_TEXT = {
  languageRequired: translatable("Choose a language"),
  titleRequired: translatable("Title is required"),
  titleTooLong: translatable("Title must be at most 120 characters"),
  descriptionRequired: translatable("Description is required"),
  descriptionTooLong: translatable("Description must be at most 5000 characters"),
  saved: translatable("Translation saved."),
  removed: translatable("Translation removed."),
  notFound: translatable("Listing not found"),
  tooLarge: translatable("The request is too large."),
  failed: translatable("Could not save the translation. Please try again."),
} as const;

const text = (required: string, tooLong: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? cleanText(value).trim() : value),
    z.string({ error: required }).min(1, required).max(max, tooLong),
  );

const locale = z.enum(TRANSLATION_LOCALES, { error: TRANSLATION_TEXT.languageRequired });

/** Save (add or replace) the translation for `locale`. */
export const saveTranslationSchema = z.object({
  locale,
  title: text(TRANSLATION_TEXT.titleRequired, TRANSLATION_TEXT.titleTooLong, LIMITS.title),
  description: text(TRANSLATION_TEXT.descriptionRequired, TRANSLATION_TEXT.descriptionTooLong, LIMITS.description),
});
export type SaveTranslation = z.output<typeof saveTranslationSchema>;
export type TranslationField = Extract<keyof z.input<typeof saveTranslationSchema>, string>;

/** Remove the translation for `locale`. */
export const removeTranslationSchema = z.object({ locale });

/** What the editor shows for a saved translation. */
export type ListingTranslation = { locale: TranslationLocale; title: string; description: string };
