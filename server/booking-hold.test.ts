import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The database read fails: the database is unreachable, or something else broke. Without
 * an access token the session read fails; with one, the attempt's own read (ADR 0193).
 */
const failure = vi.hoisted(() => ({ error: new Error("unset") as Error & { code?: string }, claims: null as { userId: string; sessionId: string } | null }));
vi.mock("~/features/auth/session.server", () => ({
  accessTokenClaims: async () => failure.claims,
  joinSession: () => ({ pending: Promise.reject(failure.error), leave: () => undefined }),
}));
vi.mock("~/lib/db.server", () => ({ getDb: () => Promise.reject(failure.error) }));
vi.mock("~/lib/logger.server", () => ({ logger: { error: vi.fn(), info: vi.fn(), isLevelEnabled: () => false } }));

const { bookingHoldRoute } = await import("./booking-hold");

let server: http.Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.post("/api/bookings/payment-intent", bookingHoldRoute);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/bookings/payment-intent`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = () => fetch(url, { method: "POST", headers: { "Content-Type": "application/json", cookie: "rw_access=x" }, body: "{}" });

describe("the served booking hold when the database cannot be read", () => {
  it("answers 503 with Retry-After while the database cannot be reached, so the widget says 'Failed to process booking' and the guest can retry", async () => {
    failure.error = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const response = await post();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ error: "Failed to process booking" });
  });

  it("answers 503 with Retry-After too when the attempt itself cannot reach the database", async () => {
    failure.error = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    failure.claims = { userId: crypto.randomUUID(), sessionId: crypto.randomUUID() };
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie: "rw_access=x" },
      body: JSON.stringify({ spaceId: crypto.randomUUID(), startTime: "2030-01-01T10:00:00.000Z", duration: 1, pricingUnit: "hour", amount: 5500, currency: "USD" }),
    });
    failure.claims = null;
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
