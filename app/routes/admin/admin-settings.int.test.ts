import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminActions, platformSettings } from "~/db/schema/admin";
import { SETTINGS_TEXT } from "~/features/admin/settings-form";
import type * as DbModule from "~/lib/db.server";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * The platform settings on /admin (issue #28 point 3, ADR 0286) through the route's action:
 * the Protection rate, validated by the form pipeline's schema (422 per field), stored in
 * basis points with an admin log row; a non-admin changes nothing. Both engines.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));
const adminRoute = await import("./admin");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
});
afterAll(() => database.drop());

async function setProtection(basisPoints: number) {
  await database.db.update(platformSettings).set({ protectionPercent: basisPoints });
}

describe("the admin's protection rate", () => {
  async function post(cookie: string | null, fields: Record<string, string>) {
    const request = new Request("http://localhost/admin", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
    try {
      return unwrap(await adminRoute.action({ request, params: {}, context: {}, unstable_pattern: "" } as never));
    } catch (thrown) {
      return unwrap(thrown);
    }
  }
  function unwrap(value: unknown): { status: number; body: unknown } {
    if (value && typeof value === "object" && "type" in value && (value as { type: string }).type === "DataWithResponseInit") {
      const { data, init } = value as unknown as { data: unknown; init: { status?: number } | null };
      return { status: init?.status ?? 200, body: data };
    }
    if (value instanceof Response) return { status: value.status, body: null };
    throw value;
  }

  it("refuses a bad percentage with 422 and its message, stores a good one with a log row, and a non-admin changes nothing", async () => {
    await setProtection(800);
    const adminUser = await createUser(database.db, { isAdmin: true, signIn: false });
    const cookie = await sessionCookieFor(database.db, adminUser.id);
    for (const bad of ["", "-1", "50.01", "8.125", "eight", "1e2", "120"]) {
      const answer = await post(cookie, { intent: "update_settings", protectionPercent: bad });
      expect(answer, bad).toEqual({ status: 422, body: { ok: false, error: SETTINGS_TEXT.protectionInvalid, fieldErrors: { protectionPercent: SETTINGS_TEXT.protectionInvalid } } });
    }
    expect((await database.db.select().from(platformSettings))[0]!.protectionPercent).toBe(800);

    expect(await post(cookie, { intent: "update_settings", protectionPercent: "12.5" })).toEqual({ status: 200, body: { ok: true, message: SETTINGS_TEXT.saved("12.5%") } });
    const rows = await database.db.select().from(platformSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ protectionPercent: 1250, updatedBy: adminUser.id });
    const [logged] = await database.db.select().from(adminActions).where(eq(adminActions.adminId, adminUser.id));
    expect(logged).toMatchObject({ action: "update_setting", targetType: "setting", targetId: rows[0]!.id, reason: "Protection rate 8% → 12.5%" });

    const guest = await createUser(database.db, { signIn: false });
    const refused = await post(await sessionCookieFor(database.db, guest.id), { intent: "update_settings", protectionPercent: "1" });
    expect(refused.status).toBe(403);
    expect((await database.db.select().from(platformSettings))[0]!.protectionPercent).toBe(1250);
    const count = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from admin_actions where action = 'update_setting'`);
    expect(count.rows[0]!.n).toBe(1);
  });
});
