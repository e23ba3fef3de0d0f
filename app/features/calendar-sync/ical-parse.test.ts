import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CalendarFileError, parseCalendarFile, type ParsedCalendar } from "./ical-parse";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/calendars", name), "utf8");
const now = new Date("2027-01-01T00:00:00Z");
const iso = (events: { start: Date; end: Date }[]) => events.map((e) => [e.start.toISOString(), e.end.toISOString()]);

function wrap(body: string, head = "") {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", head, body, "END:VCALENDAR"].filter(Boolean).join("\r\n");
}

async function refusal(text: string, options: Partial<Parameters<typeof parseCalendarFile>[1]> = {}): Promise<string> {
  try {
    await parseCalendarFile(text, { timeZone: "UTC", now, ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(CalendarFileError);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

describe("Google Calendar export", () => {
  let parsed: ParsedCalendar;
  beforeAll(async () => {
    parsed = await parseCalendarFile(fixture("google.ics"), { timeZone: "Europe/London", now });
  });

  it("names the calendar", async () => {
    expect(parsed.name).toBe("Loft – studio bookings");
  });

  it("expands the weekly RRULE across the DST change, less its EXDATE, with the moved occurrence", async () => {
    const classes = parsed.events.filter((e) => e.uid === "6v3k2g0q9b1m8c7d5e4f3a2b1c@google.com");
    expect(iso(classes)).toEqual([
      ["2027-03-01T23:00:00.000Z", "2027-03-02T01:00:00.000Z"], // 18:00 EST
      ["2027-03-08T23:00:00.000Z", "2027-03-09T01:00:00.000Z"],
      // 15 March is excluded; clocks went forward on 14 March: 18:00 EDT is 22:00Z.
      ["2027-03-22T23:00:00.000Z", "2027-03-23T01:00:00.000Z"], // the override: 19:00–21:00 EDT
      ["2027-03-29T22:00:00.000Z", "2027-03-30T00:00:00.000Z"],
      ["2027-04-05T22:00:00.000Z", "2027-04-06T00:00:00.000Z"],
    ]);
    expect(classes[2]!.summary).toBe("Evening class (one hour later)");
    expect(new Set(classes.map((e) => e.recurrenceId)).size).toBe(5);
  });

  it("reads a single timed event in its VTIMEZONE and an all-day one in the listing's zone; skips free, cancelled and past events", async () => {
    expect(iso(parsed.events.filter((e) => e.summary === "Photo shoot"))).toEqual([["2027-03-10T14:00:00.000Z", "2027-03-10T17:00:00.000Z"]]);
    const clean = parsed.events.find((e) => e.summary === "Deep clean")!;
    expect(clean.allDay).toBe(true);
    expect(iso([clean])).toEqual([["2027-04-04T23:00:00.000Z", "2027-04-05T23:00:00.000Z"]]); // midnight to midnight, London summer time
    const names = parsed.events.map((e) => e.summary);
    expect(names).not.toContain("Closed for renovation");
    expect(names).not.toContain("Called off");
    expect(names).not.toContain("Long ago");
    expect(parsed.events).toHaveLength(7);
  });
});

describe("Airbnb export", () => {
  it("reads reservations and blocks as nights: check-in on the first day to check-out on the last", async () => {
    const parsed = await parseCalendarFile(fixture("airbnb.ics"), { timeZone: "America/New_York", checkInTime: "15:00", checkOutTime: "11:00", now });
    expect(parsed.name).toBeNull();
    expect(parsed.events.map((e) => e.summary)).toEqual(["Reserved", "Airbnb (Not available)", "Reserved"]);
    expect(iso(parsed.events)[0]).toEqual(["2027-01-10T20:00:00.000Z", "2027-01-15T16:00:00.000Z"]);
    expect(parsed.events.every((e) => e.allDay && e.recurrenceId === "")).toBe(true);
  });

  it("without check-in times, whole days in the listing's zone", async () => {
    const parsed = await parseCalendarFile(fixture("airbnb.ics"), { timeZone: "America/New_York", now });
    expect(iso(parsed.events)[1]).toEqual(["2027-02-01T05:00:00.000Z", "2027-02-05T05:00:00.000Z"]);
  });
});

describe("VRBO export", () => {
  it("reads its reservations and blocks", async () => {
    const parsed = await parseCalendarFile(fixture("vrbo.ics"), { timeZone: "UTC", now });
    expect(parsed.name).toBe("VRBO #4321987");
    expect(parsed.events.map((e) => [e.summary, e.start.toISOString().slice(0, 10), e.end.toISOString().slice(0, 10)])).toEqual([
      ["Reserved - Jane D", "2027-01-20", "2027-01-24"],
      ["Blocked", "2027-02-10", "2027-02-12"],
    ]);
  });
});

describe("time zones", () => {
  it("an IANA name without a VTIMEZONE is read by name; a floating time in the listing's zone", async () => {
    const parsed = await parseCalendarFile(
      wrap(
        [
          "BEGIN:VEVENT\r\nUID:a\r\nDTSTART;TZID=Europe/Paris:20270701T100000\r\nDTEND;TZID=Europe/Paris:20270701T120000\r\nEND:VEVENT",
          "BEGIN:VEVENT\r\nUID:b\r\nDTSTART:20270701T100000\r\nDURATION:PT90M\r\nEND:VEVENT",
        ].join("\r\n"),
      ),
      { timeZone: "Asia/Tokyo", now },
    );
    expect(iso(parsed.events)).toEqual([
      ["2027-07-01T01:00:00.000Z", "2027-07-01T02:30:00.000Z"], // floating 10:00 in Tokyo
      ["2027-07-01T08:00:00.000Z", "2027-07-01T10:00:00.000Z"], // 10:00 in Paris (summer)
    ]);
  });

  it("a Windows zone name defined by the file's VTIMEZONE (Outlook) is read from it", async () => {
    const zone = [
      "BEGIN:VTIMEZONE",
      "TZID:W. Europe Standard Time",
      "BEGIN:STANDARD",
      "DTSTART:16010101T030000",
      "TZOFFSETFROM:+0200",
      "TZOFFSETTO:+0100",
      "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:16010101T020000",
      "TZOFFSETFROM:+0100",
      "TZOFFSETTO:+0200",
      "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
      "END:DAYLIGHT",
      "END:VTIMEZONE",
    ].join("\r\n");
    const parsed = await parseCalendarFile(
      wrap("BEGIN:VEVENT\r\nUID:o\r\nDTSTART;TZID=W. Europe Standard Time:20270115T090000\r\nDTEND;TZID=W. Europe Standard Time:20270115T100000\r\nEND:VEVENT", zone),
      { timeZone: "UTC", now },
    );
    expect(iso(parsed.events)).toEqual([["2027-01-15T08:00:00.000Z", "2027-01-15T09:00:00.000Z"]]);
  });

  it("an unknown time zone is refused by name", async () => {
    const message = await refusal(wrap("BEGIN:VEVENT\r\nUID:m\r\nDTSTART;TZID=Mars/Olympus_Mons:20270701T100000\r\nDTEND;TZID=Mars/Olympus_Mons:20270701T120000\r\nEND:VEVENT"));
    expect(message).toBe('The calendar uses a time zone we do not know: "Mars/Olympus_Mons".');
  });

  it("a time zone whose rules change every second is refused before it is expanded", async () => {
    const zone = "BEGIN:VTIMEZONE\r\nTZID:Evil\r\nBEGIN:STANDARD\r\nDTSTART:16010101T000000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\nRRULE:FREQ=SECONDLY\r\nEND:STANDARD\r\nEND:VTIMEZONE";
    const message = await refusal(wrap("BEGIN:VEVENT\r\nUID:e\r\nDTSTART;TZID=Evil:20270701T100000\r\nDTEND;TZID=Evil:20270701T110000\r\nEND:VEVENT", zone));
    expect(message).toContain('The time zone "Evil"');
  });
});

describe("hostile and malformed files", () => {
  it("a billion-occurrence RRULE stops at the event cap", async () => {
    const started = Date.now();
    const message = await refusal(wrap("BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20270101T000000Z\r\nDURATION:PT1M\r\nRRULE:FREQ=MINUTELY;COUNT=1000000000\r\nEND:VEVENT"));
    expect(message).toContain("more than 5,000 events");
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("an RRULE that repeats every second from 1990 stops at the step budget", async () => {
    const started = Date.now();
    const message = await refusal(wrap("BEGIN:VEVENT\r\nUID:y\r\nDTSTART:19900101T000000Z\r\nDURATION:PT1S\r\nRRULE:FREQ=SECONDLY\r\nEND:VEVENT"));
    expect(message).toMatch(/repeats too often|takes too long/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each([
    ["a DURATION of two million years", "BEGIN:VEVENT\r\nUID:long\r\nDTSTART:20270101T000000Z\r\nDURATION:P99999999W\r\nRRULE:FREQ=DAILY;COUNT=3\r\nEND:VEVENT", 'The event "long" lasts longer than 1,100 days'],
    ["40 000 RDATEs", `BEGIN:VEVENT\r\nUID:many\r\nDTSTART:20270101T000000Z\r\nDURATION:PT1H\r\n${Array.from({ length: 40_000 }, (_, i) => `RDATE:2027${String(1 + (i % 12)).padStart(2, "0")}${String(1 + (i % 28)).padStart(2, "0")}T${String(i % 24).padStart(2, "0")}0000Z`).join("\r\n")}\r\nEND:VEVENT`, "40,000 extra or excluded dates"],
  ])("%s is refused at once", async (_name, body, words) => {
    const started = Date.now();
    expect(await refusal(wrap(body))).toContain(words);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("a daily event without end since 1950 keeps the next two years only", async () => {
    const parsed = await parseCalendarFile(wrap("BEGIN:VEVENT\r\nUID:d\r\nDTSTART;VALUE=DATE:19500101\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Every day\r\nEND:VEVENT"), { timeZone: "UTC", now });
    expect(parsed.events.length).toBe(731);
    expect(parsed.events[0]!.start.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it.each([
    ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"],
    ["FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2,4,6"],
    ["FREQ=YEARLY;BYYEARDAY=366;BYMONTH=2"],
    ["FREQ=MONTHLY;BYDAY=5MO;BYSETPOS=9"],
  ])("a rule that matches nothing (%s) ends quickly", async (rule) => {
    const started = Date.now();
    try {
      await parseCalendarFile(wrap(`BEGIN:VEVENT\r\nUID:n\r\nDTSTART:20270101T100000Z\r\nDURATION:PT1H\r\nRRULE:${rule}\r\nEND:VEVENT`), { timeZone: "UTC", now });
    } catch (error) {
      expect(error).toBeInstanceOf(CalendarFileError);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each([
    ["<!doctype html><html><body>Sign in</body></html>", "not an iCalendar"],
    ["", "not an iCalendar"],
    ["BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2027", "malformed"],
    ["BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:q\r\nDTSTART:notadate\r\nEND:VEVENT\r\nEND:VCALENDAR", "malformed"],
    ["BEGIN:VCALENDAR\r\n\u0000\u0001\u0002garbage\r\nEND:VCALENDAR", "malformed"],
  ])("%j is refused with a sentence", async (text, words) => {
    expect(await refusal(text)).toContain(words);
  });

  it("events without a start, with an end before their start, or without a UID are handled", async () => {
    const parsed = await parseCalendarFile(
      wrap(
        [
          "BEGIN:VEVENT\r\nUID:nostart\r\nSUMMARY:No start\r\nEND:VEVENT",
          "BEGIN:VEVENT\r\nUID:backwards\r\nDTSTART:20270301T120000Z\r\nDTEND:20270301T100000Z\r\nEND:VEVENT",
          "BEGIN:VEVENT\r\nDTSTART:20270301T120000Z\r\nDTEND:20270301T130000Z\r\nSUMMARY:No UID\r\nEND:VEVENT",
          `BEGIN:VEVENT\r\nUID:${"u".repeat(900)}\r\nDTSTART:20270302T120000Z\r\nDTEND:20270302T130000Z\r\nSUMMARY:${"S".repeat(400)}\r\nEND:VEVENT`,
        ].join("\r\n"),
      ),
      { timeZone: "UTC", now },
    );
    expect(parsed.events).toHaveLength(2);
    expect(parsed.events.every((e) => e.uid.startsWith("sha256:"))).toBe(true);
    expect(parsed.events[1]!.summary!.length).toBe(200);
  });

  it("more than 5 000 single events are refused", async () => {
    const body = Array.from({ length: 5_001 }, (_, i) => {
      const day = new Date(now.getTime() + i * 3_600_000).toISOString().replace(/[-:]/g, "").slice(0, 15);
      return `BEGIN:VEVENT\r\nUID:e${i}\r\nDTSTART:${day}Z\r\nDURATION:PT30M\r\nEND:VEVENT`;
    }).join("\r\n");
    expect(await refusal(wrap(body))).toContain("more than 5,000 events");
  });
});
