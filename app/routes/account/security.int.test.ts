import { and, eq, isNull } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, twoStepCredentials, twoStepRecoveryCodes, users } from "~/db/schema/index";
import { signIn } from "~/features/auth/accounts.server";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "~/features/auth/cookies.server";
import { createSession, resolveSession, rotateRefreshToken } from "~/features/auth/session.server";
import { verifyPassword } from "~/features/auth/password.server";
import type * as DbModule from "~/lib/db.server";
import type * as EnvModule from "~/lib/env.server";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { SECURITY_TEXT } from "~/features/account-security/security-form";
import { decryptSecret, signPendingSignIn, TWO_STEP_SETUP_PATH } from "~/features/account-security/two-step.server";

/**
 * Issue #29 point 4 on both engines: /profile/security's sessions, password change and
 * two-step sign-in, and the sign-in's second step, called as the server calls them.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown }, production: false, trustProxy: 0 }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));
vi.mock("~/lib/env.server", async (original) => {
  const real = await original<typeof EnvModule>();
  return {
    ...real,
    env: () => {
      const settings = real.env();
      return {
        ...settings,
        TRUST_PROXY: state.trustProxy,
        ...(state.production ? { isProduction: true, APP_ENV: "production" as const } : {}),
      };
    },
  };
});

const securityRoute = await import("~/routes/account/security");
const twoStepRoute = await import("~/routes/auth/sign-in-two-step");
const signInRoute = await import("~/routes/auth/sign-in");
const adminRoute = await import("~/routes/admin/admin");

let database: TestDatabase;
let db: TestDatabase["db"];

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  db = database.db;
});

afterAll(async () => {
  await database.drop();
});

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type Tokens = Awaited<ReturnType<typeof createSession>>;
const cookieOf = (tokens: Tokens) => `${ACCESS_COOKIE}=${tokens.accessToken}; ${REFRESH_COOKIE}=${tokens.refreshToken}`;

async function member(userAgent = CHROME_MAC) {
  const user = await createUser(db);
  const tokens = await createSession(db, user.id, { userAgent, country: "DE" });
  return { ...user, tokens, cookie: cookieOf(tokens) };
}

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

async function settle(answer: unknown): Promise<Answer> {
  if (answer instanceof Response) {
    const body = answer.headers.get("content-type")?.includes("json") ? ((await answer.json()) as Record<string, unknown>) : {};
    return { status: answer.status, body, headers: answer.headers };
  }
  const { data, init } = answer as { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };
  return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
}

function formRequest(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Posts the /profile/security action as `cookie`. */
async function post(cookie: string, fields: Record<string, string>) {
  const request = formRequest("/profile/security", fields, { cookie });
  return settle(await securityRoute.action({ request, params: {}, context: {} } as never).catch((thrown: unknown) => thrown));
}

async function load(cookie: string, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/profile/security", { headers: { cookie, ...headers } });
  const answer = await settle(await securityRoute.loader({ request, params: {}, context: {} } as never));
  return answer.body as unknown as Awaited<ReturnType<typeof securityRoute.loader>>["data"];
}

async function isLive(tokens: Tokens) {
  const resolved = await resolveSession(new Request("http://localhost/", { headers: { cookie: `${ACCESS_COOKIE}=${tokens.accessToken}` } }), { refresh: false }, db);
  return resolved.user !== null;
}

/** The code an authenticator app with `secret` shows at `at`. */
function codeAt(secret: string, at: number) {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: at });
}

async function secretOf(userId: string) {
  const [row] = await db.select().from(twoStepCredentials).where(eq(twoStepCredentials.userId, userId));
  return decryptSecret(row!.secretEncrypted)!;
}

/** Turns two-step sign-in on through the page at `at`; returns the secret and the recovery codes. */
async function enableTwoStep(user: { id: string; cookie: string }, at = Date.now()) {
  expect((await post(user.cookie, { intent: "two-step-start" })).status).toBe(200);
  const secret = await secretOf(user.id);
  vi.setSystemTime(at);
  const confirmed = await post(user.cookie, { intent: "two-step-confirm", code: codeAt(secret, at) });
  vi.useRealTimers();
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

async function sessionCount(userId: string) {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return rows.length;
}

async function passwordStep(email: string, password: string) {
  return settle(await signInRoute.action({ request: formRequest("/auth/sign-in", { email, password }), params: {}, context: {} } as never));
}

async function codeStep(token: string, code: string) {
  return settle(await twoStepRoute.action({ request: formRequest("/auth/sign-in/two-step", { token, code }), params: {}, context: {} } as never));
}

describe("sessions on /profile/security", () => {
  it("lists each live session with its device, browser, place and last seen, this one marked", async () => {
    const user = await member();
    const phone = await createSession(db, user.id, { userAgent: SAFARI_IPHONE, country: null });
    const ended = await createSession(db, user.id, { userAgent: SAFARI_IPHONE });
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, ended.sessionId));

    const page = await load(user.cookie);
    expect(page.sessions).toHaveLength(2);
    const [first, second] = page.sessions;
    expect(first).toMatchObject({ id: user.tokens.sessionId, current: true, browser: "Chrome 131", os: "Mac OS 10.15.7", device: "desktop", country: "DE" });
    expect(second).toMatchObject({ id: phone.sessionId, current: false, browser: "Mobile Safari 17", os: "iOS 17.5", device: "mobile", country: null });
  });

  it("moves last seen on a refresh-token rotation, not on every request", async () => {
    const user = await member();
    const [before] = await db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, user.tokens.sessionId));
    expect(await isLive(user.tokens)).toBe(true);
    const [afterRequest] = await db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, user.tokens.sessionId));
    expect(afterRequest!.lastSeenAt.getTime()).toBe(before!.lastSeenAt.getTime());
    const later = new Date(Date.now() + 20 * 60_000);
    expect((await rotateRefreshToken(db, user.tokens.refreshToken, later)).kind).toBe("rotated");
    const [afterRotation] = await db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, user.tokens.sessionId));
    expect(afterRotation!.lastSeenAt.getTime()).toBe(later.getTime());
  });

  it("records the country of a CDN's header only behind a trusted proxy", async () => {
    const user = await createUser(db);
    const headers = { "cf-ipcountry": "fr", "user-agent": CHROME_MAC };
    const direct = await signIn(db, { email: user.email, password: user.password }, { ip: "203.0.113.5", userAgent: CHROME_MAC, country: null });
    expect(direct.ok).toBe(true);
    state.trustProxy = 1;
    try {
      const answer = await settle(
        await signInRoute.action({ request: formRequest("/auth/sign-in", { email: user.email, password: user.password }, headers), params: {}, context: {} } as never),
      );
      expect(answer.status).toBe(200);
    } finally {
      state.trustProxy = 0;
    }
    const rows = await db.select({ country: sessions.country }).from(sessions).where(eq(sessions.userId, user.id)).orderBy(sessions.createdAt);
    expect(rows.map((row) => row.country)).toEqual([null, "FR"]);
  });

  it("'Sign out' ends another session at once: its access token is refused from the next request", async () => {
    const user = await member();
    const other = await createSession(db, user.id, { userAgent: SAFARI_IPHONE });
    expect(await isLive(other)).toBe(true);
    const answer = await post(user.cookie, { intent: "sign-out-session", id: other.sessionId });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: SECURITY_TEXT.sessionSignedOut } });
    expect(await isLive(other)).toBe(false);
    expect(await isLive(user.tokens)).toBe(true);
    expect((await load(user.cookie)).sessions.map((session) => session.id)).toEqual([user.tokens.sessionId]);
  });

  it("refuses another user's session id, a made-up one and garbage: 404, nothing changed", async () => {
    const user = await member();
    const stranger = await member();
    for (const id of [stranger.tokens.sessionId, "00000000-0000-4000-8000-000000000000", "'; drop table sessions; --", ""]) {
      const answer = await post(user.cookie, { intent: "sign-out-session", id });
      expect(answer).toMatchObject({ status: 404, body: { ok: false, formError: SECURITY_TEXT.sessionNotFound } });
    }
    expect(await isLive(stranger.tokens)).toBe(true);
  });

  it("'Sign out everywhere' ends every session, this one too, and clears this browser's cookies", async () => {
    const user = await member();
    const other = await createSession(db, user.id, { userAgent: SAFARI_IPHONE });
    const answer = await post(user.cookie, { intent: "sign-out-everywhere" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
    expect(answer.headers.getSetCookie().filter((cookie) => cookie.includes("Max-Age=0"))).toHaveLength(2);
    expect(await isLive(user.tokens)).toBe(false);
    expect(await isLive(other)).toBe(false);
  });

  it("refuses a signed-out visitor", async () => {
    const answer = await post("", { intent: "sign-out-everywhere" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
  });
});

describe("change password", () => {
  it("needs the current password and the password rule; nothing changes otherwise", async () => {
    const user = await member();
    const other = await createSession(db, user.id, {});
    const [before] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ currentPassword: "wrong password here", newPassword: "violet-otter-canvas-19" }, { currentPassword: SECURITY_TEXT.wrongPassword }],
      [{ currentPassword: user.password, newPassword: "password123" }, { newPassword: expect.stringContaining("commonly used") as unknown as string }],
      [{ currentPassword: user.password, newPassword: "short" }, { newPassword: expect.stringContaining("at least 8") as unknown as string }],
      [{ currentPassword: user.password, newPassword: user.password }, { newPassword: SECURITY_TEXT.samePassword }],
      [{ newPassword: "violet-otter-canvas-19" }, { currentPassword: "Current password is required" }],
    ];
    for (const [fields, fieldErrors] of cases) {
      const answer = await post(user.cookie, { intent: "change-password", ...fields });
      expect(answer).toMatchObject({ status: 400, body: { ok: false, fieldErrors } });
    }
    const [after] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(after!.hash).toBe(before!.hash);
    expect(await isLive(other)).toBe(true);
  });

  it("sets the new password, keeps this session and signs out the others", async () => {
    const user = await member();
    const other = await createSession(db, user.id, {});
    const answer = await post(user.cookie, { intent: "change-password", currentPassword: user.password, newPassword: "violet-otter-canvas-19" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: SECURITY_TEXT.passwordChanged } });
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.hash, "violet-otter-canvas-19")).toBe(true);
    expect(await isLive(user.tokens)).toBe(true);
    expect(await isLive(other)).toBe(false);
  });
});

describe("two-step sign-in", () => {
  it("is set up with a QR code and a first code, gives ten recovery codes once, and then the password alone starts no session", async () => {
    const user = await member();
    expect((await load(user.cookie)).twoStep).toEqual({ kind: "off" });
    await post(user.cookie, { intent: "two-step-start" });
    const setting = (await load(user.cookie)).twoStep;
    expect(setting.kind).toBe("setting-up");
    if (setting.kind !== "setting-up") throw new Error("not setting up");
    expect(setting.qrSvg).toMatch(/^<svg/);
    expect(setting.secret).toBe(await secretOf(user.id));
    // The secret is stored encrypted, never in plain text.
    const [stored] = await db.select().from(twoStepCredentials).where(eq(twoStepCredentials.userId, user.id));
    expect(stored!.secretEncrypted).not.toContain(setting.secret);

    const wrong = await post(user.cookie, { intent: "two-step-confirm", code: "000000" === codeAt(setting.secret, Date.now()) ? "111111" : "000000" });
    expect(wrong).toMatchObject({ status: 400, body: { fieldErrors: { code: SECURITY_TEXT.wrongCode } } });
    expect((await post(user.cookie, { intent: "two-step-confirm", code: "12ab" })).status).toBe(400);
    const confirmed = await post(user.cookie, { intent: "two-step-confirm", code: codeAt(setting.secret, Date.now()) });
    expect(confirmed).toMatchObject({ status: 200, body: { ok: true, message: SECURITY_TEXT.enabled } });
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const hashes = await db.select().from(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    expect(hashes.some((row) => codes.includes(row.codeHash))).toBe(false);
    expect((await load(user.cookie)).twoStep).toEqual({ kind: "on", recoveryCodesLeft: 10 });

    const before = await sessionCount(user.id);
    const first = await passwordStep(user.email, user.password);
    expect(first.status).toBe(401);
    expect(first.headers.getSetCookie()).toEqual([]);
    expect(first.body).toMatchObject({ ok: false, twoStep: { token: expect.any(String) } });
    expect(await sessionCount(user.id)).toBe(before);
  });

  it("signs in with a code, refuses the same code again, and with a recovery code once", async () => {
    const user = await member();
    const { secret, recoveryCodes } = await enableTwoStep(user, Date.now() - 60_000);
    const token = ((await passwordStep(user.email, user.password)).body.twoStep as { token: string }).token;
    const code = codeAt(secret, Date.now());
    const signedIn = await codeStep(token, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().some((cookie) => cookie.startsWith(`${ACCESS_COOKIE}=`))).toBe(true);

    const reused = await codeStep(token, code);
    expect(reused).toMatchObject({ status: 400, body: { ok: false, error: SECURITY_TEXT.codeReused } });
    expect(reused.headers.getSetCookie()).toEqual([]);

    const recovery = recoveryCodes[3]!;
    expect((await codeStep(token, recovery.toUpperCase())).status).toBe(200);
    const again = await codeStep(token, recovery);
    expect(again).toMatchObject({ status: 400, body: { error: SECURITY_TEXT.wrongCode } });
    expect((await load(user.cookie)).twoStep).toEqual({ kind: "on", recoveryCodesLeft: 9 });
  });

  it("accepts one step of clock drift either way and refuses two", async () => {
    const user = await member();
    const { secret } = await enableTwoStep(user, Date.now() - 5 * 60_000);
    const token = ((await passwordStep(user.email, user.password)).body.twoStep as { token: string }).token;
    // The server's clock stands still in the middle of a step, so no step boundary passes mid-test.
    const now = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
    vi.setSystemTime(now);
    try {
      // Oldest first: each accepted step is later than the last one (a code works once).
      expect((await codeStep(token, codeAt(secret, now - 60_000))).body).toMatchObject({ error: SECURITY_TEXT.wrongCode });
      expect((await codeStep(token, codeAt(secret, now + 60_000))).body).toMatchObject({ error: SECURITY_TEXT.wrongCode });
      expect((await codeStep(token, codeAt(secret, now - 30_000))).status).toBe(200);
      expect((await codeStep(token, codeAt(secret, now + 30_000))).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("locks after five wrong codes: the right one is refused too, with when to try again", async () => {
    const user = await member();
    const { secret } = await enableTwoStep(user, Date.now() - 60_000);
    const token = ((await passwordStep(user.email, user.password)).body.twoStep as { token: string }).token;
    const right = codeAt(secret, Date.now());
    const wrongCode = right === "123456" ? "654321" : "123456";
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await codeStep(token, wrongCode)).status).toBe(400);
    const locked = await codeStep(token, right);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many wrong codes\. Try again in \d+ minutes?\.$/);
    expect(locked.headers.getSetCookie()).toEqual([]);
  });

  it("refuses an expired, forged, truncated or outdated pending sign-in: start again", async () => {
    const user = await member();
    const { secret } = await enableTwoStep(user, Date.now() - 60_000);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    const token = await signPendingSignIn(row!);
    const expired = await signPendingSignIn(row!, new Date(Date.now() - 6 * 60_000));
    const forged = `${token.slice(0, token.lastIndexOf(".") + 1)}${"A".repeat(43)}`;
    const code = codeAt(secret, Date.now());
    for (const bad of [expired, forged, token.slice(0, -5), "", "not-a-token", user.tokens.accessToken]) {
      expect(await codeStep(bad, code)).toMatchObject({ status: 401, body: { ok: false, expired: true, error: SECURITY_TEXT.pendingExpired } });
    }
    // A password change since the first step voids it.
    await post(user.cookie, { intent: "change-password", currentPassword: user.password, newPassword: "violet-otter-canvas-19" });
    expect((await codeStep(token, code)).status).toBe(401);
  });

  it("is turned off only with the password and a code", async () => {
    const user = await member();
    const { secret, recoveryCodes } = await enableTwoStep(user, Date.now() - 60_000);
    expect(await post(user.cookie, { intent: "two-step-disable", currentPassword: "not my password", code: codeAt(secret, Date.now()) })).toMatchObject({
      status: 400,
      body: { fieldErrors: { currentPassword: SECURITY_TEXT.wrongPassword } },
    });
    expect(await post(user.cookie, { intent: "two-step-disable", currentPassword: user.password, code: "999999" === codeAt(secret, Date.now()) ? "888888" : "999999" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { code: SECURITY_TEXT.wrongCode } },
    });
    expect((await load(user.cookie)).twoStep.kind).toBe("on");
    expect((await post(user.cookie, { intent: "two-step-disable", currentPassword: user.password, code: recoveryCodes[0]! })).status).toBe(200);
    expect((await load(user.cookie)).twoStep).toEqual({ kind: "off" });
    expect((await passwordStep(user.email, user.password)).status).toBe(200);
  });

  it("in production sends an admin without it from /admin to set it up; the local demo's admins need only their password", async () => {
    const admin = await createUser(db, { isAdmin: true });
    const tokens = await createSession(db, admin.id, {});
    const request = () => new Request("http://localhost/admin", { headers: { cookie: cookieOf(tokens) } });
    const adminPage = async () => settle(await adminRoute.loader({ request: request(), params: {}, context: {} } as never).catch((thrown: unknown) => thrown));
    expect((await adminPage()).status).toBe(200);
    state.production = true;
    try {
      const sent = await adminPage();
      expect(sent.status).toBe(302);
      expect(sent.headers.get("location")).toBe(TWO_STEP_SETUP_PATH);
      const write = await settle(
        await adminRoute.action({ request: formRequest("/admin", { intent: "suspend_user" }, { cookie: cookieOf(tokens) }), params: {}, context: {} } as never).catch((thrown: unknown) => thrown),
      );
      expect(write.status).toBe(403);
      expect((await load(cookieOf(tokens))).twoStepRequired).toBe(true);
      await enableTwoStep({ id: admin.id, cookie: cookieOf(tokens) });
      expect((await adminPage()).status).toBe(200);
    } finally {
      state.production = false;
    }
  });
});
