/**
 * Trust signals on profiles and host pages (issue #29 point 6, ADR 0254). Browser-safe:
 * the figures' rules and their words, in one place.
 */
import { translatable } from "~/features/i18n/translatable";

export const RESPONSE_WINDOW_DAYS = 90;
/** Fewer answered-or-due conversations than this: no response figures are shown at all. */
export const MIN_RESPONSE_SAMPLE = 3;

export type ResponseFigures = {
  asked: number;
  answeredInDay: number;
  replied: number;
  medianSeconds: number | null;
};

export type TrustSignals = {
  emailVerified: boolean;
  identityVerified: boolean;
  memberSince: string;
  completedAsGuest: number;
  completedAsHost: number;
  /** Percent answered within 24 hours, or null with too little data. */
  responseRate: number | null;
  /** 'within an hour' … 'within a few days', or null with too little data. */
  responseTime: string | null;
};

export const TRUST_TEXT = {
  heading: translatable("Trust"),
  identityVerified: translatable("Identity verified"),
  emailVerified: translatable("E-mail address verified"),
  memberSince: (when: string) => `Member since ${when}`,
  completedAsGuest: (count: number) =>
    `${count} completed ${count === 1 ? "booking" : "bookings"} as a guest`,
  completedAsHost: (count: number) =>
    `${count} completed ${count === 1 ? "booking" : "bookings"} as a host`,
  response: (rate: number, time: string | null) =>
    `${rate}% response rate${time ? ` · Responds ${time}` : ""}`,
  responseRateTile: translatable("Response Rate"),
} as const;

/** The median first reply in words (Airbnb's buckets). */
export function responseTimeText(seconds: number): string {
  const hours = seconds / 3600;
  if (hours <= 1) return translatable("within an hour");
  if (hours <= 6) return translatable("within a few hours");
  if (hours <= 24) return translatable("within a day");
  return translatable("within a few days");
}

/** Rate and time from the counted conversations; nothing below the minimum sample. */
export function responseSignals(
  figures: ResponseFigures | null | undefined,
): Pick<TrustSignals, "responseRate" | "responseTime"> {
  if (!figures || figures.asked < MIN_RESPONSE_SAMPLE)
    return { responseRate: null, responseTime: null };
  return {
    responseRate: Math.round((100 * figures.answeredInDay) / figures.asked),
    responseTime:
      figures.replied > 0 && figures.medianSeconds != null
        ? responseTimeText(Number(figures.medianSeconds))
        : null,
  };
}
