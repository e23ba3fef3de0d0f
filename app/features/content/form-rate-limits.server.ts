import { msg } from "@lingui/core/macro";
import { english, type Translate } from "~/features/i18n/translate";
import { consumeRateLimit, formatRetryAfter, type RateLimit } from "~/features/security/rate-limit.server";
import type { Db } from "~/lib/db.server";

/** Per client IP; generous for people, tight enough to stop a script (ADR 0021). */
export const FORM_RATE_LIMITS = {
  contact: [
    { max: 5, windowMs: 10 * 60_000 },
    { max: 20, windowMs: 24 * 60 * 60_000 },
  ],
  newsletter: [
    { max: 10, windowMs: 60 * 60_000 },
    { max: 30, windowMs: 24 * 60 * 60_000 },
  ],
} satisfies Record<string, RateLimit[]>;

export type FormKind = keyof typeof FORM_RATE_LIMITS;

/** The refusal, in the request's language when the caller passes its `say` (ADR 0294). */
export function tooManyMessage(retryAfterSeconds: number, _: Translate = english) {
  const wait = formatRetryAfter(retryAfterSeconds, _);
  return _(msg`Too many submissions from your connection. Please try again in ${wait}.`);
}

/** Checks the limit for this form and client; counts the attempt when allowed. */
export async function takeFormSlot(db: Db, kind: FormKind, ip: string, say: Translate = english): Promise<{ ok: true } | { ok: false; message: string }> {
  const key = `${kind}:${ip}`;
  const verdict = await consumeRateLimit(db, { key, limits: FORM_RATE_LIMITS[kind] });
  if (!verdict.ok) return { ok: false, message: tooManyMessage(verdict.retryAfterSeconds, say) };
  return { ok: true };
}
