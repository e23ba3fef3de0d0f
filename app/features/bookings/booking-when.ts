import { dateTimeFormat } from "~/lib/dates";

/**
 * "Tue, 25 Nov 2026, 14:00 – 16:00 (America/New York)" in the listing's zone; in the page's
 * language when `locale` is given (English keeps its day-first "en-GB" dates).
 */
export function bookingWhen(row: { startTime: string; endTime: string; timeZone: string }, locale?: string) {
  const intlLocale = !locale || locale === "en" ? "en-GB" : locale;
  const day = dateTimeFormat(intlLocale, { timeZone: row.timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric" });
  const time = dateTimeFormat(intlLocale, { timeZone: row.timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const start = new Date(row.startTime);
  const end = new Date(row.endTime);
  const sameDay = day.format(start) === day.format(end);
  const text = sameDay
    ? `${day.format(start)}, ${time.format(start)} – ${time.format(end)}`
    : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
  return `${text} (${row.timeZone.replace(/_/g, " ")})`;
}
