import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { createHash } from "node:crypto";
import { zonedInstant } from "~/features/bookings/slots";

/**
 * Reading an imported calendar (issue #26 point 6, ADR 0203) with ical.js: events,
 * recurring events expanded (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides), time zones
 * from the file's VTIMEZONE blocks, or by IANA name when a file names one without
 * defining it. Only what can still be booked matters: occurrences that end after `now`
 * and start within the next two years. A hostile file ends in a CalendarFileError with a
 * sentence for the host, never in a long loop: every recurrence step counts against one
 * budget per file, and time-zone rules that change more than once a year are refused
 * before ical.js expands them.
 */

export const IMPORT_LIMITS = {
  /** Occurrences kept per calendar (a busy Airbnb listing has a few hundred). */
  maxEvents: 5_000,
  /** Recurrence steps per calendar, kept or not. */
  maxSteps: 100_000,
  horizonDays: 731,
  maxZones: 50,
  maxZoneRules: 500,
  /** RDATE and EXDATE values per event. */
  maxExtraDates: 1_000,
  /** The longest DURATION read (a longer one is worked out by ical.js one day at a time). */
  maxDurationDays: 1_100,
  /** Wall-clock budget of one parse (it gives the event loop back every few thousand steps, so a slow one delays no request). */
  budgetMs: 10_000,
} as const;

export type ImportedEvent = {
  uid: string;
  /** The occurrence's original start for a recurring event ('' for a single one). */
  recurrenceId: string;
  start: Date;
  end: Date;
  allDay: boolean;
  summary: string | null;
};

export type ParsedCalendar = { name: string | null; events: ImportedEvent[] };

/** What a refusal's English sentence says, as data, for the viewer's language (issue #31, ADR 0299). */
export type CalendarFileDetail = { reason: string; values?: Record<string, string | number> };

export class CalendarFileError extends Error {
  constructor(
    message: string,
    readonly detail: CalendarFileDetail,
  ) {
    super(message);
    this.name = "CalendarFileError";
  }
}

export type ParseOptions = {
  /** The listing's zone: floating times and all-day dates are read in it. */
  timeZone: string;
  /** "HH:00": an all-day event runs from check-in on its first day to check-out on its last (nights, as Airbnb means them). */
  checkInTime?: string | null;
  checkOutTime?: string | null;
  now: Date;
  limits?: Partial<typeof IMPORT_LIMITS>;
};

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");
const dayKey = (date: Date) => date.getUTCFullYear() * 10_000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function isIanaZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return short(message.replace(/\s+/g, " ").trim() || "unreadable", 160);
}

/** Refuses time-zone definitions that ical.js would expand without end (a rule more frequent than yearly). */
function checkZones(root: ICAL.Component, limits: typeof IMPORT_LIMITS) {
  const zones = root.getAllSubcomponents("vtimezone");
  if (zones.length > limits.maxZones) throw new CalendarFileError(`The calendar defines ${zones.length} time zones; at most ${limits.maxZones} can be read.`, { reason: "zones", values: { count: zones.length, max: limits.maxZones } });
  for (const zone of zones) {
    const tzid = String(zone.getFirstPropertyValue("tzid") ?? "");
    const rules = zone.getAllSubcomponents();
    let dates = 0;
    for (const rule of rules) {
      const recur = rule.getFirstPropertyValue("rrule") as ICAL.Recur | null;
      if (recur && recur.freq !== "YEARLY") {
        throw new CalendarFileError(`The time zone "${short(tzid, 60)}" in the calendar changes ${recur.freq.toLowerCase()}; a time zone can change at most once a year.`, {
          reason: "zone_frequency",
          values: { zone: short(tzid, 60), frequency: recur.freq.toLowerCase() },
        });
      }
      dates += rule.getAllProperties("rdate").reduce((sum, property) => sum + property.getValues().length, 0) + 1;
    }
    if (dates > limits.maxZoneRules) throw new CalendarFileError(`The time zone "${short(tzid, 60)}" in the calendar has ${dates} changes; at most ${limits.maxZoneRules} can be read.`, {
        reason: "zone_changes",
        values: { zone: short(tzid, 60), count: dates, max: limits.maxZoneRules },
      });
  }
}

/**
 * Refuses an event that ical.js would take seconds over: a DURATION of centuries (its
 * end is worked out day by day) or thousands of RDATE/EXDATE values (each step of the
 * expansion walks them).
 */
function checkEventSize(component: ICAL.Component, uid: string, limits: typeof IMPORT_LIMITS) {
  const name = short(uid, 60);
  try {
    const duration = component.getFirstPropertyValue("duration") as ICAL.Duration | null;
    if (duration && Math.abs(duration.toSeconds()) > limits.maxDurationDays * DAY_MS / 1000) {
      throw new CalendarFileError(`The event "${name}" lasts longer than ${limits.maxDurationDays.toLocaleString("en-US")} days; it cannot be imported.`, { reason: "duration", values: { event: name, days: limits.maxDurationDays } });
    }
  } catch (error) {
    if (error instanceof CalendarFileError) throw error;
    throw new CalendarFileError(`The calendar file is malformed: ${reason(error)}`, { reason: "malformed", values: { detail: reason(error) } });
  }
  const dates = ["rdate", "exdate"].reduce((sum, property) => sum + component.getAllProperties(property).reduce((n, p) => n + p.getValues().length, 0), 0);
  if (dates > limits.maxExtraDates) {
    throw new CalendarFileError(`The event "${name}" lists ${dates.toLocaleString("en-US")} extra or excluded dates (RDATE, EXDATE); at most ${limits.maxExtraDates.toLocaleString("en-US")} can be read.`, {
      reason: "extra_dates",
      values: { event: name, count: dates, max: limits.maxExtraDates },
    });
  }
}

/** Parses an .ics file into the occurrences that matter from `now` on; throws CalendarFileError. */
export async function parseCalendarFile(text: string, options: ParseOptions): Promise<ParsedCalendar> {
  const limits = { ...IMPORT_LIMITS, ...options.limits };
  const started = Date.now();
  const body = text.replace(/^\uFEFF/, "");
  if (!/^\s*BEGIN:VCALENDAR/i.test(body)) throw new CalendarFileError("This is not an iCalendar (.ics) file: it does not begin with BEGIN:VCALENDAR.", { reason: "no_begin" });
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(body) as unknown[];
    // Several calendars in one file: the first is read.
    const first = Array.isArray(parsed[0]) ? parsed[0] : parsed;
    root = new ICAL.Component(first as never);
  } catch (error) {
    throw new CalendarFileError(`The calendar file is malformed: ${reason(error)}`, { reason: "malformed", values: { detail: reason(error) } });
  }
  if (root.name !== "vcalendar") throw new CalendarFileError("This is not an iCalendar (.ics) file: it has no VCALENDAR.", { reason: "no_vcalendar" });
  checkZones(root, limits);

  const nameValue = root.getFirstPropertyValue("x-wr-calname");
  const name = typeof nameValue === "string" && nameValue.trim() ? short(nameValue.trim(), 200) : null;
  const windowStart = options.now.getTime();
  const windowEnd = windowStart + limits.horizonDays * DAY_MS;
  const events: ImportedEvent[] = [];
  const keys = new Set<string>();
  let steps = 0;

  /** Counts one step; true every 2 048 steps, when the clock is checked and other work may run (`await pause()`). */
  const spend = () => {
    steps += 1;
    if (steps > limits.maxSteps) throw new CalendarFileError(`An event repeats too often to be read (more than ${limits.maxSteps.toLocaleString("en-US")} repetitions); shorten its RRULE.`, { reason: "repeats", values: { max: limits.maxSteps } });
    if (steps % 2_048 !== 0) return false;
    if (Date.now() - started > limits.budgetMs) throw new CalendarFileError("The calendar takes too long to read (its repeating events are too many).", { reason: "too_slow" });
    return true;
  };
  const pause = () => new Promise((resolve) => setImmediate(resolve));

  /** The zone a wall-clock time of `component`'s dates is read in, for times no VTIMEZONE of the file defines. */
  const floatingZoneOf = (component: ICAL.Component): string => {
    const tzid = component.getFirstProperty("dtstart")?.getParameter("tzid");
    if (typeof tzid !== "string" || !tzid) return options.timeZone;
    if (root.getTimeZoneByID(tzid)) return options.timeZone; // defined in the file: ical.js reads it
    if (isIanaZone(tzid)) return tzid;
    throw new CalendarFileError(`The calendar uses a time zone we do not know: "${short(tzid, 60)}".`, { reason: "unknown_zone", values: { zone: short(tzid, 60) } });
  };

  const instant = (time: ICAL.Time, zone: string, role: "start" | "end"): number => {
    if (time.isDate) {
      const hourText = role === "start" ? options.checkInTime : options.checkOutTime;
      const hour = options.checkInTime && options.checkOutTime && hourText ? Number(hourText.slice(0, 2)) : 0;
      return Date.parse(zonedInstant(`${time.year}-${pad(time.month)}-${pad(time.day)}`, hour, zone));
    }
    const tzid = time.zone?.tzid;
    if (tzid && tzid !== "floating") return time.toUnixTime() * 1000;
    return new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, 0, zone).getTime();
  };

  const cancelled = (component: ICAL.Component) => {
    const status = component.getFirstPropertyValue("status");
    const transp = component.getFirstPropertyValue("transp");
    return (typeof status === "string" && status.toUpperCase() === "CANCELLED") || (typeof transp === "string" && transp.toUpperCase() === "TRANSPARENT");
  };

  const keep = (component: ICAL.Component, uid: string, recurrenceId: string, start: ICAL.Time, end: ICAL.Time, zone: string, summary: unknown) => {
    if (cancelled(component)) return;
    const startMs = instant(start, zone, "start");
    const endMs = instant(end, zone, "end");
    if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || endMs <= startMs) return;
    if (endMs <= windowStart || startMs >= windowEnd) return;
    let key = recurrenceId;
    if (keys.has(`${uid}\u0000${key}`)) key = `${recurrenceId}#${new Date(startMs).toISOString()}`;
    if (keys.has(`${uid}\u0000${key}`)) return; // the very same event twice
    keys.add(`${uid}\u0000${key}`);
    if (events.length >= limits.maxEvents) throw new CalendarFileError(`The calendar has more than ${limits.maxEvents.toLocaleString("en-US")} events in the next two years; at most that many can be imported.`, { reason: "events", values: { max: limits.maxEvents } });
    events.push({
      uid,
      recurrenceId: key,
      start: new Date(startMs),
      end: new Date(endMs),
      allDay: start.isDate,
      summary: typeof summary === "string" && summary.trim() ? short(summary.trim(), 200) : null,
    });
  };

  const uidOf = (component: ICAL.Component): string => {
    const raw = component.getFirstPropertyValue("uid");
    const uid = typeof raw === "string" ? raw.trim() : "";
    if (uid && uid.length <= 500) return uid;
    const seed = uid || `${component.getFirstProperty("dtstart")?.toICALString() ?? ""}|${String(component.getFirstPropertyValue("summary") ?? "")}`;
    return `sha256:${createHash("sha256").update(seed).digest("hex")}`;
  };

  const vevents = root.getAllSubcomponents("vevent");
  const masters = new Map<string, ICAL.Component>();
  const overrides = new Map<string, ICAL.Component[]>();
  for (const component of vevents) {
    if (!component.hasProperty("dtstart")) continue; // not an event anything could block
    const uid = uidOf(component);
    checkEventSize(component, uid, limits);
    if (component.hasProperty("recurrence-id")) overrides.set(uid, [...(overrides.get(uid) ?? []), component]);
    else if (!masters.has(uid)) masters.set(uid, component);
    else masters.set(`${uid}\u0000${masters.size}`, component); // a second event under one UID: kept apart
  }

  try {
    for (const [key, component] of masters) {
      const uid = key.split("\u0000")[0]!;
      const zone = floatingZoneOf(component);
      // Its own overrides only (without the option ical.js scans every event of the file for them, whatever their UID).
      const event = new ICAL.Event(component, { exceptions: overrides.get(uid) ?? [] });
      overrides.delete(uid);
      if (!event.isRecurring()) {
        if (spend()) await pause();
        keep(component, uid, "", event.startDate, event.endDate, zone, event.summary);
        continue;
      }
      // Occurrences that ended well before now are stepped over without being read
      // (unless an override moved them): a daily event since 1950 costs little.
      const reach = Math.ceil(event.duration.toSeconds() / 86_400) + 2;
      const cutoff = dayKey(new Date(windowStart - reach * DAY_MS));
      const iterator = event.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        if (spend()) await pause();
        if (next.year * 10_000 + next.month * 100 + next.day < cutoff && !(next.toString() in event.exceptions)) continue;
        const details = event.getOccurrenceDetails(next);
        if (instant(details.startDate, zone, "start") >= windowEnd) break;
        const item = details.item.component;
        keep(item, uid, details.recurrenceId.toString(), details.startDate, details.endDate, item === component ? zone : floatingZoneOf(item), details.item.summary);
      }
    }
    // Overrides whose recurring event is not in the file stand alone.
    for (const [uid, list] of overrides) {
      for (const component of list) {
        if (spend()) await pause();
        const event = new ICAL.Event(component, { exceptions: [] });
        const recurrence = component.getFirstPropertyValue("recurrence-id") as ICAL.Time | null;
        keep(component, uid, recurrence ? recurrence.toString() : "", event.startDate, event.endDate, floatingZoneOf(component), event.summary);
      }
    }
  } catch (error) {
    if (error instanceof CalendarFileError) throw error;
    throw new CalendarFileError(`The calendar file is malformed: ${reason(error)}`, { reason: "malformed", values: { detail: reason(error) } });
  }
  events.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { name, events };
}
