import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

/**
 * The listing editor's texts that arrive as English strings (ADR 0294): the option labels
 * of app/db/listing-enums.ts, and the listing schema's messages built from a field's label
 * and a limit (`${label} must be at most ${max} characters`), which translatable() cannot
 * hold. The schema keeps its English strings (the server answers and tests use them); the
 * form shows each one through `listingErrorText`, which finds its pattern and writes it
 * again in the page's language.
 */

/** app/db/listing-enums.ts's labels, so the hosting catalog holds them: shown as `_(label)`. */
export const LISTING_OPTION_TEXTS = [
  translatable("Space"),
  translatable("Vehicle"),
  translatable("Equipment"),
  translatable("Service"),
  translatable("Experience"),
  translatable("Available"),
  translatable("Currently Rented"),
  translatable("Under Maintenance"),
  translatable("Flexible"),
  translatable("Moderate"),
  translatable("Strict"),
  translatable("Fixed location"),
  translatable("Mobile (comes to the guest)"),
  translatable("New"),
  translatable("Excellent"),
  translatable("Good"),
  translatable("Fair"),
  translatable("Instant booking"),
  translatable("Request to book"),
  // listing-form.ts's list message for the one required list
  translatable("Amenities are required (separate them with commas)"),
] as const;

/** The labels the schema's messages name, as they appear there (some lowercased). */
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  title: msg`Title`,
  description: msg`Description`,
  "hourly rate": msg`Hourly rate`,
  "daily rate": msg`Daily rate`,
  "weekly rate": msg`Weekly rate`,
  "monthly rate": msg`Monthly rate`,
  "yearly rate": msg`Yearly rate`,
  "deposit amount": msg`Deposit amount`,
  "delivery fee": msg`Delivery fee`,
  capacity: msg`Capacity`,
  amenities: msg`Amenities`,
  "minimum rental duration": msg`Minimum rental duration`,
  "maximum rental duration": msg`Maximum rental duration`,
  "minimum age": msg`Minimum age`,
  "waiver text": msg`Waiver text`,
  brand: msg`Brand`,
  model: msg`Model`,
  year: msg`Year`,
  "safety equipment": msg`Safety equipment`,
  location: msg`Location`,
  country: msg`Country`,
  "street address": msg`Street address`,
  "unit number": msg`Unit number`,
  city: msg`City`,
  state: msg`State`,
  "postal code": msg`Postal code`,
  "meta description": msg`Meta description`,
  keywords: msg`Keywords`,
};

import type { Translate } from "~/features/i18n/translate";

/** The schema's messages with a value, by pattern (listing-form.ts). */
const PATTERNS: Array<[RegExp, (_: Translate, label: string, value: string) => string]> = [
  [/^(.+) is required$/, (_, label) => _(msg`${label} is required`)],
  [/^(.+) must be at most (\d+) characters$/, (_, label, max) => _(msg`${label} must be at most ${max} characters`)],
  [/^(.+) must be a number$/, (_, label) => _(msg`${label} must be a number`)],
  [/^(.+) cannot be negative$/, (_, label) => _(msg`${label} cannot be negative`)],
  [/^(.+) can have at most 2 decimal places$/, (_, label) => _(msg`${label} can have at most 2 decimal places`)],
  [/^(.+) cannot be more than 1,000,000$/, (_, label) => _(msg`${label} cannot be more than 1,000,000`)],
  [/^(.+) must be a whole number$/, (_, label) => _(msg`${label} must be a whole number`)],
  [/^(.+) must be at least (\d+)$/, (_, label, min) => _(msg`${label} must be at least ${min}`)],
  [/^(.+) cannot have decimals in ([A-Z]{3})$/, (_, label, currency) => _(msg`${label} cannot have decimals in ${currency}`)],
  [/^Each (.+) entry must be at most (\d+) characters$/, (_, label, max) => _(msg`Each ${label} entry must be at most ${max} characters`)],
  [/^At most (\d+) images per listing$/, (_, _label, count) => _(msg`At most ${count} images per listing`)],
  [/^At most (\d+) videos per listing$/, (_, _label, count) => _(msg`At most ${count} videos per listing`)],
  [/^At most (\d+) amenities$/, (_, _label, count) => _(msg`At most ${count} amenities`)],
  [/^At most (\d+) safety equipment$/, (_, _label, count) => _(msg`At most ${count} safety equipment`)],
  [/^At most (\d+) keywords$/, (_, _label, count) => _(msg`At most ${count} keywords`)],
];

/**
 * A listing-form error in the page's language: a marked text through `_`, a message of the
 * schema's patterns written again with its translated label, anything else (and English)
 * unchanged.
 */
export function listingErrorText(_: Translate, locale: string, text: string | undefined | null): string | undefined {
  if (!text) return undefined;
  if (locale === "en") return text;
  const direct = _(text);
  if (direct !== text) return direct;
  for (const [pattern, write] of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    if (/^At most/.test(text)) return write(_, "", match[1]!);
    const label = FIELD_LABELS[match[1]!.toLowerCase()];
    if (label) return write(_, _(label), match[2] ?? "");
  }
  return text;
}

/** `listingErrorText` in the current language. */
export function useListingErrorText(): (text: string | undefined | null) => string | undefined {
  const _ = useTranslate();
  const locale = useLocale();
  return (text) => listingErrorText(_, locale, text);
}

/** app/features/admin/moderation-notice.ts's notice in the page's language (English: the same text). */
export function moderationText(
  _: Translate,
  space: { moderationState: "unpublished" | "owner_suspended" | null; moderationReason: string | null },
): string | null {
  if (!space.moderationState) return null;
  const reason = space.moderationReason?.trim() || _(msg`no reason given`);
  return space.moderationState === "unpublished"
    ? _(msg`Unpublished by an administrator. Reason: ${reason}`)
    : _(msg`Hidden while this account is suspended. Reason: ${reason}`);
}
