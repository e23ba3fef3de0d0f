import type { I18n, MessageDescriptor } from "@lingui/core";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema/auth";
import { timeInZone, formatInZone } from "~/features/bookings/booking-widget-rules";
import { i18nFor, loadAllCatalogs } from "~/features/i18n/i18n";
import { loadListingTranslation } from "~/features/listings/listing-translations.server";
import type { Db, Tx } from "~/lib/db.server";
import { formatDate } from "~/lib/dates";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/lib/locales";
import { formatMinor, minorToDecimalText, minorUnitDigits } from "~/lib/money";

/**
 * The language of an e-mail (ADR 0296): the recipient's saved language
 * (`users.preferred_language`), read when the e-mail is rendered (in the transaction that
 * queues it); English when they have none, or for an address with no account.
 */
export async function recipientLocale(tx: Db | Tx, userId: string | null | undefined): Promise<Locale> {
  if (!userId) return DEFAULT_LOCALE;
  const [row] = await tx.select({ language: users.preferredLanguage }).from(users).where(eq(users.id, userId));
  return isLocale(row?.language) ? row.language : DEFAULT_LOCALE;
}

/** What an e-mail in one language needs: its texts, dates in a listing's zone, and money, by the locale (Intl). */
export type MailLanguage = {
  locale: Locale;
  i18n: I18n;
  /** A text in the recipient's language. */
  t: (message: MessageDescriptor) => string;
  /** "Wed 9 Dec, 14:00" in the zone (English as before: en-GB's day and 24-hour time). */
  at: (iso: string, timeZone: string) => string;
  /** "Wed 9 Dec, 14:00 – 16:00", with both dates when the range spans days, in the zone. */
  range: (start: string, end: string, timeZone: string) => string;
  /** "$120.50" in English; "120,50 US$" in Spanish. */
  money: (minor: number, currency: string) => string;
};

const DATE_TIME: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
const DAY: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" };
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

export async function mailLanguage(locale: Locale): Promise<MailLanguage> {
  await loadAllCatalogs(locale);
  const i18n = i18nFor(locale);
  if (locale === DEFAULT_LOCALE) {
    // English keeps the exact texts it always had (the booking pages' formats).
    return {
      locale,
      i18n,
      t: (message) => i18n._(message),
      at: (iso, timeZone) => formatInZone(iso, timeZone),
      range: (start, end, timeZone) => {
        const day = (iso: string) => formatInZone(iso, timeZone, { hour: undefined, minute: undefined });
        return day(start) === day(end) ? `${formatInZone(start, timeZone)} – ${timeInZone(end, timeZone)}` : `${formatInZone(start, timeZone)} – ${formatInZone(end, timeZone)}`;
      },
      money: formatMinor,
    };
  }
  const at = (iso: string, timeZone: string) => formatDate(iso, locale, { ...DATE_TIME, timeZone });
  return {
    locale,
    i18n,
    t: (message) => i18n._(message),
    at,
    range: (start, end, timeZone) => {
      const day = (iso: string) => formatDate(iso, locale, { ...DAY, timeZone });
      return day(start) === day(end) ? `${at(start, timeZone)} – ${formatDate(end, locale, { ...TIME, timeZone })}` : `${at(start, timeZone)} – ${at(end, timeZone)}`;
    },
    money: (minor, currency) => {
      const digits = minorUnitDigits(currency);
      return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
        minorToDecimalText(minor, currency) as Intl.StringNumericLiteral,
      );
    },
  };
}

/**
 * A listing's title as an e-mail in `locale` names it (issue #31 point 5, ADR 0295): the
 * host's translation into that language when there is one, else the host's own title.
 * Read when the e-mail is rendered, as its language is.
 */
export async function listingTitleIn(tx: Db | Tx, space: { id: string; title: string }, locale: Locale): Promise<string> {
  return (await loadListingTranslation(tx, space.id, locale))?.title ?? space.title;
}

/** The recipient's language, loaded: `mailLanguage(await recipientLocale(tx, userId))`. */
export async function recipientLanguage(tx: Db | Tx, userId: string | null | undefined): Promise<MailLanguage> {
  return mailLanguage(await recipientLocale(tx, userId));
}
