import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { action } from "./test-jobs";

/**
 * POST /__test/jobs/{name} (ADR 0095): a journey runs a job at its own clock. A job that
 * can be limited to one listing must be, at a moved clock: a sweep a day ahead over every
 * listing ended the checkouts of the journeys running beside it.
 */
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const SPACE = "5b0e8a5e-2f5c-4c1a-9d1e-0c3f6a7b8c9d";
const HOUR = 3_600_000;

function run(name: string, { at, spaceId }: { at?: Date; spaceId?: string } = {}) {
  const query = spaceId === undefined ? "" : `?spaceId=${spaceId}`;
  const request = new Request(`http://localhost/__test/jobs/${name}${query}`, { method: "POST", headers: at ? { "x-test-now": at.toISOString() } : {} });
  return action({ request, params: { name } } as Parameters<typeof action>[0]);
}

describe("/__test/jobs", () => {
  it("does not exist without TEST_CLOCK", async () => {
    vi.stubEnv("TEST_CLOCK", "");
    resetEnvCache();
    expect((await run("hold-sweep")).status).toBe(404);
  });

  it("refuses the hold sweep and the payout run a day ahead over every listing, and names the way out", async () => {
    vi.stubEnv("TEST_CLOCK", "1");
    resetEnvCache();
    for (const name of ["hold-sweep", "payouts"]) {
      const refused = await run(name, { at: new Date(Date.now() + 25 * HOUR) });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: `At a moved clock the ${name} job would act on every journey's rows: name the listing (?spaceId=…).` });
    }
  });

  it("refuses a listing for a job that cannot be limited to one, and a listing that is not an id", async () => {
    vi.stubEnv("TEST_CLOCK", "1");
    resetEnvCache();
    const mail = await run("mail-outbox", { spaceId: SPACE });
    expect(mail.status).toBe(400);
    expect(await mail.json()).toEqual({ error: "The mail-outbox job cannot be limited to one listing." });
    const bad = await run("hold-sweep", { at: new Date(Date.now() + 25 * HOUR), spaceId: "not-an-id" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "spaceId must be a listing's id." });
  });
});
