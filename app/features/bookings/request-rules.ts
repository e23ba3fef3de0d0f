/**
 * Request to book (issue #28 point 1, ADR 0280): the rules and texts both sides share.
 * Browser-safe: the widget checks the message as the server does, the dashboard counts
 * down with `expiresInText`.
 */
import { translatable } from "~/features/i18n/translatable";

export const REQUEST_MESSAGE_MAX = 1000;

export const REQUEST_TEXT = {
  messageRequired: translatable("Write a message to the host with your request"),
  messageTooLong: translatable("Your message can be at most 1000 characters"),
  expired: translatable("This request has expired."),
  answered: translatable("This request was already answered."),
  notFound: translatable("Request not found"),
  reasonTooLong: translatable("The reason can be at most 500 characters"),
  button: translatable("Request to book"),
  widgetNote: translatable("Your card is authorised now and charged only if the host accepts."),
  waiting: translatable("Request sent — waiting for the host"),
  accepted: translatable("The host accepted your request: your booking is confirmed."),
  declined: translatable("The host declined this request. Your card was not charged: the authorisation is released."),
  expiredGuest: translatable("The host did not answer in time. Your card was not charged: the authorisation is released."),
  withdrawn: translatable("You withdrew this request. Your card was not charged: the authorisation is released."),
  capturing: translatable("Accepted — the payment is being taken; the booking is confirmed as soon as it goes through."),
} as const;

export const REASON_MAX = 500;

/** The guest's message: trimmed, 1..1000 characters. */
export function requestMessageProblem(value: unknown): { ok: true; text: string } | { ok: false; error: string } {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return { ok: false, error: REQUEST_TEXT.messageRequired };
  if (text.length > REQUEST_MESSAGE_MAX) return { ok: false, error: REQUEST_TEXT.messageTooLong };
  return { ok: true, text };
}

/** "Expires in 5 h 12 min" (minutes rounded up; "Expires in less than a minute" at the end; "Expired" after). */
export function expiresInText(expiresAt: Date | string, now: Date): string {
  const left = timeLeft(expiresAt, now);
  if (left === "expired") return "Expired";
  if (left === "moments") return "Expires in less than a minute";
  const { days, hours, minutes } = left;
  const parts = [days ? `${days} d` : "", hours ? `${hours} h` : "", minutes ? `${minutes} min` : ""].filter(Boolean);
  return `Expires in ${parts.join(" ")}`;
}

/** The time a request has left, in whole days, hours and minutes (rounded up), as `expiresInText` and its translations say it. */
export function timeLeft(expiresAt: Date | string, now: Date): "expired" | "moments" | { days: number; hours: number; minutes: number } {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (ms <= 0) return "expired";
  const total = Math.ceil(ms / 60_000);
  if (total < 1) return "moments";
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

/** When a request authorised at `authorisedAt` expires: the earliest of the response window and the booking's start. */
export function requestExpiry(authorisedAt: Date, start: Date, responseHours: number): Date {
  return new Date(Math.min(authorisedAt.getTime() + responseHours * 3_600_000, start.getTime()));
}
