import { msg } from "@lingui/core/macro";
import { and, eq, isNull, sql } from "drizzle-orm";
import { sessions, users } from "~/db/schema/index";
import type { Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { rateLimitAddress } from "~/features/security/client-ip.server";
import { consumeRateLimit, formatRetryAfter, refundRateLimitEvent, type RateLimit } from "~/features/security/rate-limit.server";
import { translatable } from "~/features/i18n/translatable";
import { firstErrors } from "~/lib/forms";
import { ERROR_TEXT } from "~/lib/messages";
import { credentialsSchema, type AuthActionResult, type CredentialField } from "./credentials";
import { hashPassword, verifyPassword } from "./password.server";
import { newPasswordProblem } from "./password-rule.server";
import { english, type Translate } from "~/features/i18n/translate";
import { createSession, ensureProfile, type SessionTokens } from "./session.server";
import { SECURITY_TEXT } from "~/features/account-security/security-form";
import { isTwoStepEnabled, signPendingSignIn } from "~/features/account-security/two-step.server";

/** Failed sign-ins allowed per account and per client address (docs/decisions/0011-rate-limiter.md). */
export const SIGN_IN_ACCOUNT_LIMITS: RateLimit[] = [
  { max: 10, windowMs: 60_000 },
  { max: 100, windowMs: 60 * 60_000 },
];
export const SIGN_IN_IP_LIMITS: RateLimit[] = [
  { max: 30, windowMs: 60_000 },
  { max: 300, windowMs: 60 * 60_000 },
];
/**
 * Sign-up attempts (successful or not) per client address and per e-mail address
 * (docs/decisions/0082-sign-up-probing.md).
 */
export const SIGN_UP_IP_LIMITS: RateLimit[] = [
  { max: 20, windowMs: 60_000 },
  { max: 100, windowMs: 60 * 60_000 },
];
export const SIGN_UP_EMAIL_LIMITS: RateLimit[] = [{ max: 5, windowMs: 60 * 60_000 }];

export const INVALID_CREDENTIALS = translatable("Invalid e-mail or password.");
export const EMAIL_TAKEN = translatable("An account with this e-mail already exists. Sign in instead.");
/** An admin suspended the account (ADR 0151); shown only once the password was right. */
export const ACCOUNT_SUSPENDED = ERROR_TEXT.accountSuspended;
export const EMAIL_RESERVED = translatable(
  "This e-mail address is reserved for an administrator. The site operator creates that account; sign in if it is yours.",
);

/** `say`: the request's language, for the messages with values (English without it). */
export type RequestMeta = { ip: string; userAgent: string | null; country?: string | null; say?: Translate };

export type AuthOutcome =
  | { ok: true; userId: string; tokens: SessionTokens }
  | { ok: false; status: 400 | 401 | 403 | 409 | 429; result: Extract<AuthActionResult, { ok: false }> };

// Verifying against this keeps an unknown e-mail as slow as a wrong password.
let dummyHash: Promise<string> | undefined;

type Limited = "sign-up-network" | "sign-up-email" | "sign-in";

function tooMany(what: Limited, seconds: number, _: Translate = english): AuthOutcome {
  const wait = formatRetryAfter(seconds, _);
  const error = {
    "sign-up-network": () => _(msg`Too many sign-up attempts from this network. Please try again in ${wait}.`),
    "sign-up-email": () => _(msg`Too many sign-up attempts for this e-mail address. Please try again in ${wait}.`),
    "sign-in": () => _(msg`Too many failed sign-in attempts. Please try again in ${wait}.`),
  }[what]();
  return { ok: false, status: 429, result: { ok: false, error, retryAfterSeconds: seconds } };
}

function invalidInput(input: unknown): AuthOutcome | { ok: true; email: string; password: string } {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) {
    const { form: _form, ...fieldErrors } = firstErrors<CredentialField>(parsed.error);
    return {
      ok: false,
      status: 400,
      result: { ok: false, error: fieldErrors.email ?? fieldErrors.password ?? translatable("Invalid input"), fieldErrors },
    };
  }
  return { ok: true, ...parsed.data };
}

async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

/** Creates an account and signs it in. */
export async function signUp(db: Db, input: unknown, meta: RequestMeta): Promise<AuthOutcome> {
  // Every attempt counts, whatever its outcome: a taken address must not be free to probe.
  const byIp = await consumeRateLimit(db, { key: `signup-ip:${rateLimitAddress(meta.ip)}`, limits: SIGN_UP_IP_LIMITS });
  if (!byIp.ok) return tooMany("sign-up-network", byIp.retryAfterSeconds, meta.say);

  const parsed = invalidInput(input);
  if (!("email" in parsed)) return parsed;
  const { email, password } = parsed;

  const byEmail = await consumeRateLimit(db, { key: `signup-email:${email.toLowerCase()}`, limits: SIGN_UP_EMAIL_LIMITS });
  if (!byEmail.ok) return tooMany("sign-up-email", byEmail.retryAfterSeconds, meta.say);

  const problem = newPasswordProblem(password, meta.say);
  if (problem) return { ok: false, status: 400, result: { ok: false, error: problem, fieldErrors: { password: problem } } };

  if (await findUserByEmail(db, email)) {
    return { ok: false, status: 409, result: { ok: false, error: EMAIL_TAKEN, fieldErrors: { email: EMAIL_TAKEN } } };
  }
  // An ADMIN_EMAILS address is an admin the moment it signs in, and nobody's address is
  // verified, so self-service sign-up may not claim one (docs/decisions/0014-admin-role.md).
  if (env().ADMIN_EMAILS.includes(email)) {
    return { ok: false, status: 403, result: { ok: false, error: EMAIL_RESERVED, fieldErrors: { email: EMAIL_RESERVED } } };
  }
  const passwordHash = await hashPassword(password);
  const [created] = await db
    .insert(users)
    .values({ email, passwordHash, lastSignInAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created) {
    // Someone registered the same address in the meantime.
    return { ok: false, status: 409, result: { ok: false, error: EMAIL_TAKEN, fieldErrors: { email: EMAIL_TAKEN } } };
  }
  await ensureProfile(db, created.id);
  const tokens = await createSession(db, created.id, meta);
  return { ok: true, userId: created.id, tokens };
}

/** Checks an e-mail and password and starts a session; failures count towards the limits. */
export async function signIn(db: Db, input: unknown, meta: RequestMeta): Promise<AuthOutcome> {
  const parsed = invalidInput(input);
  if (!("email" in parsed)) return parsed;
  const { email, password } = parsed;

  const accountKey = `signin-account:${email}`;
  const ipKey = `signin-ip:${rateLimitAddress(meta.ip)}`;
  // Each attempt takes a slot before its password is checked (atomically: parallel guesses
  // queue), and gives it back when the password was right. So at most the limit's number of
  // wrong passwords is ever evaluated, however many arrive at once.
  const byIp = await consumeRateLimit(db, { key: ipKey, limits: SIGN_IN_IP_LIMITS });
  if (!byIp.ok) return tooMany("sign-in", byIp.retryAfterSeconds, meta.say);
  const byAccount = await consumeRateLimit(db, { key: accountKey, limits: SIGN_IN_ACCOUNT_LIMITS });
  if (!byAccount.ok) {
    await refundRateLimitEvent(db, byIp.eventId);
    return tooMany("sign-in", byAccount.retryAfterSeconds, meta.say);
  }

  const user = await findUserByEmail(db, email);
  dummyHash ??= hashPassword("rentwell-timing-equaliser");
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !valid) {
    return { ok: false, status: 401, result: { ok: false, error: INVALID_CREDENTIALS } };
  }
  await Promise.all([refundRateLimitEvent(db, byIp.eventId), refundRateLimitEvent(db, byAccount.eventId)]);
  if (user.suspendedAt) return { ok: false, status: 403, result: { ok: false, error: ACCOUNT_SUSPENDED } };
  // With two-step sign-in on, the password alone starts no session: it earns a short-lived
  // signed token for the second step (ADR 0246, /auth/sign-in/two-step).
  if (await isTwoStepEnabled(db, user.id)) {
    const pendingToken = await signPendingSignIn(user);
    return { ok: false, status: 401, result: { ok: false, error: SECURITY_TEXT.signInStepIntro, twoStep: { token: pendingToken } } };
  }
  return completeSignIn(db, user.id, meta);
}

/** The last part of every sign-in, once each of its steps passed: a session. */
export async function completeSignIn(db: Db, userId: string, meta: RequestMeta): Promise<AuthOutcome> {
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
  await ensureProfile(db, userId);
  const tokens = await createSession(db, userId, meta);
  return { ok: true, userId, tokens };
}

export type OperatorAccountResult = { ok: true; userId: string; created: boolean } | { ok: false; error: string };

/**
 * The operator's way to create an account, or to set a new password for an existing one
 * (`scripts/create-account.ts`): the only way to create an account for an ADMIN_EMAILS
 * address on a database without the demo data. Setting a new password ends every
 * session of the account.
 */
export async function createOrResetAccount(db: Db, input: { email: unknown; password: unknown }): Promise<OperatorAccountResult> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) {
    const errors = firstErrors<CredentialField>(parsed.error);
    return { ok: false, error: errors.email ?? errors.password ?? translatable("Invalid input") };
  }
  const { email, password } = parsed.data;
  const problem = newPasswordProblem(password);
  if (problem) return { ok: false, error: problem };
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
    await ensureProfile(db, existing.id);
    return { ok: true, userId: existing.id, created: false };
  }
  const [created] = await db.insert(users).values({ email, passwordHash }).returning({ id: users.id });
  await ensureProfile(db, created!.id);
  return { ok: true, userId: created!.id, created: true };
}
