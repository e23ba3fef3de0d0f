import { formatDate } from "~/lib/dates";

/** "25 Nov 2026, 14:03 UTC": the same text on the server and in the browser. */
export function messageTime(iso: string): string {
  const date = new Date(iso);
  const day = formatDate(date, "en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });
  const time = formatDate(date, "en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${day}, ${time} UTC`;
}

/** "1 unread message", "3 unread messages". */
export function unreadText(count: number): string {
  return `${count} unread message${count === 1 ? "" : "s"}`;
}
