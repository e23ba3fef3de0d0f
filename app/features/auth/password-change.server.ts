import { and, eq, isNull, ne } from "drizzle-orm";
import { sessions, users } from "~/db/schema/index";
import type { Db, Tx } from "~/lib/db.server";
import { queuePasswordChangedEmail } from "./account-emails.server";
import { hashPassword } from "./password.server";

/**
 * Revokes every live session of `userId` but `exceptSessionId` (null: all of them). A
 * revoked session's access token stops working at its next request: loadSessionUser
 * reads the session row on every request.
 */
export async function revokeOtherSessions(db: Db | Tx, userId: string, exceptSessionId: string | null, now = new Date()): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * In one transaction: stores the new password hash, signs out every other session and
 * queues the 'your password was changed' e-mail to the account's address (ADR 0240).
 * `extra` runs first in the same transaction (a password reset redeems its link there);
 * when it returns false nothing is changed.
 */
export async function storePasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  { keepSessionId, now = new Date(), extra }: { keepSessionId: string | null; now?: Date; extra?: (tx: Tx) => Promise<boolean> },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (extra && !(await extra(tx))) return false;
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ email: users.email });
    if (!user) return false;
    await revokeOtherSessions(tx, userId, keepSessionId, now);
    await queuePasswordChangedEmail(tx, { userId, to: user.email, now });
    return true;
  });
}

/**
 * Sets a new password (the caller has checked it against the password rule), signs out
 * every other session of the account and e-mails the notice; `keepSessionId` (the browser
 * that changed it) stays signed in.
 */
export async function changePassword(
  db: Db,
  userId: string,
  newPassword: string,
  { keepSessionId }: { keepSessionId: string | null },
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await storePasswordHash(db, userId, passwordHash, { keepSessionId });
}
