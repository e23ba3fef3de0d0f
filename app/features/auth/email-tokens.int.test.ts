import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, emailTokens, spaces, users } from "~/db/schema/index";
import { env } from "~/lib/env.server";
import { createSpace } from "../../../tests/factories/listings";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { HostingError, setPublished } from "~/features/hosting/listings.server";
import { ACCOUNT_EMAIL_TEXT } from "./account-email-texts";
import { EMAIL_RESERVED, EMAIL_TAKEN, signIn } from "./accounts.server";
import {
  emailStatus,
  emailVerificationRequired,
  markEmailVerified,
  redeemVerifyLink,
  requestEmailChange,
  resendVerificationEmail,
  sendVerificationEmail,
  verifyLinkState,
} from "./email-verification.server";
import { hashEmailToken, newEmailToken } from "./email-tokens.server";
import { changePassword, revokeOtherSessions } from "./password-change.server";
import { requestPasswordReset, resetLinkState, resetPassword, RESET_EMAIL_LIMITS } from "./password-reset.server";
import { verifyPassword } from "./password.server";
import { createSession, loadSessionUser } from "./session.server";

/** Issue #29 points 1 and 2 (ADRs 0240-0241): every e-mailed link's life cycle and its abuse cases. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

let lastHost = 0;
const freshIp = () => `198.51.100.${(lastHost++ % 250) + 1}`;
const NEW_PASSWORD = "lantern-quiet-harbour-42";
const HOUR = 60 * 60_000;

/** The token of the newest e-mail of `kind` sent to `to`, read from its link as a user would. */
async function linkIn(kind: "password_reset" | "email_verification", to: string): Promise<string> {
  const [mail] = await database.db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toEmail, to)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const match = mail?.text.match(/\/(?:reset-password|verify-email)\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no ${kind} link to ${to}`);
  return match[1]!;
}

async function mailCount(kind: string, to: string) {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind as "password_reset"), eq(emailOutbox.toEmail, to)));
  return row!.n;
}

async function passwordHashOf(userId: string) {
  const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row!.hash;
}

describe("password reset", () => {
  it("e-mails a one-hour link stored only as a hash; the page sets a new password, signs the other sessions out and e-mails a notice", async () => {
    const { db } = database;
    const user = await createUser(db);
    const phone = await createSession(db, user.id, { userAgent: "phone" });
    const laptop = await createSession(db, user.id, { userAgent: "laptop" });
    const now = new Date();

    const answer = await requestPasswordReset(db, { email: user.email.toUpperCase() }, { ip: freshIp() }, now);
    expect(answer).toEqual({ ok: true, message: ACCOUNT_EMAIL_TEXT.forgotSent(user.email) });
    const token = await linkIn("password_reset", user.email);
    expect(token).toHaveLength(43);
    const [stored] = await db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(stored!.tokenHash).toBe(hashEmailToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.expiresAt.getTime() - now.getTime()).toBe(HOUR);
    expect(await resetLinkState(db, token, now)).toEqual({ ok: true, email: user.email });

    // A password the rule refuses leaves the link usable.
    const weak = await resetPassword(db, token, { password: "password" }, { currentSession: null }, now);
    expect(weak).toMatchObject({ ok: false, fieldErrors: { password: expect.stringContaining("commonly used") } });
    expect(await verifyPassword(await passwordHashOf(user.id), user.password)).toBe(true);

    // Reset from the laptop, signed in: the laptop stays, the phone is signed out at once.
    const done = await resetPassword(db, token, { password: NEW_PASSWORD }, { currentSession: { userId: user.id, sessionId: laptop.sessionId } }, now);
    expect(done).toEqual({ ok: true, userId: user.id });
    expect(await verifyPassword(await passwordHashOf(user.id), NEW_PASSWORD)).toBe(true);
    expect(await loadSessionUser(db, phone.sessionId, user.id)).toBeNull();
    expect(await loadSessionUser(db, laptop.sessionId, user.id)).not.toBeNull();
    expect(await mailCount("password_changed", user.email)).toBe(1);
    expect((await signIn(db, { email: user.email, password: NEW_PASSWORD }, { ip: freshIp(), userAgent: "vitest" })).ok).toBe(true);
    expect((await signIn(db, { email: user.email, password: user.password }, { ip: freshIp(), userAgent: "vitest" })).ok).toBe(false);
  });

  it("refuses a reused, expired, forged or truncated link with its own message and changes nothing", async () => {
    const { db } = database;
    const user = await createUser(db);
    const now = new Date();
    await requestPasswordReset(db, { email: user.email }, { ip: freshIp() }, now);
    const token = await linkIn("password_reset", user.email);
    const before = await passwordHashOf(user.id);

    const expired = await resetPassword(db, token, { password: NEW_PASSWORD }, { currentSession: null }, new Date(now.getTime() + HOUR + 1000));
    expect(expired).toMatchObject({ ok: false, formError: ACCOUNT_EMAIL_TEXT.linkExpired, linkProblem: true });
    for (const forged of [newEmailToken(), token.slice(0, -1), `${token}A`, "", "../../etc", null, 42]) {
      expect(await resetPassword(db, forged, { password: NEW_PASSWORD }, { currentSession: null }, now)).toMatchObject({ ok: false, formError: ACCOUNT_EMAIL_TEXT.linkInvalid });
      expect(await resetLinkState(db, forged, now)).toEqual({ ok: false, error: ACCOUNT_EMAIL_TEXT.linkInvalid });
    }
    expect(await passwordHashOf(user.id)).toBe(before);

    expect((await resetPassword(db, token, { password: NEW_PASSWORD }, { currentSession: null }, now)).ok).toBe(true);
    const again = await resetPassword(db, token, { password: "another-fine-passphrase-7" }, { currentSession: null }, now);
    expect(again).toMatchObject({ ok: false, formError: ACCOUNT_EMAIL_TEXT.linkUsed });
    expect(await verifyPassword(await passwordHashOf(user.id), NEW_PASSWORD)).toBe(true);
  });

  it("lets only one of two simultaneous uses of a link through, and a newer link voids the older one", async () => {
    const { db } = database;
    const user = await createUser(db);
    const now = new Date();
    await requestPasswordReset(db, { email: user.email }, { ip: freshIp() }, now);
    const first = await linkIn("password_reset", user.email);
    await requestPasswordReset(db, { email: user.email }, { ip: freshIp() }, new Date(now.getTime() + 1000));
    const second = await linkIn("password_reset", user.email);
    expect(second).not.toBe(first);
    expect(await resetLinkState(db, first, now)).toEqual({ ok: false, error: ACCOUNT_EMAIL_TEXT.linkUsed });

    const results = await Promise.all([
      resetPassword(db, second, { password: NEW_PASSWORD }, { currentSession: null }, now),
      resetPassword(db, second, { password: "another-fine-passphrase-7" }, { currentSession: null }, now),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await mailCount("password_changed", user.email)).toBe(1);
  });

  it("answers 100 requests for one address exactly as for an unknown address, and sends at most the limit's links", async () => {
    const { db } = database;
    const user = await createUser(db);
    const unknown = `nobody-${crypto.randomUUID()}@example.test`;
    const answers = { known: new Set<string>(), unknown: new Set<string>() };
    for (let i = 0; i < 100; i++) {
      // From many networks, so the per-address limit is what holds.
      const known = await requestPasswordReset(db, { email: user.email }, { ip: `192.0.2.${(i % 250) + 1}` });
      const stranger = await requestPasswordReset(db, { email: unknown }, { ip: `192.0.2.${(i % 250) + 1}` });
      answers.known.add(JSON.stringify(known).replace(user.email, "ADDRESS"));
      answers.unknown.add(JSON.stringify(stranger).replace(unknown, "ADDRESS"));
    }
    expect([...answers.known]).toEqual([...answers.unknown]);
    expect(answers.known.size).toBe(1);
    expect(JSON.parse([...answers.known][0]!)).toMatchObject({ ok: true });
    expect(await mailCount("password_reset", user.email)).toBe(RESET_EMAIL_LIMITS[0]!.max);
    expect(await mailCount("password_reset", unknown)).toBe(0);
  });

  it("limits one network's requests, for known and unknown addresses alike, with a 429 and a wait", async () => {
    const { db } = database;
    const user = await createUser(db);
    const ip = "203.0.113.250";
    const statuses: (number | true)[] = [];
    for (let i = 0; i < 12; i++) {
      const email = i % 2 === 0 ? user.email : `someone-${i}@example.test`;
      const result = await requestPasswordReset(db, { email }, { ip });
      statuses.push(result.ok ? true : result.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === true)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const refused = await requestPasswordReset(db, { email: user.email }, { ip });
    expect(refused).toMatchObject({ ok: false, status: 429, error: expect.stringMatching(/^Too many password reset requests\. Please try again in \d+ (second|minute)s?\.$/) });
  });

  it("refuses a malformed address with its field message and sends nothing", async () => {
    const result = await requestPasswordReset(database.db, { email: "not-an-address" }, { ip: freshIp() });
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { email: "Enter a valid e-mail address" } });
  });

  it("changePassword keeps the given session, revokes the rest and e-mails the notice; revokeOtherSessions(null) ends all", async () => {
    const { db } = database;
    const user = await createUser(db);
    const keep = await createSession(db, user.id);
    const other = await createSession(db, user.id);
    await changePassword(db, user.id, NEW_PASSWORD, { keepSessionId: keep.sessionId });
    expect(await loadSessionUser(db, keep.sessionId, user.id)).not.toBeNull();
    expect(await loadSessionUser(db, other.sessionId, user.id)).toBeNull();
    expect(await mailCount("password_changed", user.email)).toBe(1);
    expect(await revokeOtherSessions(db, user.id, null)).toBe(1);
    expect(await loadSessionUser(db, keep.sessionId, user.id)).toBeNull();
  });
});

describe("verified e-mail", () => {
  it("a new account's link verifies it; until then it may not book, publish or be paid", async () => {
    const { db } = database;
    const user = await createUser(db, { emailVerified: false });
    const space = await createSpace(db, { userId: user.id, isPublished: false, streetAddress: "1 Main St", city: "Tampa", state: "FL", postalCode: "33602" });
    const now = new Date();
    await sendVerificationEmail(db, user.id, now);
    expect(await emailVerificationRequired(db, user.id, "book")).toBe(ACCOUNT_EMAIL_TEXT.verifyFirst.book);
    expect(await emailVerificationRequired(db, user.id, "payout")).toBe(ACCOUNT_EMAIL_TEXT.verifyFirst.payout);
    const refused = await setPublished(db, user.id, space.id, true).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HostingError);
    expect(refused).toMatchObject({ status: 403, message: ACCOUNT_EMAIL_TEXT.verifyFirst.list });
    const [row] = await db.select({ isPublished: spaces.isPublished }).from(spaces).where(eq(spaces.id, space.id));
    expect(row!.isPublished).toBe(false);

    const token = await linkIn("email_verification", user.email);
    const [stored] = await db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(stored!.expiresAt.getTime() - now.getTime()).toBe(24 * HOUR);
    expect(await verifyLinkState(db, token, now)).toEqual({ ok: true, email: user.email, change: false });
    expect(await redeemVerifyLink(db, token, now)).toMatchObject({ ok: true, message: ACCOUNT_EMAIL_TEXT.verifyDone(user.email) });
    expect(await emailVerificationRequired(db, user.id, "book")).toBeNull();
    expect((await setPublished(db, user.id, space.id, true)).isPublished).toBe(true);
    expect(await redeemVerifyLink(db, token, now)).toEqual({ ok: false, error: ACCOUNT_EMAIL_TEXT.linkUsed });
  });

  it("refuses an expired, forged or truncated verification link and leaves the account unverified", async () => {
    const { db } = database;
    const user = await createUser(db, { emailVerified: false });
    const now = new Date();
    await sendVerificationEmail(db, user.id, now);
    const token = await linkIn("email_verification", user.email);
    expect(await redeemVerifyLink(db, token, new Date(now.getTime() + 24 * HOUR + 1))).toEqual({ ok: false, error: ACCOUNT_EMAIL_TEXT.linkExpired });
    for (const forged of [newEmailToken(), token.slice(0, 20), token.toLowerCase() === token ? `${token.slice(0, -1)}_` : token.toLowerCase()]) {
      expect(await redeemVerifyLink(db, forged, now)).toEqual({ ok: false, error: ACCOUNT_EMAIL_TEXT.linkInvalid });
    }
    // A reset link is not a verification link.
    await requestPasswordReset(db, { email: user.email }, { ip: freshIp() }, now);
    expect(await redeemVerifyLink(db, await linkIn("password_reset", user.email), now)).toEqual({ ok: false, error: ACCOUNT_EMAIL_TEXT.linkInvalid });
    expect((await emailStatus(db, user.id))?.verified).toBe(false);
  });

  it("'Resend' sends a new link (voiding the old one) at most once a minute, and not for a verified address", async () => {
    const { db } = database;
    const user = await createUser(db, { emailVerified: false });
    await sendVerificationEmail(db, user.id);
    const old = await linkIn("email_verification", user.email);
    expect(await resendVerificationEmail(db, user.id)).toEqual({ ok: true, message: ACCOUNT_EMAIL_TEXT.bannerResent(user.email) });
    expect(await verifyLinkState(db, old, new Date())).toEqual({ ok: false, error: ACCOUNT_EMAIL_TEXT.linkUsed });
    expect(await resendVerificationEmail(db, user.id)).toMatchObject({ ok: false, status: 429, error: expect.stringContaining("Too many verification e-mails") });
    expect(await mailCount("email_verification", user.email)).toBe(2);
    const verified = await createUser(db);
    expect(await resendVerificationEmail(db, verified.id)).toEqual({ ok: false, status: 400, error: ACCOUNT_EMAIL_TEXT.alreadyVerified });
  });

  it("a reset link proves the address too", async () => {
    const { db } = database;
    const user = await createUser(db, { emailVerified: false });
    await requestPasswordReset(db, { email: user.email }, { ip: freshIp() });
    await resetPassword(db, await linkIn("password_reset", user.email), { password: NEW_PASSWORD }, { currentSession: null });
    expect(await emailVerificationRequired(db, user.id, "book")).toBeNull();
  });

  it("the operator's script vouches for an address", async () => {
    const { db } = database;
    const user = await createUser(db, { emailVerified: false });
    await markEmailVerified(db, user.id);
    expect((await emailStatus(db, user.id))?.verified).toBe(true);
  });
});

describe("changing the e-mail address", () => {
  it("needs the current password, keeps the old address until the new one's link is opened, then tells the old address", async () => {
    const { db } = database;
    const user = await createUser(db);
    const target = `moved-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const now = new Date();
    expect(await requestEmailChange(db, user.id, { newEmail: target, currentPassword: "wrong password here" }, now)).toEqual({
      ok: false,
      fieldErrors: { currentPassword: ACCOUNT_EMAIL_TEXT.wrongPassword },
    });
    expect(await mailCount("email_verification", target)).toBe(0);
    expect(await requestEmailChange(db, user.id, { newEmail: target.toUpperCase(), currentPassword: user.password }, now)).toEqual({
      ok: true,
      message: ACCOUNT_EMAIL_TEXT.changeEmailSent(target),
    });
    expect(await emailStatus(db, user.id, now)).toEqual({ email: user.email, verified: true, pendingEmail: target });

    const token = await linkIn("email_verification", target);
    expect(await verifyLinkState(db, token, now)).toEqual({ ok: true, email: target, change: true });
    expect(await redeemVerifyLink(db, token, now)).toMatchObject({ ok: true, message: ACCOUNT_EMAIL_TEXT.changeDone(target) });
    expect(await emailStatus(db, user.id, now)).toEqual({ email: target, verified: true, pendingEmail: null });
    const [notice] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "email_changed"), eq(emailOutbox.toEmail, user.email)));
    expect(notice!.textBody).toContain(`was changed to ${target}`);
    expect((await signIn(db, { email: target, password: user.password }, { ip: freshIp(), userAgent: "vitest" })).ok).toBe(true);
    expect(await redeemVerifyLink(db, token, now)).toEqual({ ok: false, error: ACCOUNT_EMAIL_TEXT.linkUsed });
  });

  it("refuses its own address, another account's address, an admin address and a malformed one, sending nothing", async () => {
    const { db } = database;
    const user = await createUser(db);
    const other = await createUser(db);
    const ask = (newEmail: string) => requestEmailChange(db, user.id, { newEmail, currentPassword: user.password });
    expect(await ask(user.email)).toEqual({ ok: false, fieldErrors: { newEmail: ACCOUNT_EMAIL_TEXT.sameEmail } });
    expect(await ask(other.email.toUpperCase())).toEqual({ ok: false, fieldErrors: { newEmail: EMAIL_TAKEN } });
    const admin = env().ADMIN_EMAILS[0];
    if (admin) expect(await ask(admin)).toEqual({ ok: false, fieldErrors: { newEmail: EMAIL_RESERVED } });
    expect(await ask("nope")).toEqual({ ok: false, fieldErrors: { newEmail: "Enter a valid e-mail address" } });
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(row!.n).toBe(0);
  });

  it("fails cleanly when another account took the address before the link was opened", async () => {
    const { db } = database;
    const user = await createUser(db);
    const target = `race-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await requestEmailChange(db, user.id, { newEmail: target, currentPassword: user.password });
    const token = await linkIn("email_verification", target);
    await createUser(db, { email: target, signIn: false });
    expect(await redeemVerifyLink(db, token)).toEqual({ ok: false, error: EMAIL_TAKEN });
    expect((await emailStatus(db, user.id))?.email).toBe(user.email);
  });

  it("a verification link sent to the old address no longer verifies once the address changed", async () => {
    const { db } = database;
    const user = await createUser(db, { emailVerified: false });
    await sendVerificationEmail(db, user.id);
    const oldLink = await linkIn("email_verification", user.email);
    await db.update(users).set({ email: `elsewhere-${crypto.randomUUID().slice(0, 8)}@example.test` }).where(eq(users.id, user.id));
    expect(await redeemVerifyLink(db, oldLink)).toEqual({ ok: false, error: ACCOUNT_EMAIL_TEXT.linkInvalid });
    expect((await emailStatus(db, user.id))?.verified).toBe(false);
  });
});
