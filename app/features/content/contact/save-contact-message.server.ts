import { and, eq, gt, sql } from "drizzle-orm";
import { isIP } from "node:net";
import { contactMessages } from "~/db/schema/content";
import type { Db, Tx } from "~/lib/db.server";
import type { ContactInput } from "./contact-schema";

/** A message identical to one sent from the same address within this window is a repeat, not a new message. */
export const CONTACT_DUPLICATE_WINDOW_HOURS = 24;

function sameMessage(input: ContactInput) {
  return and(
    sql`lower(${contactMessages.email}) = lower(${input.email})`,
    eq(contactMessages.subject, input.subject),
    eq(contactMessages.message, input.message),
    gt(contactMessages.createdAt, sql`now() - make_interval(hours => ${CONTACT_DUPLICATE_WINDOW_HOURS})`),
  );
}

/** The earlier copy of this exact message (same address in any letter case, subject and text), if one was sent recently. */
export async function findRecentDuplicate(db: Db | Tx, input: ContactInput) {
  const [row] = await db
    .select({ id: contactMessages.id, createdAt: contactMessages.createdAt })
    .from(contactMessages)
    .where(sameMessage(input))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a contact-form submission for the team (read later in the admin view),
 * unless the same message from the same address arrived within the last 24 hours
 * (a refresh, a double submit, a second tab). Concurrent copies are serialised by a
 * transaction-scoped advisory lock on the address, so exactly one row is stored.
 */
export async function saveContactMessage(
  db: Db,
  input: ContactInput & { ip: string },
): Promise<{ id: string; createdAt: Date; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${input.email.toLowerCase()}`}))`);
    const earlier = await findRecentDuplicate(tx, input);
    if (earlier) return { ...earlier, duplicate: true };
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, ip: isIP(input.ip) ? input.ip : null })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    return { ...row!, duplicate: false };
  });
}
