import { eq } from "drizzle-orm";
import { emailPreferences } from "~/db/schema/mail";
import type { Db } from "~/lib/db.server";
import { OPTIONAL_EMAIL_KINDS, type OptionalEmailKind } from "./email-kinds";

/** Which optional e-mails the user gets (all of them until they turn one off; ADR 0172). */
export async function getEnabledEmailKinds(db: Db, userId: string): Promise<OptionalEmailKind[]> {
  const [row] = await db.select({ disabled: emailPreferences.disabledKinds }).from(emailPreferences).where(eq(emailPreferences.userId, userId));
  const disabled = new Set(row?.disabled ?? []);
  return OPTIONAL_EMAIL_KINDS.filter((kind) => !disabled.has(kind));
}

export async function setEnabledEmailKinds(db: Db, userId: string, enabled: readonly OptionalEmailKind[], now: Date): Promise<void> {
  const disabledKinds = OPTIONAL_EMAIL_KINDS.filter((kind) => !enabled.includes(kind));
  await db
    .insert(emailPreferences)
    .values({ userId, disabledKinds, updatedAt: now })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { disabledKinds, updatedAt: now } });
}
