import { msg, plural } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { Translate } from "~/features/i18n/translate";
import type { WeeklyHours } from "~/db/opening-hours";
import { sortedDay, type ScheduleColumns } from "./schedule";
import { durationText } from "./texts";

/**
 * The space page's "Opening hours" in the page's language (issues #26, #31): the week in
 * words and the rules a guest meets (check-in and check-out, notice, buffers, units or
 * seats), through the loader's translator.
 */
const WEEKDAYS: MessageDescriptor[] = [msg`Mon`, msg`Tue`, msg`Wed`, msg`Thu`, msg`Fri`, msg`Sat`, msg`Sun`];

function advanceIn(days: number, _: Translate): string {
  if (days % 365 === 0) {
    const years = days / 365;
    return years === 1 ? _(msg`12 months`) : _(msg`${plural(years, { one: "# year", other: "# years" })}`);
  }
  if (days % 30 === 0) {
    const months = days / 30;
    return _(msg`${plural(months, { one: "# month", other: "# months" })}`);
  }
  return _(msg`${plural(days, { one: "# day", other: "# days" })}`);
}

/** "Mon–Fri 08:00–18:00", "Sun closed", "Every day 09:00–21:00": consecutive days with the same hours share one entry. */
export function hoursInLanguage(weekly: WeeklyHours, _: Translate): string[] {
  const text = weekly.map((ranges) => (ranges.length === 0 ? null : sortedDay(ranges).map((r) => `${r.start}–${r.end}`).join(", ")));
  const entries: string[] = [];
  for (let i = 0; i < 7; ) {
    let j = i;
    while (j + 1 < 7 && text[j + 1] === text[i]) j++;
    const hours = text[i] ?? null;
    if (i === 0 && j === 6) entries.push(hours === null ? _(msg`Every day closed`) : _(msg`Every day ${hours}`));
    else {
      const days = i === j ? _(WEEKDAYS[i]!) : `${_(WEEKDAYS[i]!)}–${_(WEEKDAYS[j]!)}`;
      entries.push(hours === null ? _(msg`${days} closed`) : _(msg`${days} ${hours}`));
    }
    i = j + 1;
  }
  return entries;
}

type Listing = ScheduleColumns & { quantity: number; rentalType: string };

/** The week and the rules a guest meets, in the translator's language. */
export function scheduleInLanguage(space: Listing, _: Translate): { hours: string[]; rules: string[] } {
  const rules: string[] = [];
  const { checkInTime: checkIn, checkOutTime: checkOut } = space;
  if (checkIn && checkOut) rules.push(_(msg`Check-in ${checkIn} · check-out ${checkOut} for rentals by the day`));
  if (space.minNoticeMinutes > 0) {
    const notice = durationText(_, space.minNoticeMinutes);
    rules.push(_(msg`Book at least ${notice} ahead`));
  }
  if (space.maxAdvanceDays !== 365) {
    const advance = advanceIn(space.maxAdvanceDays, _);
    rules.push(_(msg`Bookable up to ${advance} ahead`));
  }
  const before = space.bufferBeforeMinutes > 0 ? durationText(_, space.bufferBeforeMinutes) : null;
  const after = space.bufferAfterMinutes > 0 ? durationText(_, space.bufferAfterMinutes) : null;
  if (before && space.bufferBeforeMinutes === space.bufferAfterMinutes) rules.push(_(msg`${before} kept free before and after each booking`));
  else {
    if (before) rules.push(_(msg`${before} kept free before each booking`));
    if (after) rules.push(_(msg`${after} kept free after each booking`));
  }
  if (space.quantity > 1) {
    const count = space.quantity;
    rules.push(
      space.rentalType === "experience"
        ? _(msg`${plural(count, { one: "# seat available at one time", other: "# seats available at one time" })}`)
        : _(msg`${plural(count, { one: "# unit available at one time", other: "# units available at one time" })}`),
    );
  }
  return { hours: hoursInLanguage(space.openingHours, _), rules };
}
