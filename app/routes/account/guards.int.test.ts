import { eq } from "drizzle-orm";
import { base64url, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, sessions } from "~/db/schema/index";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "~/features/auth/cookies.server";
import { createSession, revokeSession } from "~/features/auth/session.server";
import { signAccessToken } from "~/features/auth/tokens.server";
import type * as DbModule from "~/lib/db.server";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * Issue #3 point 7: the guards run in the loaders, on the server. Every guarded page's
 * loader is called as the server calls it; the wrong visitor gets a redirect to / and
 * never the page's data.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const dashboard = await import("./dashboard");
const myBookings = await import("./my-bookings");
const profile = await import("./profile");
const admin = await import("../admin/admin");
const myListings = await import("../hosting/my-listings");
const editListing = await import("../hosting/edit-listing");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
});
afterAll(async () => {
  await database.drop();
});

type Loader = (args: never) => Promise<unknown>;
const SIGNED_IN_PAGES: [string, Loader, Record<string, string>][] = [
  ["/dashboard", dashboard.loader as Loader, {}],
  ["/my-bookings", myBookings.loader as Loader, {}],
  ["/profile", profile.loader as Loader, {}],
  ["/my-listings", myListings.loader as Loader, {}],
  ["/edit-listing/{id}", editListing.loader as Loader, { id: "00000000-0000-4000-8000-000000000000" }],
];

async function run(loader: Loader, path: string, cookie: string | null, params: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  try {
    return { data: await loader({ request, params, context: {}, unstable_pattern: "" } as never) };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
}

async function forgedCookies(): Promise<[string, string][]> {
  const { db } = database;
  const victim = await createUser(db, { isAdmin: true });
  const victimSession = await createSession(db, victim.id);
  const unsigned = new UnsecuredJWT({ sid: victimSession.sessionId })
    .setSubject(victim.id)
    .setIssuer("rentwell")
    .setAudience("rentwell")
    .setIssuedAt()
    .setExpirationTime("15m")
    .encode();
  const [header, , signature] = (await signAccessToken({ userId: victim.id, sessionId: victimSession.sessionId })).split(".");
  const other = await createUser(db);
  const otherSession = await createSession(db, other.id);
  const tamperedPayload = base64url.encode(
    JSON.stringify({ sub: other.id, sid: otherSession.sessionId, iss: "rentwell", aud: "rentwell", iat: 1, exp: 4102444800 }),
  );
  const expired = await signAccessToken(
    { userId: victim.id, sessionId: victimSession.sessionId },
    new Date(Date.now() - 16 * 60_000),
  );
  const revokedUser = await createUser(db);
  const revoked = await createSession(db, revokedUser.id);
  await revokeSession(db, revoked.sessionId);
  return [
    ["an alg:none token", `${ACCESS_COOKIE}=${unsigned}`],
    ["a tampered payload", `${ACCESS_COOKIE}=${header}.${tamperedPayload}.${signature}`],
    ["an expired access token", `${ACCESS_COOKIE}=${expired}`],
    ["a revoked session", `${ACCESS_COOKIE}=${revoked.accessToken}; ${REFRESH_COOKIE}=${revoked.refreshToken}`],
    ["garbage", `${ACCESS_COOKIE}=${"x".repeat(5000)}; ${REFRESH_COOKIE}=%00%ff`],
  ];
}

describe("guards in loaders", () => {
  it.each(SIGNED_IN_PAGES)("%s sends a signed-out visitor to /", async (path, loader, params) => {
    expect(await run(loader, path.replace("{id}", params.id ?? ""), null, params)).toEqual({ redirect: 302, location: "/" });
  });

  it("every signed-in page, and /admin, sends visitors with forged, expired or revoked cookies to /", async () => {
    for (const [name, cookie] of await forgedCookies()) {
      for (const [path, loader, params] of [...SIGNED_IN_PAGES, ["/admin", admin.loader as Loader, {}] as const]) {
        const answer = await run(loader, path, cookie, params);
        expect({ name, path, answer }).toEqual({ name, path, answer: { redirect: 302, location: "/" } });
      }
    }
  });

  it("a signed-in user gets their own pages, but /admin sends them to /", async () => {
    const { db } = database;
    const user = await createUser(db, { email: "guarded-user@example.test" });
    const cookie = await sessionCookieFor(db, user.id);
    for (const [path, loader] of SIGNED_IN_PAGES.slice(0, 4)) {
      const answer = await run(loader, path, cookie);
      expect(answer).toHaveProperty("data");
    }
    expect(await run(dashboard.loader as Loader, "/dashboard", cookie)).toMatchObject({
      data: { email: "guarded-user@example.test", fullName: null, payouts: { account: { state: "not_connected" }, totals: [] } },
    });
    expect(await run(admin.loader as Loader, "/admin", cookie)).toEqual({ redirect: 302, location: "/" });
  });

  it("/admin is for admins: the profile flag or an ADMIN_EMAILS address", async () => {
    const { db } = database;
    const flagged = await createUser(db, { isAdmin: true });
    const listed = await createUser(db, { email: "ops@rentwell.test" });
    for (const user of [flagged, listed]) {
      const answer = await run(admin.loader as Loader, "/admin", await sessionCookieFor(db, user.id));
      expect(answer).toHaveProperty("data");
    }
  });

  it("an admin signed out on the server (session revoked) is sent to / at once", async () => {
    const { db } = database;
    const user = await createUser(db, { isAdmin: true });
    const cookie = await sessionCookieFor(db, user.id);
    expect(await run(admin.loader as Loader, "/admin", cookie)).toHaveProperty("data");
    const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    await revokeSession(db, row!.id);
    expect(await run(admin.loader as Loader, "/admin", cookie)).toEqual({ redirect: 302, location: "/" });
  });

  it("a user whose profile row is missing is no admin: the row is created with is_admin false", async () => {
    const { db } = database;
    const user = await createUser(db);
    await db.delete(profiles).where(eq(profiles.id, user.id));
    expect(await run(admin.loader as Loader, "/admin", await sessionCookieFor(db, user.id))).toEqual({ redirect: 302, location: "/" });
    const [row] = await db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, user.id));
    expect(row).toEqual({ isAdmin: false });
  });
});
