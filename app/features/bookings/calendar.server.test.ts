import { describe, expect, it } from "vitest";
import { bookingCalendarFile } from "./calendar.server";

describe("bookingCalendarFile", () => {
  it("writes one confirmed event with UTC start and end, the address, the link and the local times", () => {
    const file = bookingCalendarFile({
      bookingId: "6f1c2d3e-0000-4000-8000-000000000001",
      title: "Sunny Loft",
      address: "1 Main St, Sydney, NSW 2000, Australia",
      startTime: new Date("2026-10-03T23:00:00.000Z"), // 10:00 in Sydney on its 23-hour day
      endTime: new Date("2026-10-04T01:00:00.000Z"),
      timeZone: "Australia/Sydney",
      url: "https://rentwell.test/space/sunny-loft/sydney?id=x",
    });
    expect(file).toContain("BEGIN:VCALENDAR");
    expect(file.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(file).toContain("DTSTART:20261003T230000Z");
    expect(file).toContain("DTEND:20261004T010000Z");
    expect(file).toContain("SUMMARY:Sunny Loft");
    expect(file).toContain("STATUS:CONFIRMED");
    expect(file).toMatch(/LOCATION:1 Main St\\, Sydney/);
    expect(file.replace(/\r\n[ \t]/g, "")).toContain("2026-10-04 10:00 to 2026-10-04 12:00 (Australia/Sydney)");
  });
});
