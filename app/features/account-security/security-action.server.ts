import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema/index";
import { clearedSessionCookies } from "~/features/auth/cookies.server";
import { changePassword } from "~/features/auth/password-change.server";
import { newPasswordProblem } from "~/features/auth/password-rule.server";
import { verifyPassword } from "~/features/auth/password.server";
import { english, type Translate } from "~/features/i18n/translate";
import { translatable } from "~/features/i18n/translatable";
import { consumeRateLimit, formatRetryAfter, refundRateLimitEvent, type RateLimit } from "~/features/security/rate-limit.server";
import type { Db } from "~/lib/db.server";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { deleteAccount } from "./account-deletion.server";
import { requestExport } from "./data-export.server";
import {
  changePasswordSchema,
  deleteAccountSchema,
  disableTwoStepSchema,
  SECURITY_INTENTS,
  SECURITY_TEXT,
  totpCodeSchema,
  type SecurityIntent,
} from "./security-form";
import { signOutEverywhere, signOutSession } from "./sessions.server";
import {
  cancelTwoStepSetup,
  checkSecondFactor,
  confirmTwoStepSetup,
  disableTwoStep,
  startTwoStepSetup,
  type TwoStepFailure,
} from "./two-step.server";

/**
 * The /profile/security action (issue #29 point 4): one form post with an `intent`, as
 * /profile's. Every answer names its intent. Bad input: field errors, 400, nothing stored;
 * another user's (or no) session id: 404, nothing changed; a failure of ours: 503.
 * Ending this browser's own session answers with a redirect to / that clears its cookies.
 */
export type SecurityActionResult =
  | { intent: SecurityIntent; ok: true; status: 200; message: string; recoveryCodes?: string[] }
  | { intent: SecurityIntent | null; ok: false; status: 400 | 404 | 409 | 429 | 503; fieldErrors: FieldErrors; formError?: string };

/** Wrong current passwords per account on this page (the sign-in dialog's own limits count separately). */
export const CURRENT_PASSWORD_LIMITS: RateLimit[] = [{ max: 10, windowMs: 15 * 60_000 }];

/** `say`: the request's language, for the texts with values and the toasts (English without it). */
type Context = { db: Db; userId: string; sessionId: string | null; now: Date; say?: Translate };

const invalid = (intent: SecurityIntent | null, fieldErrors: FieldErrors, formError?: string, status: 400 | 404 | 409 | 429 = 400) =>
  ({ intent, ok: false, status, fieldErrors, formError }) as const;
const done = (intent: SecurityIntent, message: string, recoveryCodes?: string[]) =>
  ({ intent, ok: true, status: 200, message, ...(recoveryCodes ? { recoveryCodes } : {}) }) as const;

/** A refused code: the message beside its field (400, or 429 when locked), else over the form (409). */
function refused(intent: SecurityIntent, failure: TwoStepFailure) {
  if (!failure.field) return invalid(intent, {}, failure.error, 409);
  return invalid(intent, { [failure.field]: failure.error }, undefined, failure.status === 429 ? 429 : 400);
}

function isIntent(value: unknown): value is SecurityIntent {
  return typeof value === "string" && (SECURITY_INTENTS as readonly string[]).includes(value);
}

/** Checks the current password, at most CURRENT_PASSWORD_LIMITS wrong ones; a right one is not counted. */
async function currentPasswordProblem({ db, userId, say: _ = english }: Context, password: string): Promise<FieldErrors | null> {
  const slot = await consumeRateLimit(db, { key: `current-password:${userId}`, limits: CURRENT_PASSWORD_LIMITS });
  if (!slot.ok) {
    const wait = formatRetryAfter(slot.retryAfterSeconds, _);
    return { form: _(msg`Too many wrong passwords. Please try again in ${wait}.`) };
  }
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) return { currentPassword: SECURITY_TEXT.wrongPassword };
  await refundRateLimitEvent(db, slot.eventId);
  return null;
}

/** The response that ends this browser's session: to / without the session cookies; the toast in the request's language. */
async function signedOutHere(message: string, _: Translate = english): Promise<Response> {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of clearedSessionCookies()) headers.append("Set-Cookie", cookie);
  return redirectWithToast("/", { tone: "success", message: _(message) }, { headers });
}

async function run(context: Context, intent: SecurityIntent, form: FormData): Promise<SecurityActionResult | Response> {
  const { db, userId, now } = context;
  switch (intent) {
    case "sign-out-session": {
      const id = form.get("id");
      if (!(await signOutSession(db, userId, id, now))) return invalid(intent, {}, SECURITY_TEXT.sessionNotFound, 404);
      if (typeof id === "string" && id.toLowerCase() === context.sessionId) return signedOutHere(SECURITY_TEXT.sessionSignedOut, context.say);
      return done(intent, SECURITY_TEXT.sessionSignedOut);
    }
    case "sign-out-everywhere": {
      await signOutEverywhere(db, userId, now);
      return signedOutHere(SECURITY_TEXT.sessionSignedOut, context.say);
    }
    case "change-password": {
      const parsed = parseForm(changePasswordSchema, form);
      if (!parsed.ok) return invalid(intent, parsed.fieldErrors);
      const problem = newPasswordProblem(parsed.data.newPassword, context.say);
      if (problem) return invalid(intent, { newPassword: problem });
      if (parsed.data.newPassword === parsed.data.currentPassword) return invalid(intent, { newPassword: SECURITY_TEXT.samePassword });
      const wrong = await currentPasswordProblem(context, parsed.data.currentPassword);
      if (wrong) return invalid(intent, wrong, wrong.form, wrong.form ? 429 : 400);
      await changePassword(db, userId, parsed.data.newPassword, { keepSessionId: context.sessionId });
      return done(intent, SECURITY_TEXT.passwordChanged);
    }
    case "two-step-start": {
      const started = await startTwoStepSetup(db, userId);
      return started.ok ? done(intent, SECURITY_TEXT.scanIntro) : invalid(intent, {}, started.error, 409);
    }
    case "two-step-cancel": {
      await cancelTwoStepSetup(db, userId);
      return done(intent, SECURITY_TEXT.disabled);
    }
    case "two-step-confirm": {
      const parsed = parseForm(totpCodeSchema, form);
      if (!parsed.ok) return invalid(intent, parsed.fieldErrors);
      const confirmed = await confirmTwoStepSetup(db, userId, parsed.data.code, now, context.say);
      if (!confirmed.ok) return refused(intent, confirmed);
      return done(intent, SECURITY_TEXT.enabled, confirmed.recoveryCodes);
    }
    case "two-step-disable": {
      const parsed = parseForm(disableTwoStepSchema, form);
      if (!parsed.ok) return invalid(intent, parsed.fieldErrors);
      const wrong = await currentPasswordProblem(context, parsed.data.currentPassword);
      if (wrong) return invalid(intent, wrong, wrong.form, wrong.form ? 429 : 400);
      const checked = await checkSecondFactor(db, userId, parsed.data.code, now, context.say);
      if (!checked.ok) return refused(intent, checked);
      await disableTwoStep(db, userId);
      return done(intent, SECURITY_TEXT.disabled);
    }
    case "export-request": {
      const requested = await requestExport(db, userId, now, context.say);
      return requested.ok ? done(intent, SECURITY_TEXT.exportRequested) : invalid(intent, {}, requested.error, requested.status);
    }
    case "delete-account": {
      const parsed = parseForm(deleteAccountSchema, form);
      if (!parsed.ok) return invalid(intent, parsed.fieldErrors);
      const wrong = await currentPasswordProblem(context, parsed.data.currentPassword);
      if (wrong) return invalid(intent, wrong, wrong.form, wrong.form ? 429 : 400);
      const deleted = await deleteAccount(db, userId, now);
      if (!deleted.ok) return invalid(intent, {}, deleted.error, 409);
      return signedOutHere(SECURITY_TEXT.deleted, context.say);
    }
  }
}

export async function handleSecurityAction(context: Context, form: FormData): Promise<SecurityActionResult | Response> {
  const intent = form.get("intent");
  if (!isIntent(intent)) return invalid(null, {}, translatable("Unknown action."));
  try {
    return await run(context, intent, form);
  } catch (error) {
    logger.error({ reason: "security-action-failed", intent, err: error instanceof Error ? error.message : String(error) }, "security change failed");
    return { intent, ok: false, status: 503, fieldErrors: {}, formError: ERROR_TEXT.generic };
  }
}
