import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { exchangeRates } from "~/db/schema/index";
import { backgroundJob } from "~/features/jobs/background-jobs.server";
import { approxText } from "~/lib/exchange";
import { loadBundledExchangeRates } from "./exchange-rates";
import { readDisplayRates, refreshExchangeRates } from "~/features/currency/exchange-rates.server";
import { startCalendarServer, type CalendarServer } from "#tests/setup/calendar-server";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

/**
 * Exchange rates (issue #31 point 4, ADR 0292) on PGlite and PostgreSQL: the bundled dated
 * file stored at start, the job's fetch of an ECB-format file from a local server, a later
 * day replacing an earlier one (never the other way), and a bad or oversized file storing
 * nothing.
 */

const local = { allowLoopback: true };

function ecbFile(day: string, rates: Record<string, string>) {
  const cubes = Object.entries(rates)
    .map(([currency, rate]) => `<Cube currency='${currency}' rate='${rate}'/>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube><Cube time='${day}'>${cubes}</Cube></Cube>
</gesmes:Envelope>`;
}

let database: TestDatabase;
let server: CalendarServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startCalendarServer();
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

beforeEach(async () => {
  await database.db.delete(exchangeRates);
});

async function stored() {
  const rows = await database.db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
  return rows.map((row) => ({ currency: row.currency, rate: row.rate, rateDate: row.rateDate, fetchedAt: row.fetchedAt.toISOString() }));
}

const now = new Date("2026-11-27T09:00:00Z");

describe("the bundled dated file", () => {
  it("is stored at start with every listing currency, the dirham from the dollar's peg, and gives estimates offline", async () => {
    const result = await loadBundledExchangeRates(database, undefined, now);
    expect(result).toEqual({ stored: 31, date: "2026-11-25" });
    const rows = await stored();
    for (const currency of ["USD", "GBP", "JPY", "AUD", "CAD", "SGD", "KRW", "AED"]) {
      expect(rows.find((row) => row.currency === currency)?.rateDate).toBe("2026-11-25");
    }
    expect(rows.find((row) => row.currency === "EUR")).toBeUndefined();
    // 1.0521 × 3.6725, exactly.
    expect(Number(rows.find((row) => row.currency === "AED")?.rate)).toBe(3.86383725);

    const rates = await readDisplayRates(database.db, now, 10);
    expect(approxText(23_100, "USD", "JPY", rates)).toBe("about ¥35,646");
    expect(approxText(7_700, "EUR", "GBP", rates)).toBe("about £64");
  });
});

describe("the exchange-rates job", () => {
  it("does nothing without EXCHANGE_RATES_URL (the bundled file is the source)", async () => {
    const job = backgroundJob("exchange-rates");
    expect(job).toBeDefined();
    expect(await job!.run(database.db, now)).toEqual({ skipped: "no_source" });
    expect(await stored()).toEqual([]);
  });

  it("fetches the file, stores it, and a later day replaces an earlier one but never the reverse", async () => {
    await loadBundledExchangeRates(database, undefined, new Date("2026-11-26T06:00:00Z"));
    server.set("/eurofxref-daily.xml", ecbFile("2026-11-26", { USD: "1.0600", JPY: "160.10" }));

    const result = await refreshExchangeRates(database.db, now, { url: server.url("/eurofxref-daily.xml"), fetch: local });
    expect(result).toEqual({ stored: 3, date: "2026-11-26" }); // USD, JPY and the dirham derived from USD
    const rows = await stored();
    expect(rows.find((row) => row.currency === "USD")).toMatchObject({ rateDate: "2026-11-26", fetchedAt: now.toISOString() });
    expect(Number(rows.find((row) => row.currency === "USD")?.rate)).toBe(1.06);
    expect(Number(rows.find((row) => row.currency === "AED")?.rate)).toBe(3.89285);
    // A currency the new file lacks keeps its earlier rate and day.
    expect(rows.find((row) => row.currency === "GBP")).toMatchObject({ rateDate: "2026-11-25" });

    // A restart stores the bundled (older) file again: the newer rates stay.
    expect(await loadBundledExchangeRates(database, undefined, new Date("2026-11-27T10:00:00Z"))).toMatchObject({ stored: 28 }); // 31 less USD, JPY and AED
    const after = await stored();
    expect(after.find((row) => row.currency === "USD")).toMatchObject({ rateDate: "2026-11-26", fetchedAt: now.toISOString() });

    const rates = await readDisplayRates(database.db, now, 10);
    expect(approxText(10_000, "USD", "JPY", rates)).toBe("about ¥15,104"); // 100 / 1.06 × 160.10 = 15 103.77
  });

  it("stores nothing from a bad file, an oversized answer or an error status, and keeps the rates it had", async () => {
    await loadBundledExchangeRates(database, undefined, now);
    const before = await stored();
    const bad = {
      "/broken.xml": "<gesmes:Envelope><Cube><Cube time='2026-11-26'><Cube currency='USD' rate='1.06'/>",
      "/bad-rate.xml": ecbFile("2026-11-26", { USD: "1.06", JPY: "1,60" }),
      "/bad-date.xml": ecbFile("2026-13-40", { USD: "1.06" }),
      "/no-days.xml": "<gesmes:Envelope><Cube></Cube></gesmes:Envelope>",
      "/html.xml": "<html><body>Service unavailable</body></html>",
    };
    for (const [path, body] of Object.entries(bad)) server.set(path, body);
    for (const path of [...Object.keys(bad), "/huge", "/missing.xml"]) {
      const result = await refreshExchangeRates(database.db, new Date("2026-11-28T09:00:00Z"), { url: server.url(path), fetch: local });
      expect(result, path).toMatchObject({ stored: 0, error: expect.any(String) });
    }
    expect(await stored()).toEqual(before);
  });

  it("leaves out stale rates, so a currency without a fresh rate shows no estimate", async () => {
    await loadBundledExchangeRates(database, undefined, now);
    expect(await readDisplayRates(database.db, new Date("2026-12-20T00:00:00Z"), 10)).toBeNull();
    expect(approxText(10_000, "USD", "JPY", await readDisplayRates(database.db, new Date("2026-12-20T00:00:00Z"), 10))).toBeNull();
    // Without an age limit (no URL configured), the bundled day stays usable.
    expect(await readDisplayRates(database.db, new Date("2026-12-20T00:00:00Z"), null)).toMatchObject({ date: "2026-11-25" });
  });
});
