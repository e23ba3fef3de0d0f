import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { emailTokens, users } from "~/db/schema/index";
import type { Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { firstErrors, type FieldErrors } from "~/lib/forms";
import { pgErrorCode } from "~/features/bookings/booking-rules.server";
import { consumeRateLimit, formatRetryAfter, type RateLimit } from "~/features/security/rate-limit.server";
import { queueEmailChangedEmail, queueVerificationEmail } from "./account-emails.server";
import { ACCOUNT_EMAIL_TEXT } from "./account-email-texts";
import { english, type Translate } from "~/features/i18n/translate";
import { changeEmailSchema, type ChangeEmailField } from "./account-email-forms";
import { EMAIL_RESERVED, EMAIL_TAKEN } from "./accounts.server";
import { consumeEmailToken, issueEmailToken, peekEmailToken, tokenProblemText } from "./email-tokens.server";
import { verifyPassword } from "./password.server";

/**
 * Verified e-mail addresses (issue #29 point 2, ADR 0241). A new account gets a link
 * valid for 24 hours; until it is opened the account may browse and message but not
 * book, publish a listing or set up payouts. A change of address is a link to the new
 * address: the account keeps its old one until the link is opened, and the old one is
 * told once it changes.
 */
export const RESEND_LIMITS: RateLimit[] = [
  { max: 1, windowMs: 60_000 },
  { max: 5, windowMs: 60 * 60_000 },
];
export const EMAIL_CHANGE_LIMITS: RateLimit[] = [{ max: 5, windowMs: 60 * 60_000 }];

export type VerifiedAction = keyof typeof ACCOUNT_EMAIL_TEXT.verifyFirst;

/** The refusal for an account whose address is not verified yet, or null when it may go ahead. */
export async function emailVerificationRequired(db: Db, userId: string, action: VerifiedAction): Promise<string | null> {
  const [user] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return user ? verifiedEmailRefusal({ emailVerified: user.verifiedAt !== null }, action) : null;
}

/** The same refusal for a signed-in user, whose session already says whether the address is verified. */
export function verifiedEmailRefusal(user: { emailVerified: boolean }, action: VerifiedAction): string | null {
  return user.emailVerified ? null : ACCOUNT_EMAIL_TEXT.verifyFirst[action];
}

/** Marks the account's current address verified (the operator's script vouches for it). */
export async function markEmailVerified(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: now }).where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** The account's address while it is not verified (the banner shows it), else null. */
export async function unverifiedAddress(db: Db, userId: string): Promise<string | null> {
  const [user] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return user && !user.verifiedAt ? user.email : null;
}

/** What the banner and the profile page show: the address, whether it is verified, a change waiting for its link. */
export type EmailStatus = { email: string; verified: boolean; pendingEmail: string | null };

export async function emailStatus(db: Db, userId: string, now = new Date()): Promise<EmailStatus | null> {
  const [user] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [pending] = await db
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, "email_change"), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return { email: user.email, verified: Boolean(user.verifiedAt), pendingEmail: pending?.email ?? null };
}

/** Issues a verification link for the account's current address and queues the e-mail (sign-up calls it). */
export async function sendVerificationEmail(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    const token = await issueEmailToken(tx, { userId, purpose: "email_verification", email: user.email, now });
    await queueVerificationEmail(tx, { userId, to: user.email, token, change: false, now });
  });
}

export type ResendResult = { ok: true; message: string } | { ok: false; status: 400 | 429; error: string; retryAfterSeconds?: number };

/** The banner's 'Resend': rate-limited per account. */
export async function resendVerificationEmail(db: Db, userId: string, now = new Date(), _: Translate = english): Promise<ResendResult> {
  const status = await emailStatus(db, userId, now);
  if (!status) return { ok: false, status: 400, error: ACCOUNT_EMAIL_TEXT.linkInvalid };
  if (status.verified) return { ok: false, status: 400, error: ACCOUNT_EMAIL_TEXT.alreadyVerified };
  const limited = await consumeRateLimit(db, { key: `verify-resend:${userId}`, limits: RESEND_LIMITS });
  if (!limited.ok) {
    const wait = formatRetryAfter(limited.retryAfterSeconds, _);
    return { ok: false, status: 429, error: ACCOUNT_EMAIL_TEXT.tooMany("verify", wait, _), retryAfterSeconds: limited.retryAfterSeconds };
  }
  await sendVerificationEmail(db, userId, now);
  return { ok: true, message: ACCOUNT_EMAIL_TEXT.bannerResent(status.email) };
}

export type ChangeEmailResult = { ok: true; message: string } | { ok: false; fieldErrors: FieldErrors<ChangeEmailField>; formError?: string };

/**
 * Asks for a new address: the current password is required (a borrowed session must not
 * move the account away), and the new address gets a link; nothing changes until it is opened.
 */
export async function requestEmailChange(db: Db, userId: string, input: unknown, now = new Date(), _: Translate = english): Promise<ChangeEmailResult> {
  const parsed = changeEmailSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: firstErrors<ChangeEmailField>(parsed.error) };
  const { newEmail, currentPassword } = parsed.data;
  const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) return { ok: false, fieldErrors: {}, formError: ACCOUNT_EMAIL_TEXT.linkInvalid };
  if (newEmail === user.email.toLowerCase()) return { ok: false, fieldErrors: { newEmail: ACCOUNT_EMAIL_TEXT.sameEmail } };
  const limited = await consumeRateLimit(db, { key: `email-change:${userId}`, limits: EMAIL_CHANGE_LIMITS });
  if (!limited.ok) {
    return { ok: false, fieldErrors: {}, formError: ACCOUNT_EMAIL_TEXT.tooMany("change", formatRetryAfter(limited.retryAfterSeconds, _), _) };
  }
  if (!(await verifyPassword(user.passwordHash, currentPassword))) return { ok: false, fieldErrors: { currentPassword: ACCOUNT_EMAIL_TEXT.wrongPassword } };
  const problem = await addressProblem(db, newEmail);
  if (problem) return { ok: false, fieldErrors: { newEmail: problem } };
  await db.transaction(async (tx) => {
    const token = await issueEmailToken(tx, { userId, purpose: "email_change", email: newEmail, now });
    await queueVerificationEmail(tx, { userId, to: newEmail, token, change: true, now });
  });
  return { ok: true, message: ACCOUNT_EMAIL_TEXT.changeEmailSent(newEmail, _) };
}

/** Another account's address, or an ADMIN_EMAILS address (those are the operator's: ADR 0014). */
async function addressProblem(db: Db, email: string): Promise<string | null> {
  if (env().ADMIN_EMAILS.includes(email.toLowerCase())) return EMAIL_RESERVED;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return taken ? EMAIL_TAKEN : null;
}

export type VerifyLinkState = { ok: true; email: string; change: boolean } | { ok: false; error: string };

/** What a verification or change link would do, without redeeming it (the page's loader). */
export async function verifyLinkState(db: Db, token: unknown, now = new Date()): Promise<VerifyLinkState> {
  const found = await peekEmailToken(db, token, ["email_verification", "email_change"], now);
  if (!found.ok) return { ok: false, error: tokenProblemText(found.problem) };
  return { ok: true, email: found.email, change: found.purpose === "email_change" };
}

export type VerifyResult = { ok: true; message: string; userId: string } | { ok: false; error: string };

/**
 * Redeems a verification or change link. A verification link counts only while the account
 * still has the address it was sent to; a change link moves the account to the new
 * address (verified), unless another account took it meanwhile, and tells the old one.
 */
export async function redeemVerifyLink(db: Db, token: unknown, now = new Date(), _: Translate = english): Promise<VerifyResult> {
  const state = await peekEmailToken(db, token, ["email_verification", "email_change"], now);
  if (!state.ok) return { ok: false, error: tokenProblemText(state.problem) };
  if (state.purpose === "email_change") {
    const problem = await addressProblem(db, state.email);
    if (problem) return { ok: false, error: problem };
  }
  try {
    return await db.transaction(async (tx): Promise<VerifyResult> => {
      const redeemed = await consumeEmailToken(tx, token, ["email_verification", "email_change"], now);
      if (!redeemed.ok) return { ok: false, error: tokenProblemText(redeemed.problem) };
      if (redeemed.purpose === "email_verification") {
        const [user] = await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
          .where(and(eq(users.id, redeemed.userId), eq(sql`lower(${users.email})`, redeemed.email.toLowerCase())))
          .returning({ email: users.email });
        if (!user) return { ok: false, error: ACCOUNT_EMAIL_TEXT.linkInvalid };
        return { ok: true, message: ACCOUNT_EMAIL_TEXT.verifyDone(user.email, _), userId: redeemed.userId };
      }
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, redeemed.userId)).for("update");
      if (!before) return { ok: false, error: ACCOUNT_EMAIL_TEXT.linkInvalid };
      await tx.update(users).set({ email: redeemed.email, emailVerifiedAt: now }).where(eq(users.id, redeemed.userId));
      await queueEmailChangedEmail(tx, { userId: redeemed.userId, to: before.email, newEmail: redeemed.email, now });
      return { ok: true, message: ACCOUNT_EMAIL_TEXT.changeDone(redeemed.email, _), userId: redeemed.userId };
    });
  } catch (error) {
    // Another account registered the address between the check and the update.
    if (pgErrorCode(error) === "23505") return { ok: false, error: EMAIL_TAKEN };
    throw error;
  }
}

