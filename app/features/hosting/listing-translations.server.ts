import { and, asc, eq, sql } from "drizzle-orm";
import { listingTranslations } from "~/db/schema/listing-translations";
import { spaces } from "~/db/schema/listings";
import type { Db } from "~/lib/db.server";
import type { FieldErrors } from "~/lib/forms";
import { parseForm } from "~/lib/forms";
import { isUuid } from "~/lib/uuid";
import { type ListingTranslation, removeTranslationSchema, saveTranslationSchema, TRANSLATION_TEXT, type TranslationField } from "./listing-translation-form";

/**
 * The host's side of listing translations (issue #31 point 5, ADR 0295): read the ones a
 * listing has, save one, remove one. Only the listing's owner may write; anyone else is told
 * the listing does not exist (as the editor itself does).
 */

/** A listing's translations, in the order of the UI languages. */
export async function listTranslations(db: Db, spaceId: string): Promise<ListingTranslation[]> {
  const rows = await db
    .select({ locale: listingTranslations.locale, title: listingTranslations.title, description: listingTranslations.description })
    .from(listingTranslations)
    .where(eq(listingTranslations.spaceId, spaceId))
    .orderBy(asc(sql`array_position(array['en','es','fr','ja','ar'], ${listingTranslations.locale})`));
  return rows;
}

export type TranslationActionResult =
  | { ok: true; intent: "save" | "remove"; locale: string; message: string }
  | { ok: false; intent: "save" | "remove"; locale: string | null; status: number; fieldErrors: FieldErrors<TranslationField>; formError?: string; values?: Record<string, unknown> };

async function ownsSpace(db: Db, userId: string, spaceId: string) {
  if (!isUuid(spaceId)) return false;
  const [row] = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Runs one submission of the translations editor: `intent` 'save' (add or replace the
 * language's translation) or 'remove'. Bad input stores nothing and says why, per field.
 */
export async function runTranslationAction(db: Db, userId: string, spaceId: string, form: FormData): Promise<TranslationActionResult> {
  const intent = form.get("intent") === "remove" ? "remove" : "save";
  const askedLocale = typeof form.get("locale") === "string" ? (form.get("locale") as string) : null;
  if (!(await ownsSpace(db, userId, spaceId))) {
    return { ok: false, intent, locale: askedLocale, status: 404, fieldErrors: {}, formError: TRANSLATION_TEXT.notFound };
  }
  if (intent === "remove") {
    const parsed = parseForm(removeTranslationSchema, form);
    if (!parsed.ok) return { ok: false, intent, locale: askedLocale, status: 400, fieldErrors: parsed.fieldErrors };
    await db.delete(listingTranslations).where(and(eq(listingTranslations.spaceId, spaceId), eq(listingTranslations.locale, parsed.data.locale)));
    return { ok: true, intent, locale: parsed.data.locale, message: TRANSLATION_TEXT.removed };
  }
  const parsed = parseForm(saveTranslationSchema, form);
  if (!parsed.ok) {
    const values = { locale: askedLocale ?? "", title: String(form.get("title") ?? ""), description: String(form.get("description") ?? "") };
    return { ok: false, intent, locale: askedLocale, status: 400, fieldErrors: parsed.fieldErrors, values };
  }
  const { locale, title, description } = parsed.data;
  await db
    .insert(listingTranslations)
    .values({ spaceId, locale, title, description })
    .onConflictDoUpdate({
      target: [listingTranslations.spaceId, listingTranslations.locale],
      set: { title, description, updatedAt: sql`now()` },
    });
  return { ok: true, intent, locale, message: TRANSLATION_TEXT.saved };
}
