import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, sessions, users } from "~/db/schema/index";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createUser } from "../../../tests/factories/users";
import { createOrResetAccount, EMAIL_RESERVED, EMAIL_TAKEN, INVALID_CREDENTIALS, signIn, signUp } from "./accounts.server";
import { createSession, loadSessionUser } from "./session.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

// Every sign-up attempt counts towards its address's limit: each call comes from its own address unless a test says otherwise.
let lastHost = 0;
const meta = (ip = `203.0.113.${(lastHost++ % 250) + 1}`) => ({ ip, userAgent: "vitest" });
const GOOD = "violet-otter-canvas-19";

async function countUsers() {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

describe("sign-up", () => {
  it("creates the account with an argon2id hash, a profile (is_admin false) and a session", async () => {
    const { db } = database;
    const outcome = await signUp(db, { email: "  Grace@Example.TEST ", password: GOOD }, meta());
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const [user] = await db.select().from(users).where(eq(users.id, outcome.userId));
    expect(user!.email).toBe("grace@example.test");
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.passwordHash).not.toContain(GOOD);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, outcome.userId));
    expect(profile!.isAdmin).toBe(false);
    const signedIn = await loadSessionUser(db, outcome.tokens.sessionId, outcome.userId);
    expect(signedIn).toMatchObject({ email: "grace@example.test", isAdmin: false });
  });

  it("refuses a second account for the same address in any case, storing nothing", async () => {
    const { db } = database;
    await signUp(db, { email: "twice@example.test", password: GOOD }, meta());
    const before = await countUsers();
    const again = await signUp(db, { email: "TWICE@example.test", password: GOOD }, meta());
    expect(again).toMatchObject({ ok: false, status: 409, result: { error: EMAIL_TAKEN } });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    [{ email: "", password: GOOD }, "email", "E-mail is required"],
    [{ password: GOOD }, "email", "E-mail is required"],
    [{ email: "not-an-email", password: GOOD }, "email", "Enter a valid e-mail address"],
    [{ email: `${"a".repeat(250)}@example.test`, password: GOOD }, "email", "E-mail must be at most 254 characters"],
    [{ email: "аdmin@rentwell.test", password: GOOD }, "email", "Enter a valid e-mail address"], // Cyrillic 'а'
    [{ email: "ok@example.test", password: "" }, "password", "Password is required"],
    [{ email: "ok@example.test", password: "x".repeat(129) }, "password", "Password must be at most 128 characters"],
    [{ email: "ok@example.test", password: "short" }, "password", "Password must be at least 8 characters (it has 5)."],
    [{ email: "ok@example.test", password: "Password123" }, "password", /most commonly used passwords/],
    [{ email: "ok@example.test", password: "aaaaaaaaaaaa" }, "password", /./],
    [{ email: ["a@b.co"], password: GOOD }, "email", /./],
  ])("rejects bad input %# with a message on the field, storing nothing", async (input, field, message) => {
    const before = await countUsers();
    const outcome = await signUp(database.db, input, meta());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.status).toBe(400);
    const fieldMessage = outcome.result.fieldErrors?.[field as "email" | "password"];
    if (typeof message === "string") expect(fieldMessage).toBe(message);
    else expect(fieldMessage).toMatch(message);
    expect(await countUsers()).toBe(before);
  });
});

describe("admin addresses (ADMIN_EMAILS)", () => {
  it("cannot be claimed by self-service sign-up, in any case: 403 with the reason, nothing stored", async () => {
    const before = await countUsers();
    for (const email of ["ops@rentwell.test", " OPS@Rentwell.Test "]) {
      const outcome = await signUp(database.db, { email, password: GOOD }, meta());
      expect(outcome).toEqual({
        ok: false,
        status: 403,
        result: { ok: false, error: EMAIL_RESERVED, fieldErrors: { email: EMAIL_RESERVED } },
      });
    }
    expect(await countUsers()).toBe(before);
  });

  it("are created by the operator's command, and are admins once signed in", async () => {
    const { db } = database;
    expect(await createOrResetAccount(db, { email: "ops@rentwell.test", password: "short" })).toEqual({
      ok: false,
      error: "Password must be at least 8 characters (it has 5).",
    });
    expect(await createOrResetAccount(db, { email: "not-an-email", password: GOOD })).toEqual({ ok: false, error: "Enter a valid e-mail address" });
    const created = await createOrResetAccount(db, { email: "Ops@Rentwell.test", password: GOOD });
    expect(created).toMatchObject({ ok: true, created: true });
    const signedIn = await signIn(db, { email: "ops@rentwell.test", password: GOOD }, meta("198.51.100.40"));
    expect(signedIn.ok).toBe(true);
    if (!signedIn.ok) return;
    expect(await loadSessionUser(db, signedIn.tokens.sessionId, signedIn.userId)).toMatchObject({ email: "ops@rentwell.test", isAdmin: true });
    // Now the address exists, sign-up says so.
    expect(await signUp(db, { email: "ops@rentwell.test", password: GOOD }, meta())).toMatchObject({ status: 409 });
  });

  it("the operator's command sets a new password and ends the account's sessions", async () => {
    const { db } = database;
    const user = await createUser(db, { password: GOOD });
    const session = await createSession(db, user.id);
    const reset = await createOrResetAccount(db, { email: user.email.toUpperCase(), password: "a-brand-new-passphrase-8" });
    expect(reset).toEqual({ ok: true, userId: user.id, created: false });
    expect(await loadSessionUser(db, session.sessionId, user.id)).toBeNull();
    expect(await signIn(db, { email: user.email, password: GOOD }, meta("198.51.100.41"))).toMatchObject({ status: 401 });
    expect((await signIn(db, { email: user.email, password: "a-brand-new-passphrase-8" }, meta("198.51.100.41"))).ok).toBe(true);
  });
});

describe("sign-in", () => {
  it("signs in case-insensitively and records the sign-in time", async () => {
    const { db } = database;
    const user = await createUser(db, { email: "mixed@example.test", password: GOOD });
    const outcome = await signIn(db, { email: "MiXeD@Example.test", password: GOOD }, meta());
    expect(outcome.ok).toBe(true);
    const [row] = await db.select({ at: users.lastSignInAt }).from(users).where(eq(users.id, user.id));
    expect(row!.at).not.toBeNull();
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const { db } = database;
    await createUser(db, { email: "known@example.test", password: GOOD });
    const wrong = await signIn(db, { email: "known@example.test", password: "not-the-password" }, meta("198.51.100.1"));
    const unknown = await signIn(db, { email: "unknown@example.test", password: "not-the-password" }, meta("198.51.100.1"));
    expect(wrong).toEqual({ ok: false, status: 401, result: { ok: false, error: INVALID_CREDENTIALS } });
    expect(unknown).toEqual(wrong);
  });

  it("creates the missing profile row on first sign-in", async () => {
    const { db } = database;
    const user = await createUser(db, { password: GOOD });
    await db.delete(profiles).where(eq(profiles.id, user.id));
    expect((await signIn(db, { email: user.email, password: GOOD }, meta())).ok).toBe(true);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({ isAdmin: false, responseRate: 95, responseTime: "within an hour" });
  });

  it("locks an account after 10 failures a minute, even with the right password, and says when to retry", async () => {
    const { db } = database;
    const user = await createUser(db, { password: GOOD });
    for (let i = 0; i < 10; i++) {
      const failed = await signIn(db, { email: user.email, password: `wrong-${i}` }, meta(`192.0.2.${i + 1}`));
      expect(failed).toMatchObject({ ok: false, status: 401 });
    }
    const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, user.id));
    const locked = await signIn(db, { email: user.email, password: GOOD }, meta("192.0.2.99"));
    expect(locked).toMatchObject({ ok: false, status: 429 });
    if (locked.ok) return;
    expect(locked.result.error).toMatch(/^Too many failed sign-in attempts\. Please try again in (\d+ seconds|1 minute)\.$/);
    expect(locked.result.retryAfterSeconds).toBeGreaterThan(0);
    const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, user.id));
    expect(after!.n).toBe(before!.n);
  });

  it("limits one address guessing across many accounts", async () => {
    const { db } = database;
    const ip = "192.0.2.200";
    for (let i = 0; i < 30; i++) {
      await signIn(db, { email: `spray-${i}@example.test`, password: "Winter2026!" }, meta(ip));
    }
    const user = await createUser(db, { password: GOOD });
    const blocked = await signIn(db, { email: user.email, password: GOOD }, meta(ip));
    expect(blocked).toMatchObject({ ok: false, status: 429 });
    // Another address is not affected.
    expect((await signIn(db, { email: user.email, password: GOOD }, meta("192.0.2.201"))).ok).toBe(true);
  });

  it("counts an IPv6 client by its /64, so hopping between its addresses does not help", async () => {
    const { db } = database;
    for (let i = 0; i < 30; i++) {
      await signIn(db, { email: `hop-${i}@example.test`, password: "Winter2026!" }, meta(`2001:db8:77:1::${(i + 1).toString(16)}`));
    }
    const user = await createUser(db, { password: GOOD });
    expect(await signIn(db, { email: user.email, password: GOOD }, meta("2001:db8:77:1:dead:beef:0:1"))).toMatchObject({ status: 429 });
    // The neighbouring /64 is someone else.
    expect((await signIn(db, { email: user.email, password: GOOD }, meta("2001:db8:77:2::1"))).ok).toBe(true);
  });
});
