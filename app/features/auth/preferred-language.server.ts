import { and, eq, isNull } from "drizzle-orm";
import { users } from "~/db/schema/auth";
import type { Db } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";

/**
 * A member's saved language (issue #31 point 3, ADR 0296): chooses the page's language
 * after the URL prefix, and every e-mail's. Saved when they pick one from the language
 * menu while signed in, and at sign-up (the page's language).
 */
export async function savePreferredLanguage(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ preferredLanguage: locale }).where(eq(users.id, userId));
}

/** At sign-in: the language the visitor chose (a prefix or the menu's cookie), only if the member has none saved yet. */
export async function savePreferredLanguageIfNone(db: Db, userId: string, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ preferredLanguage: locale })
    .where(and(eq(users.id, userId), isNull(users.preferredLanguage)));
}
