import { and, eq, inArray } from "drizzle-orm";
import { listingTranslations } from "~/db/schema/listing-translations";
import type { Db, Tx } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";
import { errorMessage, logger } from "~/lib/logger.server";

/**
 * The guest's side of hosts' translations (issue #31 point 5, ADR 0295): the title and
 * description a listing's host wrote for the page's language, when there is one. The
 * listing's own text stays its original.
 */

export type ShownTranslation = { locale: Locale; title: string; description: string };

/** The host's translation of one listing into `locale`, or null (also inside a transaction: an e-mail's title, ADR 0296). */
export async function loadListingTranslation(db: Db | Tx, spaceId: string, locale: Locale): Promise<ShownTranslation | null> {
  const [row] = await db
    .select({ locale: listingTranslations.locale, title: listingTranslations.title, description: listingTranslations.description })
    .from(listingTranslations)
    .where(and(eq(listingTranslations.spaceId, spaceId), eq(listingTranslations.locale, locale)))
    .limit(1);
  return row ?? null;
}

/**
 * Cards with the host's translated title for `locale` where there is one (`translatedTitle`;
 * `title` stays the original, which the space page's address is made from). One query for the
 * whole list; if it fails, the cards keep their original titles.
 */
export async function withTranslatedTitles<Card extends { id: string }>(db: Db, cards: Card[], locale: Locale): Promise<(Card & { translatedTitle?: string })[]> {
  if (cards.length === 0) return cards;
  try {
    const ids = [...new Set(cards.map((card) => card.id))];
    const rows = await db
      .select({ spaceId: listingTranslations.spaceId, title: listingTranslations.title })
      .from(listingTranslations)
      .where(and(inArray(listingTranslations.spaceId, ids), eq(listingTranslations.locale, locale)));
    if (rows.length === 0) return cards;
    const titles = new Map(rows.map((row) => [row.spaceId, row.title]));
    return cards.map((card) => (titles.has(card.id) ? { ...card, translatedTitle: titles.get(card.id)! } : card));
  } catch (error) {
    logger.warn({ reason: "listing-translations-failed", err: errorMessage(error) }, "Cards shown without translations");
    return cards;
  }
}

/** A list result (`{ spaces, … }`) with its cards' translated titles (withTranslatedTitles). */
export async function withTranslatedList<List extends { spaces: { id: string }[] }>(db: Db, list: List, locale: Locale): Promise<List> {
  return { ...list, spaces: await withTranslatedTitles(db, list.spaces, locale) };
}

/**
 * Rows that name their listing in a page's text (My Bookings, a booking's page): each row's
 * `space.title` becomes the host's translation into `locale` where there is one
 * (withTranslatedTitles, one query); the rows' links are made already, from the original.
 */
export async function withTranslatedSpaces<Row extends { space: { id: string; title: string } }>(db: Db, rows: Row[], locale: Locale): Promise<Row[]> {
  const spaces = await withTranslatedTitles(db, rows.map((row) => row.space), locale);
  return rows.map((row, i) => {
    const title = spaces[i]?.translatedTitle;
    return title ? { ...row, space: { ...row.space, title } } : row;
  });
}
