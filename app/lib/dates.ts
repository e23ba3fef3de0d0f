/**
 * Dates as people read them, in a given time zone. Building an Intl.DateTimeFormat
 * costs about a hundred times more than using one, and a page formats dozens of
 * dates (the booking widget's weekly grid alone formats over a hundred per render:
 * it was 39 % of a space page's server time, bench/README.md), so each formatter is
 * built once per locale and options and kept. Options come from code, never from a
 * request, apart from the time zone, which is a listing's or a browser's: the cache
 * is bounded so that cannot grow it without limit. `locale` is a UI language
 * (`useLocale()`: "en" formats as "en-US", ADR 0298) or any BCP 47 tag.
 */
import { intlLocale } from "./locales";

const MAX_FORMATTERS = 500;
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = intlLocale(locale);
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    if (formatters.size >= MAX_FORMATTERS) formatters.delete(formatters.keys().next().value!);
    formatters.set(key, format);
  }
  return format;
}

/** Formats a date (a Date, an ISO string or a timestamp) with a cached formatter. */
export function formatDate(value: Date | string | number, locale: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(locale, options).format(typeof value === "object" ? value : new Date(value));
}
