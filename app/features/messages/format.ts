import { msg, plural } from "@lingui/core/macro";
import type { Translate } from "~/features/i18n/translate";
import { formatDate } from "~/lib/dates";

/**
 * "25 Nov 2026, 14:03 UTC": the same text on the server and in the browser. In another
 * language the page's locale writes the date and time ("25 nov 2026, 14:03 UTC").
 */
export function messageTime(iso: string, locale = "en"): string {
  const date = new Date(iso);
  if (locale !== "en") {
    return `${formatDate(date, locale, { timeZone: "UTC", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })} UTC`;
  }
  const day = formatDate(date, "en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });
  const time = formatDate(date, "en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${day}, ${time} UTC`;
}

/** "1 unread message", "3 unread messages". */
export function unreadText(count: number, _: Translate): string {
  return _(msg`${plural(count, { one: "# unread message", other: "# unread messages" })}`);
}
