import crypto from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { emailTokens } from "~/db/schema/index";
import type { Db, Tx } from "~/lib/db.server";
import { ACCOUNT_EMAIL_TEXT } from "./account-email-texts";

/**
 * Single-use links sent by e-mail (ADR 0240): 32 random bytes, base64url (43 characters),
 * of which only the SHA-256 is stored. A new link of one purpose voids the user's earlier
 * unused ones, and redeeming one is a single conditional UPDATE, so two requests with the
 * same link cannot both succeed.
 */
export type EmailTokenPurpose = "password_reset" | "email_verification" | "email_change";

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  password_reset: 60 * 60_000,
  email_verification: 24 * 60 * 60_000,
  email_change: 24 * 60 * 60_000,
};

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newEmailToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashEmailToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** A truncated or otherwise malformed token is refused before the database is asked. */
export function looksLikeEmailToken(token: unknown): token is string {
  return typeof token === "string" && TOKEN_PATTERN.test(token);
}

/** Stores a new link for `email` (voiding the user's unused ones of the same purpose) and returns its token. */
export async function issueEmailToken(
  tx: Db | Tx,
  input: { userId: string; purpose: EmailTokenPurpose; email: string; now: Date },
): Promise<string> {
  await tx
    .update(emailTokens)
    .set({ usedAt: input.now })
    .where(and(eq(emailTokens.userId, input.userId), eq(emailTokens.purpose, input.purpose), isNull(emailTokens.usedAt)));
  const token = newEmailToken();
  await tx.insert(emailTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashEmailToken(token),
    email: input.email,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + EMAIL_TOKEN_TTL_MS[input.purpose]),
  });
  return token;
}

export type EmailTokenProblem = "invalid" | "expired" | "used";

export type EmailTokenLookup =
  | { ok: true; userId: string; purpose: EmailTokenPurpose; email: string }
  | { ok: false; problem: EmailTokenProblem };

export function tokenProblemText(problem: EmailTokenProblem): string {
  if (problem === "expired") return ACCOUNT_EMAIL_TEXT.linkExpired;
  if (problem === "used") return ACCOUNT_EMAIL_TEXT.linkUsed;
  return ACCOUNT_EMAIL_TEXT.linkInvalid;
}

/** What a link is, without redeeming it (the page shows the form only for a usable one). */
export async function peekEmailToken(db: Db | Tx, token: unknown, purposes: EmailTokenPurpose[], now: Date): Promise<EmailTokenLookup> {
  if (!looksLikeEmailToken(token)) return { ok: false, problem: "invalid" };
  const [row] = await db
    .select({ userId: emailTokens.userId, purpose: emailTokens.purpose, email: emailTokens.email, expiresAt: emailTokens.expiresAt, usedAt: emailTokens.usedAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashEmailToken(token)), inArray(emailTokens.purpose, purposes)));
  if (!row) return { ok: false, problem: "invalid" };
  if (row.usedAt) return { ok: false, problem: "used" };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, problem: "expired" };
  return { ok: true, userId: row.userId, purpose: row.purpose as EmailTokenPurpose, email: row.email };
}

/** Redeems a link: exactly one caller gets `ok: true` for a valid token; later ones learn why not. */
export async function consumeEmailToken(tx: Db | Tx, token: unknown, purposes: EmailTokenPurpose[], now: Date): Promise<EmailTokenLookup> {
  if (!looksLikeEmailToken(token)) return { ok: false, problem: "invalid" };
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashEmailToken(token)),
        inArray(emailTokens.purpose, purposes),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId, purpose: emailTokens.purpose, email: emailTokens.email });
  if (row) return { ok: true, userId: row.userId, purpose: row.purpose as EmailTokenPurpose, email: row.email };
  const why = await peekEmailToken(tx, token, purposes, now);
  return why.ok ? { ok: false, problem: "used" } : why;
}
