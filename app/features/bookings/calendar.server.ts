import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { createEvent } from "ics";
import { localParts } from "./slots";

/**
 * The .ics file of a confirmed booking (issue #12 item 7), built with the `ics`
 * library. Start and end are UTC instants (unambiguous in every calendar app); the
 * description repeats them in the listing's time zone, in the guest's language when `i18n`
 * (loaded) is given (ADR 0296), else in English.
 */
export function bookingCalendarFile(input: {
  bookingId: string;
  title: string;
  address: string;
  startTime: Date;
  endTime: Date;
  timeZone: string;
  url: string;
  i18n?: I18n;
}): string {
  const local = (date: Date) => {
    const { date: day, hour, minute } = localParts(date, input.timeZone);
    return `${day} ${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  };
  const { error, value } = createEvent({
    uid: `${input.bookingId}@rentwell`,
    productId: "rentwell/bookings",
    title: input.title,
    location: input.address,
    url: input.url,
    description: `${describe(input.i18n, local(input.startTime), local(input.endTime), input.timeZone)}\n${input.url}`,
    start: input.startTime.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: input.endTime.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    status: "CONFIRMED",
  });
  if (error || !value) throw error ?? new Error("Could not build the calendar file");
  return value;
}

function describe(i18n: I18n | undefined, start: string, end: string, zone: string): string {
  const text = msg`Your Rentwell booking: ${start} to ${end} (${zone}).`;
  return i18n ? i18n._(text) : `Your Rentwell booking: ${start} to ${end} (${zone}).`;
}
