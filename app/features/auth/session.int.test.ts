import { eq } from "drizzle-orm";
import { base64url, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, refreshTokens, sessions } from "~/db/schema/index";
import type * as DbModule from "~/lib/db.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "./cookies.server";
import {
  createSession,
  loadSessionUser,
  resolveSession,
  revokeSession,
  rotateRefreshToken,
} from "./session.server";
import { signAccessToken } from "./tokens.server";
import { backgroundJob } from "~/features/jobs/background-jobs.server";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

function requestWith(cookie: string) {
  return new Request("http://localhost/", { headers: { cookie } });
}

function cookieValue(setCookies: string[], name: string) {
  const line = setCookies.find((value) => value.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(";")[0];
}

describe("sessions", () => {
  it("signs a request in with the cookies of a new session, with a profile row", async () => {
    const { db } = database;
    const user = await createUser(db, { fullName: "Ada Lovelace" });
    const cookie = await sessionCookieFor(db, user.id);
    const session = await resolveSession(requestWith(cookie), { refresh: true }, db);
    expect(session.user).toEqual({ id: user.id, email: user.email, fullName: "Ada Lovelace", avatarUrl: null, isAdmin: false, emailVerified: true, preferredLanguage: null });
    expect(session.setCookies).toEqual([]);
  });

  it("creates the missing profile row with is_admin false on first use", async () => {
    const { db } = database;
    const user = await createUser(db);
    await db.delete(profiles).where(eq(profiles.id, user.id));
    const tokens = await createSession(db, user.id);
    const loaded = await loadSessionUser(db, tokens.sessionId, user.id);
    expect(loaded?.email).toBe(user.email);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.isAdmin).toBe(false);
  });

  it("treats addresses in ADMIN_EMAILS as admins", async () => {
    const { db } = database;
    const admin = await createUser(db, { email: "Admin@Rentwell.test" });
    const tokens = await createSession(db, admin.id);
    expect((await loadSessionUser(db, tokens.sessionId, admin.id))?.isAdmin).toBe(true);
    const flagged = await createUser(db, { isAdmin: true });
    const flaggedTokens = await createSession(db, flagged.id);
    expect((await loadSessionUser(db, flaggedTokens.sessionId, flagged.id))?.isAdmin).toBe(true);
  });

  it("renews an expired access token from the refresh token, rotating it", async () => {
    const { db } = database;
    const user = await createUser(db);
    const tokens = await createSession(db, user.id);
    const stale = await signAccessToken({ userId: user.id, sessionId: tokens.sessionId }, new Date(Date.now() - 16 * 60_000));
    const session = await resolveSession(
      requestWith(`${ACCESS_COOKIE}=${stale}; ${REFRESH_COOKIE}=${tokens.refreshToken}`),
      { refresh: true },
      db,
    );
    expect(session.user?.id).toBe(user.id);
    const newRefresh = cookieValue(session.setCookies, REFRESH_COOKIE);
    expect(newRefresh).toBeTruthy();
    expect(newRefresh).not.toBe(tokens.refreshToken);
    expect(cookieValue(session.setCookies, ACCESS_COOKIE)).toBeTruthy();
    for (const line of session.setCookies) {
      expect(line).toContain("HttpOnly");
      expect(line).toContain("SameSite=Lax");
    }
    // Stored as hashes only.
    const stored = await db.select({ hash: refreshTokens.hash }).from(refreshTokens).where(eq(refreshTokens.sessionId, tokens.sessionId));
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => row.hash)).not.toContain(tokens.refreshToken);
    expect(stored.map((row) => row.hash)).not.toContain(newRefresh);
  });

  it("without the middleware an expired access token is simply signed out (no rotation)", async () => {
    const { db } = database;
    const user = await createUser(db);
    const tokens = await createSession(db, user.id);
    const session = await resolveSession(requestWith(`${REFRESH_COOKIE}=${tokens.refreshToken}`), { refresh: false }, db);
    expect(session.user).toBeNull();
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, tokens.sessionId));
    expect(row?.usedAt).toBeNull();
  });

  it("accepts a rotated token again within the 10 s grace, and revokes the session when reused later", async () => {
    const { db } = database;
    const user = await createUser(db);
    const start = new Date();
    const tokens = await createSession(db, user.id, {}, start);
    const first = await rotateRefreshToken(db, tokens.refreshToken, start);
    expect(first.kind).toBe("rotated");
    // A parallel request of the same page, 3 s later: still fine.
    const parallel = await rotateRefreshToken(db, tokens.refreshToken, new Date(start.getTime() + 3_000));
    expect(parallel.kind).toBe("rotated");
    // An attacker replaying the old token after the grace: the whole family dies.
    const replay = await rotateRefreshToken(db, tokens.refreshToken, new Date(start.getTime() + 11_000));
    expect(replay.kind).toBe("reused");
    const [session] = await db.select().from(sessions).where(eq(sessions.id, tokens.sessionId));
    expect(session?.revokedAt).not.toBeNull();
    // The legitimate user's newest token is dead too.
    if (first.kind !== "rotated") throw new Error("unreachable");
    expect((await rotateRefreshToken(db, first.tokens.refreshToken, new Date(start.getTime() + 12_000))).kind).toBe("invalid");
    const afterRevoke = await resolveSession(
      requestWith(`${ACCESS_COOKIE}=${first.tokens.accessToken}; ${REFRESH_COOKIE}=${first.tokens.refreshToken}`),
      { refresh: true },
      db,
    );
    expect(afterRevoke.user).toBeNull();
    expect(cookieValue(afterRevoke.setCookies, ACCESS_COOKIE)).toBe("");
    expect(afterRevoke.setCookies.join("\n")).toContain("Max-Age=0");
  });

  it("signs out a revoked session at once, even with an unexpired access token", async () => {
    const { db } = database;
    const user = await createUser(db);
    const cookie = await sessionCookieFor(db, user.id);
    const first = await resolveSession(requestWith(cookie), { refresh: true }, db);
    expect(first.user?.id).toBe(user.id);
    const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    await revokeSession(db, row!.id);
    const after = await resolveSession(requestWith(cookie), { refresh: true }, db);
    expect(after.user).toBeNull();
    expect(after.setCookies).toHaveLength(2);
  });

  it("treats an expired session as signed out, and the hourly auth-cleanup job deletes it", async () => {
    const { db } = database;
    const user = await createUser(db);
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60_000);
    const tokens = await createSession(db, user.id, {}, longAgo);
    expect((await rotateRefreshToken(db, tokens.refreshToken)).kind).toBe("invalid");
    const job = backgroundJob("auth-cleanup")!;
    expect(job.intervalMs).toBe(60 * 60_000);
    expect(await job.run(db, new Date())).toMatchObject({ sessions: expect.any(Number) });
    const left = await db.select().from(sessions).where(eq(sessions.id, tokens.sessionId));
    expect(left).toEqual([]);
  });

  it("an expired access token with no refresh token means signed out, cookies cleared", async () => {
    const { db } = database;
    const user = await createUser(db);
    const tokens = await createSession(db, user.id);
    const stale = await signAccessToken({ userId: user.id, sessionId: tokens.sessionId }, new Date(Date.now() - 15 * 60_000 - 1_000));
    const session = await resolveSession(requestWith(`${ACCESS_COOKIE}=${stale}`), { refresh: true }, db);
    expect(session.user).toBeNull();
    expect(cookieValue(session.setCookies, ACCESS_COOKIE)).toBe("");
    expect(cookieValue(session.setCookies, REFRESH_COOKIE)).toBe("");
    // The same token a second before it expires still signs the request in.
    const fresh = await signAccessToken({ userId: user.id, sessionId: tokens.sessionId }, new Date(Date.now() - 15 * 60_000 + 5_000));
    expect((await resolveSession(requestWith(`${ACCESS_COOKIE}=${fresh}`), { refresh: true }, db)).user?.id).toBe(user.id);
  });

  it("an expired access token with the refresh token of an expired session means signed out", async () => {
    const { db } = database;
    const user = await createUser(db);
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60_000);
    const tokens = await createSession(db, user.id, {}, longAgo);
    const session = await resolveSession(
      requestWith(`${ACCESS_COOKIE}=${tokens.accessToken}; ${REFRESH_COOKIE}=${tokens.refreshToken}`),
      { refresh: true },
      db,
    );
    expect(session.user).toBeNull();
    expect(session.setCookies.join("\n")).toContain("Max-Age=0");
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, tokens.sessionId));
    expect(row?.usedAt).toBeNull();
  });

  it("a rotated token reused exactly at the 10 s grace still renews; a millisecond later revokes", async () => {
    const { db } = database;
    const user = await createUser(db);
    const start = new Date();
    const tokens = await createSession(db, user.id, {}, start);
    expect((await rotateRefreshToken(db, tokens.refreshToken, start)).kind).toBe("rotated");
    expect((await rotateRefreshToken(db, tokens.refreshToken, new Date(start.getTime() + 10_000))).kind).toBe("rotated");
    expect((await rotateRefreshToken(db, tokens.refreshToken, new Date(start.getTime() + 10_001))).kind).toBe("reused");
    const [session] = await db.select().from(sessions).where(eq(sessions.id, tokens.sessionId));
    expect(session?.revokedAt).not.toBeNull();
  });

  it("reuse of an older token in the chain (two rotations back) also revokes the session", async () => {
    const { db } = database;
    const user = await createUser(db);
    const start = new Date();
    const tokens = await createSession(db, user.id, {}, start);
    const second = await rotateRefreshToken(db, tokens.refreshToken, start);
    if (second.kind !== "rotated") throw new Error("expected a rotation");
    const third = await rotateRefreshToken(db, second.tokens.refreshToken, new Date(start.getTime() + 60_000));
    expect(third.kind).toBe("rotated");
    // The thief replays the very first token a minute later.
    expect((await rotateRefreshToken(db, tokens.refreshToken, new Date(start.getTime() + 61_000))).kind).toBe("reused");
    if (third.kind !== "rotated") throw new Error("expected a rotation");
    expect((await loadSessionUser(db, third.tokens.sessionId, user.id))).toBeNull();
  });

  describe("forged and malformed cookies are signed out, never an error", () => {
    it.each([
      ["garbage", "not-a-jwt"],
      ["empty segments", ".."],
      ["huge", "a".repeat(10_000)],
      ["percent-encoded unicode", "%D0%BA%D0%BB.%D1%8E%D1%87.%D0%BA"],
      ["latin-1 bytes", "\u00ff\u00fe.\u00e9.\u00e8"],
    ])("access cookie: %s", async (_name, value) => {
      const session = await resolveSession(requestWith(`${ACCESS_COOKIE}=${value}`), { refresh: true }, database.db);
      expect(session.user).toBeNull();
      expect(session.setCookies).toHaveLength(2);
    });

    it("an alg:none token naming a real user and session", async () => {
      const { db } = database;
      const user = await createUser(db);
      const tokens = await createSession(db, user.id);
      const unsigned = new UnsecuredJWT({ sid: tokens.sessionId })
        .setSubject(user.id)
        .setIssuer("rentwell")
        .setAudience("rentwell")
        .setIssuedAt()
        .setExpirationTime("15m")
        .encode();
      const session = await resolveSession(requestWith(`${ACCESS_COOKIE}=${unsigned}`), { refresh: true }, db);
      expect(session.user).toBeNull();
    });

    it("a token signed with another secret, and a valid token with a tampered payload", async () => {
      const { db } = database;
      const user = await createUser(db);
      const victim = await createUser(db, { isAdmin: true });
      const tokens = await createSession(db, user.id);
      const victimTokens = await createSession(db, victim.id);
      const foreign = await new SignJWT({ sid: victimTokens.sessionId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(victim.id)
        .setIssuer("rentwell")
        .setAudience("rentwell")
        .setIssuedAt()
        .setExpirationTime("15m")
        .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
      expect((await resolveSession(requestWith(`${ACCESS_COOKIE}=${foreign}`), { refresh: true }, db)).user).toBeNull();

      const [header, , signature] = tokens.accessToken.split(".");
      const payload = base64url.encode(
        JSON.stringify({ sub: victim.id, sid: victimTokens.sessionId, iss: "rentwell", aud: "rentwell", iat: 1, exp: 4102444800 }),
      );
      const tampered = `${header}.${payload}.${signature}`;
      expect((await resolveSession(requestWith(`${ACCESS_COOKIE}=${tampered}`), { refresh: true }, db)).user).toBeNull();
    });

    it.each([["short"], ["x".repeat(43)], ["a".repeat(5000)], ["'; drop table users; --"]])("refresh cookie %#", async (value) => {
      const session = await resolveSession(requestWith(`${REFRESH_COOKIE}=${value}`), { refresh: true }, database.db);
      expect(session.user).toBeNull();
      expect(session.setCookies).toHaveLength(2);
    });
  });
});

describe("getUser, requireUser and requireAdmin", () => {
  it("read the session through the process database", async () => {
    vi.resetModules();
    vi.doMock("~/lib/db.server", async (importOriginal) => ({
      ...(await importOriginal<typeof DbModule>()),
      getDb: async () => database.db,
    }));
    const { getUser, requireUser, requireAdmin } = await import("./session.server");
    const user = await createUser(database.db);
    const cookie = await sessionCookieFor(database.db, user.id);
    const request = requestWith(cookie);
    expect((await getUser(request))?.id).toBe(user.id);
    expect((await requireUser(request)).email).toBe(user.email);
    const refused = await requireAdmin(request).catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(302);
    expect((refused as Response).headers.get("Location")).toBe("/");
    const anonymous = await requireUser(new Request("http://localhost/dashboard")).catch((thrown: unknown) => thrown);
    expect((anonymous as Response).headers.get("Location")).toBe("/");
    vi.doUnmock("~/lib/db.server");
  });
});

describe("sessionMiddleware", () => {
  async function loadMiddleware() {
    vi.resetModules();
    vi.doMock("~/lib/db.server", async (importOriginal) => ({
      ...(await importOriginal<typeof DbModule>()),
      getDb: async () => database.db,
    }));
    const module = await import("./session.server");
    vi.doUnmock("~/lib/db.server");
    return module;
  }

  it("renews an expired access token once for parallel requests and sets the new cookies on every response", async () => {
    const { sessionMiddleware, getUser } = await loadMiddleware();
    const { db } = database;
    const user = await createUser(db);
    const tokens = await createSession(db, user.id);
    const cookie = `${REFRESH_COOKIE}=${tokens.refreshToken}`;
    const seen: (string | undefined)[] = [];
    const call = async () => {
      const request = requestWith(cookie);
      const response = await sessionMiddleware({ request, params: {}, context: {} } as never, async () => {
        seen.push((await getUser(request))?.id);
        return new Response("page");
      });
      return response as Response;
    };
    const responses = await Promise.all([call(), call(), call()]);
    expect(seen).toEqual([user.id, user.id, user.id]);
    const refreshValues = responses.map((response) => cookieValue(response.headers.getSetCookie(), REFRESH_COOKIE));
    expect(new Set(refreshValues).size).toBe(1);
    expect(refreshValues[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // One rotation: the first token and one child.
    const stored = await db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, tokens.sessionId));
    expect(stored).toHaveLength(2);
  });

  it("clears forged cookies on the response and lets the page render signed out", async () => {
    const { sessionMiddleware, getUser } = await loadMiddleware();
    const request = requestWith(`${ACCESS_COOKIE}=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.; ${REFRESH_COOKIE}=${"A".repeat(43)}`);
    let signedIn: unknown = "not called";
    const response = (await sessionMiddleware({ request, params: {}, context: {} } as never, async () => {
      signedIn = await getUser(request);
      return new Response("page", { status: 200 });
    })) as Response;
    expect(signedIn).toBeNull();
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().filter((line) => line.includes("Max-Age=0"))).toHaveLength(2);
  });

  it("a refresh token reused after the grace signs out both the thief and the owner", async () => {
    const { sessionMiddleware, getUser } = await loadMiddleware();
    const { db } = database;
    const user = await createUser(db);
    const tokens = await createSession(db, user.id);
    // The owner's browser rotated it 11 s ago.
    await db.update(refreshTokens).set({ usedAt: new Date(Date.now() - 11_000) }).where(eq(refreshTokens.sessionId, tokens.sessionId));
    const request = requestWith(`${REFRESH_COOKIE}=${tokens.refreshToken}`);
    let signedIn: unknown = "not called";
    const response = (await sessionMiddleware({ request, params: {}, context: {} } as never, async () => {
      signedIn = await getUser(request);
      return new Response("page");
    })) as Response;
    expect(signedIn).toBeNull();
    expect(response.headers.getSetCookie().join("\n")).toContain("Max-Age=0");
    const [session] = await db.select().from(sessions).where(eq(sessions.id, tokens.sessionId));
    expect(session?.revokedAt).not.toBeNull();
    // The owner's still-valid access token no longer works either.
    expect((await resolveSession(requestWith(`${ACCESS_COOKIE}=${tokens.accessToken}`), { refresh: false }, db)).user).toBeNull();
  });
});
