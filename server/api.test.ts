import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The API layer's own answers (server/api.ts, ADR 0201), for the booking hold: a
 * cross-origin write, and a database that cannot be read, while resolving the session
 * or in the attempt itself.
 */
const failure = vi.hoisted(() => ({ error: new Error("unset") as Error & { code?: string }, user: null as { id: string; emailVerified: boolean } | null }));
vi.mock("~/features/auth/session.server", () => ({
  joinSession: () => ({ pending: failure.user ? Promise.resolve({ user: failure.user, setCookies: [] }) : Promise.reject(failure.error), leave: () => undefined }),
}));
vi.mock("~/lib/db.server", () => ({ getDb: () => Promise.reject(failure.error) }));
vi.mock("~/lib/logger.server", () => ({ logger: { error: vi.fn(), info: vi.fn(), warn: vi.fn(), isLevelEnabled: () => false } }));

const { apiLayer } = await import("./api");

let server: http.Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use(apiLayer());
  app.use((_req, res) => void res.status(404).json({ passedOn: true }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/bookings/payment-intent`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const holdBody = JSON.stringify({ spaceId: crypto.randomUUID(), startTime: "2030-01-01T10:00:00.000Z", duration: 1, pricingUnit: "hour", amount: 5500, currency: "USD" });
const post = (headers: Record<string, string> = {}, target = url) => fetch(target, { method: "POST", headers: { "Content-Type": "application/json", cookie: "rw_access=x", ...headers }, body: holdBody });
const unreachable = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("the API layer", () => {
  it("answers only its endpoints: another path or method is passed on", async () => {
    expect(await (await post({}, url.replace("payment-intent", "other"))).json()).toEqual({ passedOn: true });
    expect(await (await fetch(url)).json()).toEqual({ passedOn: true });
  });

  it("refuses a cross-origin write with 403 before reading the session, as the pages' middleware does", async () => {
    failure.error = new Error("the session must not be read");
    const response = await post({ Origin: "https://elsewhere.example" });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Cross-origin request refused.");
    expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });

  it("answers 503 with Retry-After while the database cannot be reached for the session, so the widget says 'Failed to process booking' and the guest can retry", async () => {
    failure.error = unreachable();
    const response = await post();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ error: "Failed to process booking" });
  });

  it("answers 503 with Retry-After too when the attempt itself cannot reach the database", async () => {
    failure.error = unreachable();
    failure.user = { id: crypto.randomUUID(), emailVerified: true };
    const response = await post();
    failure.user = null;
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ error: "Failed to process booking" });
  });

  it("answers any other failure with a 500 and the same text, never a stack", async () => {
    failure.error = new Error("something else broke");
    const response = await post();
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(await response.text()).toBe(JSON.stringify({ error: "Failed to process booking" }));
  });
});
