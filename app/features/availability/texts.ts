import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { Translate } from "./host-calendar-view";
import type { WEEKDAYS } from "./schedule";

/** schedule.ts's weekday names, in the page's language: `_(WEEKDAY_LABELS[day])`. */
export const WEEKDAY_LABELS: Record<(typeof WEEKDAYS)[number], MessageDescriptor> = {
  Monday: msg`Monday`,
  Tuesday: msg`Tuesday`,
  Wednesday: msg`Wednesday`,
  Thursday: msg`Thursday`,
  Friday: msg`Friday`,
  Saturday: msg`Saturday`,
  Sunday: msg`Sunday`,
};

/** schedule.ts's `durationWords` ("2 hours", "1 day") in the page's language. */
export function durationText(_: Translate, minutes: number): string {
  if (minutes % 1440 === 0) {
    const days = minutes / 1440;
    return _(msg`${plural(days, { one: "# day", other: "# days" })}`);
  }
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return _(msg`${plural(hours, { one: "# hour", other: "# hours" })}`);
  }
  return _(msg`${plural(minutes, { one: "# minute", other: "# minutes" })}`);
}
