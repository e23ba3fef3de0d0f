import { msg, plural, select } from "@lingui/core/macro";
import { english, type Translate } from "~/features/i18n/translate";
import { intlLocale } from "~/lib/locales";

/**
 * Why an imported calendar could not be read, as data (issue #31, ADR 0299): the reason and
 * values of a SafeFetchError or CalendarFileError, stored beside the English sentence
 * (calendar_import_feeds.last_error_detail) and said in the viewer's language when the panel
 * is shown. Each sentence's English is the error's own, byte for byte.
 */
export type FeedProblem = { reason: string; values?: Record<string, string | number> };

const RANGE_KEYS: Record<string, string> = {
  loopback: "loopback",
  private: "private",
  "link-local": "linkLocal",
  "carrier-grade NAT": "carrierGradeNat",
  multicast: "multicast",
  unspecified: "unspecified",
};

const FREQUENCIES = new Set(["secondly", "minutely", "hourly", "daily", "weekly", "monthly"]);

/** The sentence for a stored problem in a language, or null for a reason this code does not know (the stored English is shown). */
export function feedProblemText(problem: FeedProblem | null | undefined, _: Translate = english, locale?: string): string | null {
  if (!problem) return null;
  const values = problem.values ?? {};
  const text = (key: string) => String(values[key] ?? "");
  const count = (key: string) => Number(values[key] ?? 0);
  const grouped = (key: string) => count(key).toLocaleString(intlLocale(locale ?? "en"));
  switch (problem.reason) {
    case "not_url":
      return _(msg`That is not a web address.`);
    case "scheme":
      return _(msg`Only http:// and https:// addresses can be fetched.`);
    case "credentials":
      return _(msg`The address may not contain a user name or password.`);
    case "blocked": {
      const host = text("host");
      const address = text("address");
      const range = RANGE_KEYS[text("range")] ?? "other";
      return _(
        msg`${select(range, {
          loopback: `${host} is a loopback address (${address}); only public addresses can be fetched.`,
          private: `${host} is a private address (${address}); only public addresses can be fetched.`,
          linkLocal: `${host} is a link-local address (${address}); only public addresses can be fetched.`,
          carrierGradeNat: `${host} is a carrier-grade NAT address (${address}); only public addresses can be fetched.`,
          multicast: `${host} is a multicast address (${address}); only public addresses can be fetched.`,
          unspecified: `${host} is a unspecified address (${address}); only public addresses can be fetched.`,
          other: `${host} is a non-public address (${address}); only public addresses can be fetched.`,
        })}`,
      );
    }
    case "dns": {
      const host = text("host");
      return _(msg`The name ${host} could not be found.`);
    }
    case "redirects": {
      const max = count("max");
      return _(msg`${plural(max, { one: "The address redirected more than # times.", other: "The address redirected more than # times." })}`);
    }
    case "network": {
      const cause = text("cause");
      const code = text("code");
      return _(
        msg`${select(cause, {
          refused: "The calendar could not be fetched (connection refused).",
          reset: "The calendar could not be fetched (connection reset).",
          unreachable: "The calendar could not be fetched (host unreachable).",
          certificate: "The calendar could not be fetched (its certificate was not accepted).",
          unknown: "The calendar could not be fetched (network error).",
          other: `The calendar could not be fetched (${code}).`,
        })}`,
      );
    }
    case "timeout": {
      const seconds = count("seconds");
      return _(msg`${plural(seconds, { one: "The server did not send the calendar within # seconds.", other: "The server did not send the calendar within # seconds." })}`);
    }
    case "no_location": {
      const status = text("status");
      return _(msg`The server answered ${status} without saying where to.`);
    }
    case "status": {
      const status = text("status");
      return _(msg`The server answered ${status}.`);
    }
    case "status_text": {
      const status = text("status");
      const reason = text("text");
      return _(msg`The server answered ${status} ${reason}.`);
    }
    case "encoding": {
      const encoding = text("encoding");
      return _(msg`The server sent the calendar in an encoding we cannot read (${encoding}).`);
    }
    case "too_large_mb": {
      const size = text("size");
      return _(msg`The calendar is larger than ${size} MB.`);
    }
    case "too_large_bytes": {
      const bytes = count("size");
      const size = text("size");
      return _(msg`${plural(bytes, { one: `The calendar is larger than ${size} bytes.`, other: `The calendar is larger than ${size} bytes.` })}`);
    }
    case "zones": {
      const zones = text("count");
      const max = text("max");
      return _(msg`The calendar defines ${zones} time zones; at most ${max} can be read.`);
    }
    case "zone_frequency": {
      const zone = text("zone");
      const frequency = FREQUENCIES.has(text("frequency")) ? text("frequency") : "other";
      return _(
        msg`${select(frequency, {
          secondly: `The time zone "${zone}" in the calendar changes secondly; a time zone can change at most once a year.`,
          minutely: `The time zone "${zone}" in the calendar changes minutely; a time zone can change at most once a year.`,
          hourly: `The time zone "${zone}" in the calendar changes hourly; a time zone can change at most once a year.`,
          daily: `The time zone "${zone}" in the calendar changes daily; a time zone can change at most once a year.`,
          weekly: `The time zone "${zone}" in the calendar changes weekly; a time zone can change at most once a year.`,
          monthly: `The time zone "${zone}" in the calendar changes monthly; a time zone can change at most once a year.`,
          other: `The time zone "${zone}" in the calendar changes more than once a year; a time zone can change at most once a year.`,
        })}`,
      );
    }
    case "zone_changes": {
      const zone = text("zone");
      const changes = text("count");
      const max = text("max");
      return _(msg`The time zone "${zone}" in the calendar has ${changes} changes; at most ${max} can be read.`);
    }
    case "duration": {
      const event = text("event");
      const days = grouped("days");
      return _(msg`The event "${event}" lasts longer than ${days} days; it cannot be imported.`);
    }
    case "extra_dates": {
      const event = text("event");
      const dates = grouped("count");
      const max = grouped("max");
      return _(msg`The event "${event}" lists ${dates} extra or excluded dates (RDATE, EXDATE); at most ${max} can be read.`);
    }
    case "malformed": {
      // The parser's own words (ical.js), as it gives them.
      const detail = text("detail");
      return _(msg`The calendar file is malformed: ${detail}`);
    }
    case "no_begin":
      return _(msg`This is not an iCalendar (.ics) file: it does not begin with BEGIN:VCALENDAR.`);
    case "no_vcalendar":
      return _(msg`This is not an iCalendar (.ics) file: it has no VCALENDAR.`);
    case "repeats": {
      const max = grouped("max");
      return _(msg`An event repeats too often to be read (more than ${max} repetitions); shorten its RRULE.`);
    }
    case "too_slow":
      return _(msg`The calendar takes too long to read (its repeating events are too many).`);
    case "unknown_zone": {
      const zone = text("zone");
      return _(msg`The calendar uses a time zone we do not know: "${zone}".`);
    }
    case "events": {
      const max = grouped("max");
      return _(msg`The calendar has more than ${max} events in the next two years; at most that many can be imported.`);
    }
    default:
      return null;
  }
}
