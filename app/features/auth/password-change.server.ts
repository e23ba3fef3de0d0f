import { and, eq, isNull, ne } from "drizzle-orm";
import { sessions, users } from "~/db/schema/index";
import type { Db, Tx } from "~/lib/db.server";
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
 * Sets a new password (the caller has checked it against the password rule) and signs out
 * every other session of the account; `keepSessionId` (the browser that changed it) stays
 * signed in.
 */
export async function changePassword(
  db: Db,
  userId: string,
  newPassword: string,
  { keepSessionId }: { keepSessionId: string | null },
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeOtherSessions(tx, userId, keepSessionId);
  });
}
