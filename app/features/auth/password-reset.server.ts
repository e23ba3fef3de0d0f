import { eq, sql } from "drizzle-orm";
import { users } from "~/db/schema/index";
import type { Db } from "~/lib/db.server";
import { firstErrors, type FieldErrors } from "~/lib/forms";
import { rateLimitAddress } from "~/features/security/client-ip.server";
import { consumeRateLimit, formatRetryAfter, type RateLimit } from "~/features/security/rate-limit.server";
import { queuePasswordResetEmail } from "./account-emails.server";
import { translatable } from "~/features/i18n/translatable";
import { ACCOUNT_EMAIL_TEXT } from "./account-email-texts";
import type { Translate } from "~/features/i18n/translate";
import { forgotPasswordSchema, resetPasswordSchema } from "./account-email-forms";
import { consumeEmailToken, issueEmailToken, peekEmailToken, tokenProblemText } from "./email-tokens.server";
import { hashPassword } from "./password.server";
import { storePasswordHash } from "./password-change.server";
import { newPasswordProblem } from "./password-rule.server";

/**
 * Self-service password reset (issue #29 point 1, ADR 0240). Every well-formed request
 * gets the same answer, whether or not the account exists and whether or not a link was
 * sent; per address, at most RESET_EMAIL_LIMITS links go out (further requests are
 * answered the same and send nothing); per client address, RESET_IP_LIMITS requests are
 * answered at all.
 */
export const RESET_EMAIL_LIMITS: RateLimit[] = [{ max: 3, windowMs: 60 * 60_000 }];
export const RESET_IP_LIMITS: RateLimit[] = [
  { max: 10, windowMs: 60_000 },
  { max: 50, windowMs: 60 * 60_000 },
];

export type ForgotPasswordResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 429; error: string; fieldErrors?: FieldErrors<"email">; retryAfterSeconds?: number };

export async function requestPasswordReset(db: Db, input: unknown, meta: { ip: string; say?: Translate }, now = new Date()): Promise<ForgotPasswordResult> {
  const byIp = await consumeRateLimit(db, { key: `reset-ip:${rateLimitAddress(meta.ip)}`, limits: RESET_IP_LIMITS });
  if (!byIp.ok) {
    const wait = formatRetryAfter(byIp.retryAfterSeconds, meta.say);
    return { ok: false, status: 429, error: ACCOUNT_EMAIL_TEXT.tooMany("reset", wait, meta.say), retryAfterSeconds: byIp.retryAfterSeconds };
  }
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = firstErrors<"email">(parsed.error);
    return { ok: false, status: 400, error: fieldErrors.email ?? translatable("Invalid input"), fieldErrors };
  }
  const { email } = parsed.data;
  const answer = { ok: true as const, message: ACCOUNT_EMAIL_TEXT.forgotSent(email, meta.say) };
  // Counted for every address, known or not, so the limit reveals nothing either.
  const byEmail = await consumeRateLimit(db, { key: `reset-email:${email}`, limits: RESET_EMAIL_LIMITS });
  if (!byEmail.ok) return answer;
  const [user] = await db
    .select({ id: users.id, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (!user || user.suspendedAt) return answer;
  await db.transaction(async (tx) => {
    const token = await issueEmailToken(tx, { userId: user.id, purpose: "password_reset", email: user.email, now });
    await queuePasswordResetEmail(tx, { userId: user.id, to: user.email, token, now });
  });
  return answer;
}

export type ResetLinkState = { ok: true; email: string } | { ok: false; error: string };

/** Whether a reset link can still be used, and for which address (the page's loader). */
export async function resetLinkState(db: Db, token: unknown, now = new Date()): Promise<ResetLinkState> {
  const found = await peekEmailToken(db, token, ["password_reset"], now);
  if (!found.ok) return { ok: false, error: tokenProblemText(found.problem) };
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, found.userId));
  if (!user || user.email.toLowerCase() !== found.email.toLowerCase()) return { ok: false, error: ACCOUNT_EMAIL_TEXT.linkInvalid };
  return { ok: true, email: user.email };
}

export type ResetPasswordResult =
  | { ok: true; userId: string }
  | { ok: false; fieldErrors: FieldErrors<"password">; formError?: string; linkProblem?: boolean };

/**
 * Sets the new password from a reset link: the password rule is checked before the link
 * is redeemed (a refused password leaves the link usable); then, in one transaction, the
 * link is redeemed, the password stored, every session but `keepSessionId` (this browser,
 * when it is signed in to the same account) revoked and the notice queued. Opening the
 * link proves the address, so an unverified address becomes verified.
 */
export async function resetPassword(
  db: Db,
  token: unknown,
  input: unknown,
  { currentSession, say }: { currentSession: { userId: string; sessionId: string } | null; say?: Translate },
  now = new Date(),
): Promise<ResetPasswordResult> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: firstErrors<"password">(parsed.error) };
  const problem = newPasswordProblem(parsed.data.password, say);
  if (problem) return { ok: false, fieldErrors: { password: problem } };
  const state = await peekEmailToken(db, token, ["password_reset"], now);
  if (!state.ok) return { ok: false, fieldErrors: {}, formError: tokenProblemText(state.problem), linkProblem: true };
  const passwordHash = await hashPassword(parsed.data.password);
  let failure: string = ACCOUNT_EMAIL_TEXT.linkInvalid;
  const keepSessionId = currentSession?.userId === state.userId ? currentSession.sessionId : null;
  const done = await storePasswordHash(db, state.userId, passwordHash, {
    keepSessionId,
    now,
    extra: async (tx) => {
      const redeemed = await consumeEmailToken(tx, token, ["password_reset"], now);
      if (!redeemed.ok) {
        failure = tokenProblemText(redeemed.problem);
        return false;
      }
      // The link was sent to the account's address; a link for an address it no longer has is void.
      const [user] = await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
        .where(sql`${users.id} = ${redeemed.userId} and lower(${users.email}) = ${redeemed.email.toLowerCase()}`)
        .returning({ id: users.id });
      return Boolean(user);
    },
  });
  if (!done) return { ok: false, fieldErrors: {}, formError: failure, linkProblem: true };
  return { ok: true, userId: state.userId };
}
