import { eq, sql } from "drizzle-orm";
import { users } from "~/db/schema/index";
import type { Db } from "~/lib/db.server";
import { checkRateLimit, formatRetryAfter, recordRateLimitEvent, type RateLimit } from "~/features/security/rate-limit.server";
import { credentialsSchema, fieldErrorsOf, type AuthActionResult } from "./credentials";
import { hashPassword, verifyPassword } from "./password.server";
import { newPasswordProblem } from "./password-rule.server";
import { createSession, ensureProfile, type SessionTokens } from "./session.server";

/** Failed sign-ins allowed per account and per client address (docs/decisions/0011-rate-limiter.md). */
export const SIGN_IN_ACCOUNT_LIMITS: RateLimit[] = [
  { max: 10, windowMs: 60_000 },
  { max: 100, windowMs: 60 * 60_000 },
];
export const SIGN_IN_IP_LIMITS: RateLimit[] = [
  { max: 30, windowMs: 60_000 },
  { max: 300, windowMs: 60 * 60_000 },
];
/** New accounts per client address. */
export const SIGN_UP_IP_LIMITS: RateLimit[] = [{ max: 50, windowMs: 60 * 60_000 }];

export const INVALID_CREDENTIALS = "Invalid e-mail or password.";
export const EMAIL_TAKEN = "An account with this e-mail already exists. Sign in instead.";

export type RequestMeta = { ip: string; userAgent: string | null };

export type AuthOutcome =
  | { ok: true; userId: string; tokens: SessionTokens }
  | { ok: false; status: 400 | 401 | 409 | 429; result: Extract<AuthActionResult, { ok: false }> };

// Verifying against this keeps an unknown e-mail as slow as a wrong password.
let dummyHash: Promise<string> | undefined;

function tooMany(what: string, seconds: number): AuthOutcome {
  return {
    ok: false,
    status: 429,
    result: { ok: false, error: `Too many ${what}. Please try again in ${formatRetryAfter(seconds)}.`, retryAfterSeconds: seconds },
  };
}

function invalidInput(input: unknown): AuthOutcome | { ok: true; email: string; password: string } {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return {
      ok: false,
      status: 400,
      result: { ok: false, error: fieldErrors.email ?? fieldErrors.password ?? "Invalid input", fieldErrors },
    };
  }
  return { ok: true, ...parsed.data };
}

async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

/** Creates an account and signs it in. */
export async function signUp(db: Db, input: unknown, meta: RequestMeta): Promise<AuthOutcome> {
  const parsed = invalidInput(input);
  if (!("email" in parsed)) return parsed;
  const { email, password } = parsed;

  const problem = newPasswordProblem(password);
  if (problem) return { ok: false, status: 400, result: { ok: false, error: problem, fieldErrors: { password: problem } } };

  const ipKey = `signup-ip:${meta.ip}`;
  const limited = await checkRateLimit(db, { key: ipKey, limits: SIGN_UP_IP_LIMITS });
  if (!limited.ok) return tooMany("new accounts from this network", limited.retryAfterSeconds);

  if (await findUserByEmail(db, email)) {
    return { ok: false, status: 409, result: { ok: false, error: EMAIL_TAKEN, fieldErrors: { email: EMAIL_TAKEN } } };
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
  await recordRateLimitEvent(db, ipKey);
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
  const ipKey = `signin-ip:${meta.ip}`;
  const [byAccount, byIp] = await Promise.all([
    checkRateLimit(db, { key: accountKey, limits: SIGN_IN_ACCOUNT_LIMITS }),
    checkRateLimit(db, { key: ipKey, limits: SIGN_IN_IP_LIMITS }),
  ]);
  if (!byAccount.ok || !byIp.ok) {
    const seconds = Math.max(byAccount.ok ? 0 : byAccount.retryAfterSeconds, byIp.ok ? 0 : byIp.retryAfterSeconds);
    return tooMany("failed sign-in attempts", seconds);
  }

  const user = await findUserByEmail(db, email);
  dummyHash ??= hashPassword("rentwell-timing-equaliser");
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !valid) {
    await Promise.all([recordRateLimitEvent(db, accountKey), recordRateLimitEvent(db, ipKey)]);
    return { ok: false, status: 401, result: { ok: false, error: INVALID_CREDENTIALS } };
  }
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
  await ensureProfile(db, user.id);
  const tokens = await createSession(db, user.id, meta);
  return { ok: true, userId: user.id, tokens };
}
