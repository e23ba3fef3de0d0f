import { and, eq, inArray } from "drizzle-orm";
import { spaces } from "~/db/schema/listings";
import {
  bookingWidgetFor,
  busyRanges,
} from "~/features/bookings/availability.server";
import {
  SLOT_BOOKED,
  slotOptions,
  type Availability,
} from "~/features/bookings/booking-widget-rules";
import { addDays, zonedInstant } from "~/features/bookings/slots";
import type { Db } from "~/lib/db.server";
import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { english, type Translate } from "~/features/i18n/translate";
import { z } from "~/lib/zod";
import { MAX_AVAILABILITY_DAYS, WISHLIST_TEXT } from "./wishlist-text";

/**
 * A wishlist's listings for the dates a guest picks (issue #27 point 5): for each, whether
 * the booking widget would offer a start on those dates. It asks the widget's own
 * rules (`slotOptions`: opening hours, dated hours, notice, how far ahead, buffers,
 * units and seats) over the busy ranges the widget reads (`busyRanges`), so the list
 * never says "free" for a time the widget would refuse.
 */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, WISHLIST_TEXT.datesInvalid)
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    WISHLIST_TEXT.datesInvalid,
  );

export type DateChoice = { from: string; to: string };

/** `from` and `to` (optional, defaults to `from`) from a query string: a clear message for anything odd. */
export function parseDateChoice(
  params: URLSearchParams,
  now: Date,
): { ok: true; dates: DateChoice | null } | { ok: false; error: string } {
  const rawFrom = params.get("from")?.trim() ?? "";
  const rawTo = params.get("to")?.trim() ?? "";
  if (!rawFrom && !rawTo) return { ok: true, dates: null };
  const from = isoDate.safeParse(rawFrom || rawTo);
  const to = isoDate.safeParse(rawTo || rawFrom);
  if (!from.success || !to.success)
    return { ok: false, error: WISHLIST_TEXT.datesInvalid };
  if (to.data < from.data)
    return { ok: false, error: WISHLIST_TEXT.datesInverted };
  // "Today" anywhere on Earth: a day either side of UTC.
  const today = now.toISOString().slice(0, 10);
  if (from.data < addDays(today, -1))
    return { ok: false, error: WISHLIST_TEXT.datesPast };
  if (from.data > addDays(today, 366))
    return { ok: false, error: WISHLIST_TEXT.datesTooFar };
  if (addDays(from.data, MAX_AVAILABILITY_DAYS - 1) < to.data)
    return { ok: false, error: WISHLIST_TEXT.datesTooLong };
  return { ok: true, dates: { from: from.data, to: to.data } };
}

export type AvailabilityNote = {
  state: "free" | "taken" | "closed" | "unbookable";
  text: string;
  start?: string;
};

/** The most listings of one list whose availability is worked out per request (a list shows at most this many with dates). */
export const AVAILABILITY_LIMIT = 60;

const NOT_BOOKABLE = translatable("Not bookable online");
const BOOKED = translatable("Booked on these dates");
const CLOSED = translatable("Closed on these dates");
const FREE = translatable("Free for these dates");

/** `language` and `locale`: the page's, for the notes that carry a day (the others are `translatable` texts). */
export async function wishlistAvailability(
  db: Db,
  input: {
    spaceIds: string[];
    dates: DateChoice;
    viewerId: string | null;
    now: Date;
    language?: Translate;
    locale?: string;
  },
): Promise<Record<string, AvailabilityNote>> {
  const ids = input.spaceIds.slice(0, AVAILABILITY_LIMIT);
  if (ids.length === 0) return {};
  const rows = await db
    .select()
    .from(spaces)
    .where(and(inArray(spaces.id, ids), eq(spaces.isPublished, true)));
  const notes: Record<string, AvailabilityNote> = {};
  for (const space of rows) notes[space.id] = await noteFor(db, space, input);
  return notes;
}

async function noteFor(
  db: Db,
  space: typeof spaces.$inferSelect,
  input: {
    dates: DateChoice;
    viewerId: string | null;
    now: Date;
    language?: Translate;
    locale?: string;
  },
): Promise<AvailabilityNote> {
  const _ = input.language ?? english;
  const widget = bookingWidgetFor(space, input.viewerId);
  if (!widget || !widget.bookable || widget.units.length === 0)
    return { state: "unbookable", text: NOT_BOOKABLE };
  const { from, to } = input.dates;
  const zone = widget.timeZone;
  const busy = await busyRanges(db, {
    spaceId: space.id,
    from: zonedInstant(addDays(from, -1), 0, zone),
    to: zonedInstant(addDays(to, 2), 0, zone),
    now: input.now,
  });
  if (!busy.ok) return { state: "unbookable", text: NOT_BOOKABLE };
  const availability: Availability = {
    schedule: { ...widget.schedule, dated: busy.dated },
    capacity: widget.capacity,
    busy: busy.busy,
  };
  const hourly = widget.units.find((unit) => unit.unit === "hour");
  if (hourly) {
    let open = false;
    for (let date = from; date <= to; date = addDays(date, 1)) {
      const options = slotOptions(
        date,
        availability,
        "hour",
        Math.max(1, widget.durationLimits.hour.min),
        1,
        input.now,
      );
      if (options.length > 0) open = true;
      const first = options.find((option) => !option.disabled);
      if (first) {
        const time = first.label;
        const day = dayText(date, zone, input.locale);
        return {
          state: "free",
          text: _(msg`Free from ${time} on ${day}`),
          start: first.start,
        };
      }
    }
    return open
      ? { state: "taken", text: BOOKED }
      : { state: "closed", text: CLOSED };
  }
  // By the day or longer: the whole stay from the first date, in the listing's smallest unit.
  const unit = widget.units[0]!.unit;
  const days =
    Math.round(
      (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) /
        86_400_000,
    ) + 1;
  const perUnit = { hour: 1 / 24, day: 1, week: 7, month: 30 }[unit];
  const limits = widget.durationLimits[unit];
  const quantity = Math.min(
    limits.max,
    Math.max(limits.min, Math.ceil(days / perUnit)),
  );
  const options = slotOptions(from, availability, unit, quantity, 1, input.now);
  if (options.length === 0) return { state: "closed", text: CLOSED };
  const first = options.find((option) => !option.disabled);
  if (first) return { state: "free", text: FREE, start: first.start };
  return {
    state: "taken",
    text:
      options[0]?.reason === SLOT_BOOKED
        ? "Booked on these dates"
        : (options[0]?.reason ?? BOOKED),
  };
}

function dayText(date: string, timeZone: string, locale = "en-US"): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone,
  }).format(new Date(zonedInstant(date, 12, timeZone)));
}
