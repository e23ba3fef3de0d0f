import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, rateLimitEvents, sessions, users } from "~/db/schema/index";
import type * as DbModule from "~/lib/db.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";

/**
 * The HTTP face of sign-up, sign-in and sign-out, fuzzed: every bad body gets a 4xx with
 * a message people can read, and nothing is stored. The actions run against this file's
 * database through the process database handle.
 */
let database: TestDatabase;
type Action = (args: never) => Promise<Response>;
let signInAction: Action;
let signUpAction: Action;
let signOutAction: Action;

beforeAll(async () => {
  database = await createTestDatabase();
  vi.doMock("~/lib/db.server", async (importOriginal) => ({
    ...(await importOriginal<typeof DbModule>()),
    getDb: async () => database.db,
  }));
  signInAction = (await import("./sign-in")).action;
  signUpAction = (await import("./sign-up")).action;
  signOutAction = (await import("./sign-out")).action;
});
afterAll(async () => {
  vi.doUnmock("~/lib/db.server");
  await database.drop();
});

const GOOD = "violet-otter-canvas-19";
let ipCounter = 0;
/** A fresh client address per request, so the per-IP limits never interfere here. */
function nextIp() {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

type Body = { type?: string; body?: BodyInit; method?: string; cookie?: string };

function request(path: string, { type, body, method = "POST", cookie }: Body) {
  const headers = new Headers({ "x-rentwell-client-ip": nextIp() });
  if (type) headers.set("content-type", type);
  if (cookie) headers.set("cookie", cookie);
  return new Request(`http://localhost${path}`, { method, headers, body });
}

const form = (fields: Record<string, string>) => ({ type: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() });
const json = (value: unknown) => ({ type: "application/json", body: JSON.stringify(value) });

async function call(action: Action, path: string, init: Body) {
  const response = await action({ request: request(path, init), params: {}, context: {} } as never);
  const text = await response.text();
  let body: { ok: boolean; error?: string; fieldErrors?: Record<string, string> } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, body, headers: response.headers };
}
const signUp = (init: Body) => call(signUpAction, "/auth/sign-up", init);
const signIn = (init: Body) => call(signInAction, "/auth/sign-in", init);

async function counts() {
  const [u] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [s] = await database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
  return { users: u!.n, sessions: s!.n };
}

describe("POST /auth/sign-up accepts forms and JSON", () => {
  it.each([
    ["a URL-encoded form", (email: string) => form({ email, password: GOOD })],
    ["JSON", (email: string) => json({ email, password: GOOD })],
    ["JSON with a charset", (email: string) => ({ ...json({ email, password: GOOD }), type: "application/json; charset=utf-8" })],
    [
      "a multipart form",
      (email: string) => {
        const data = new FormData();
        data.set("email", email);
        data.set("password", GOOD);
        return { body: data };
      },
    ],
  ])("%s: creates the account, signs it in with HttpOnly cookies", async (_name, make) => {
    const email = `body-${ipCounter}-${Date.now()}@example.test`;
    const { status, body, headers } = await signUp(make(email));
    expect({ status, body }).toEqual({ status: 200, body: { ok: true } });
    const cookies = headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/HttpOnly; SameSite=Lax/);
    expect(headers.get("cache-control")).toBe("no-store");
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeTruthy();
  });

  it("ignores fields it does not read: a request cannot make itself an admin", async () => {
    const email = `sneaky-${Date.now()}@example.test`;
    const { status } = await signUp(json({ email, password: GOOD, isAdmin: true, is_admin: true, role: "admin", id: crypto.randomUUID() }));
    expect(status).toBe(200);
    const [row] = await database.db
      .select({ isAdmin: profiles.isAdmin })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(users.email, email));
    expect(row!.isAdmin).toBe(false);
  });

  it("stores an address with SQL metacharacters literally, and matches it exactly", async () => {
    const email = `o'brien_100%x@example.test`;
    // '%' is not a valid e-mail character; the apostrophe and underscore are.
    expect((await signUp(form({ email, password: GOOD }))).body?.fieldErrors?.email).toBe("Enter a valid e-mail address");
    const valid = "o'brien_x@example.test";
    expect((await signUp(form({ email: valid, password: GOOD }))).status).toBe(200);
    expect((await signIn(form({ email: "O'BRIEN_X@example.test", password: GOOD }))).status).toBe(200);
    // '_' is not a wildcard: a look-alike address is unknown.
    expect((await signIn(form({ email: "o'brienax@example.test", password: GOOD }))).status).toBe(401);
  });

  it("a unicode password works for sign-in afterwards", async () => {
    const email = `unicode-${Date.now()}@example.test`;
    const password = "Ünïcødé-пароль-密码-🔑";
    expect((await signUp(json({ email, password }))).status).toBe(200);
    expect((await signIn(json({ email, password }))).status).toBe(200);
    expect((await signIn(json({ email, password: password.slice(0, -2) }))).status).toBe(401);
  });

  it("a password of 128 emoji is 128 characters: accepted, and exactly that password signs in", async () => {
    const email = `emoji-${Date.now()}@example.test`;
    const password = "\u{1F511}\u{1F30A}\u{1F388}\u{1F9ED}".repeat(32);
    expect((await signUp(json({ email, password }))).status).toBe(200);
    expect((await signIn(json({ email, password }))).status).toBe(200);
    expect((await signIn(json({ email, password: password.slice(0, -2) }))).status).toBe(401);
  });

  it("accents typed composed or decomposed are the same password; a look-alike e-mail is another account", async () => {
    const email = `accent-${Date.now()}@example.test`;
    expect((await signUp(json({ email, password: "caf\u00e9-cr\u00e8me-br\u00fbl\u00e9e" }))).status).toBe(200);
    expect((await signIn(json({ email, password: "cafe\u0301-cre\u0300me-bru\u0302le\u0301e" }))).status).toBe(200);
    expect((await signIn(json({ email, password: "cafe-creme-brulee" }))).status).toBe(401);
  });
});

describe("bad input: a clear message, a 4xx, nothing stored, never a 500", () => {
  const long = "x".repeat(10_000);
  const cases: [string, Body, number, { field?: "email" | "password"; message: string | RegExp }][] = [
    ["missing fields", form({}), 400, { field: "email", message: "E-mail is required" }],
    ["missing password", form({ email: "ok@example.test" }), 400, { field: "password", message: "Password is required" }],
    ["empty fields", form({ email: "", password: "" }), 400, { field: "email", message: "E-mail is required" }],
    ["whitespace e-mail", form({ email: "   ", password: GOOD }), 400, { field: "email", message: "E-mail is required" }],
    ["malformed e-mail", form({ email: "not-an-email", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["two @", form({ email: "a@b@example.test", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["percent and backslash", form({ email: "a%\\b@example.test", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["NUL byte", form({ email: "a\u0000b@example.test", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["Cyrillic look-alike", form({ email: "аdmin@rentwell.test", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["right-to-left override", form({ email: "admin\u202e@rentwell.test", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["zero-width space", form({ email: "ad\u200bmin@rentwell.test", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["fullwidth look-alike", form({ email: "\uff41dmin@rentwell.test", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["Kelvin sign that lower-cases to k", form({ email: "\u212aelvin@rentwell.test", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["Turkish dotted capital I", form({ email: "ADM\u0130N@RENTWELL.TEST", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["combining accent", form({ email: "admi\u0301n@rentwell.test", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["emoji domain", form({ email: "me@🔑.example", password: GOOD }), 400, { field: "email", message: "Enter a valid e-mail address" }],
    ["255-character e-mail", form({ email: `${"a".repeat(243)}@example.test`, password: GOOD }), 400, { field: "email", message: "E-mail must be at most 254 characters" }],
    ["10 000-character e-mail", form({ email: `${long}@example.test`, password: GOOD }), 400, { field: "email", message: "E-mail must be at most 254 characters" }],
    ["10 000-character password", form({ email: "ok@example.test", password: long }), 400, { field: "password", message: "Password must be at most 128 characters" }],
    ["129-character password", form({ email: "ok@example.test", password: "Zq8#".repeat(32) + "!" }), 400, { field: "password", message: "Password must be at most 128 characters" }],
    ["129-emoji password", json({ email: "ok@example.test", password: "\u{1F511}".repeat(129) }), 400, { field: "password", message: "Password must be at most 128 characters" }],
    ["short password", form({ email: "ok@example.test", password: "abc" }), 400, { field: "password", message: "Password must be at least 8 characters (it has 3)." }],
    ["common password", form({ email: "ok@example.test", password: "iloveyou1" }), 400, { field: "password", message: /one of the most commonly used passwords/ }],
    ["e-mail as a number", json({ email: 42, password: GOOD }), 400, { field: "email", message: "E-mail is required" }],
    ["e-mail as an array", json({ email: ["ok@example.test"], password: GOOD }), 400, { field: "email", message: "E-mail is required" }],
    ["password as an object", json({ email: "ok@example.test", password: { $ne: "" } }), 400, { field: "password", message: "Password is required" }],
    ["null fields", json({ email: null, password: null }), 400, { field: "email", message: "E-mail is required" }],
    ["a JSON array", json([{ email: "ok@example.test", password: GOOD }]), 400, { message: "Send a JSON object with an e-mail and a password." }],
    ["a JSON string", json("ok@example.test"), 400, { message: "Send a JSON object with an e-mail and a password." }],
    ["JSON null", json(null), 400, { message: "Send a JSON object with an e-mail and a password." }],
    ["broken JSON", { type: "application/json", body: '{"email": "ok@example.test", ' }, 400, { message: "The request could not be read." }],
    ["JSON with a prototype key", { type: "application/json", body: '{"__proto__": {"email": "x@example.test", "password": "violet-otter-canvas-19"}}' }, 400, { field: "email", message: "E-mail is required" }],
    ["invalid UTF-8", { type: "application/json", body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }, 400, { message: "The request could not be read." }],
    ["plain text", { type: "text/plain", body: `email=ok@example.test&password=${GOOD}` }, 415, { message: "Send the e-mail and password as a form or as JSON." }],
    ["XML", { type: "application/xml", body: "<email>ok@example.test</email>" }, 415, { message: "Send the e-mail and password as a form or as JSON." }],
    ["a 40 KB body", form({ email: "ok@example.test", password: GOOD, padding: "y".repeat(40_000) }), 413, { message: "The request is too large." }],
    ["broken multipart", { type: "multipart/form-data; boundary=zzz", body: "--zzz\r\nnot a part" }, 400, { message: "The request could not be read." }],
  ];

  it.each(cases)("sign-up, %s", async (_name, init, status, expected) => {
    const before = await counts();
    const answer = await signUp(init);
    expect(answer.status).toBe(status);
    expect(answer.body?.ok).toBe(false);
    const message = expected.field ? answer.body?.fieldErrors?.[expected.field] : answer.body?.error;
    if (typeof expected.message === "string") expect(message).toBe(expected.message);
    else expect(message).toMatch(expected.message);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it.each(cases.filter(([name]) => !/short password|common password/.test(name)))("sign-in, %s", async (_name, init, status) => {
    const before = await counts();
    const [events] = await database.db.select({ n: sql<number>`count(*)::int` }).from(rateLimitEvents);
    const answer = await signIn(init);
    expect(answer.status).toBe(status);
    expect(answer.body?.ok).toBe(false);
    expect(answer.body?.error).toBeTruthy();
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await counts()).toEqual(before);
    // Unreadable input is not a guess: it does not count towards the lock-out.
    const [after] = await database.db.select({ n: sql<number>`count(*)::int` }).from(rateLimitEvents);
    expect(after!.n).toBe(events!.n);
  });

  it("a second sign-up for the same address, in another case, is refused with a message", async () => {
    const email = `dupe-${Date.now()}@example.test`;
    expect((await signUp(form({ email, password: GOOD }))).status).toBe(200);
    const before = await counts();
    const again = await signUp(json({ email: email.toUpperCase(), password: "another-fine-password-7" }));
    expect(again.status).toBe(409);
    expect(again.body?.fieldErrors?.email).toBe("An account with this e-mail already exists. Sign in instead.");
    expect(await counts()).toEqual(before);
  });

  it("past the failed sign-in limit: 429, a Retry-After header and the wait in words, even with the right password", async () => {
    const email = `locked-${Date.now()}@example.test`;
    expect((await signUp(form({ email, password: GOOD }))).status).toBe(200);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(form({ email, password: `wrong-${attempt}` }))).status).toBe(401);
    }
    const before = await counts();
    const locked = await signIn(form({ email: email.toUpperCase(), password: GOOD }));
    expect(locked.status).toBe(429);
    const seconds = Number(locked.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(locked.body?.error).toBe(
      `Too many failed sign-in attempts. Please try again in ${seconds === 60 ? "1 minute" : `${seconds} second${seconds === 1 ? "" : "s"}`}.`,
    );
    expect(locked.headers.getSetCookie()).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it("other methods get 405", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await signUp({ ...form({ email: "ok@example.test", password: GOOD }), method })).status).toBe(405);
      expect((await signIn({ ...form({ email: "ok@example.test", password: GOOD }), method })).status).toBe(405);
    }
  });
});

describe("POST /auth/sign-out", () => {
  async function signOut(cookie?: string) {
    return signOutAction({ request: request("/auth/sign-out", { cookie }), params: {}, context: {} } as never);
  }

  it("revokes the session on the server, clears the cookies and returns to /", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookieFor(database.db, user.id);
    const response = await signOut(cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.getSetCookie().every((value) => /Max-Age=0/.test(value))).toBe(true);
    const rows = await database.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedAt).not.toBeNull();
  });

  it.each([
    ["no cookies", undefined],
    ["forged cookies", "rw_access=eyJhbGciOiJub25lIn0.e30.; rw_refresh=" + "A".repeat(43)],
    ["10 000-character cookies", `rw_access=${"x".repeat(10_000)}; rw_refresh=${"y".repeat(10_000)}`],
    ["non-ASCII cookies", "rw_access=%F0%9F%94%91; rw_refresh=\u00ff\u00e9\u00e8"],
  ])("with %s still returns to / signed out", async (_name, cookie) => {
    const response = await signOut(cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});
