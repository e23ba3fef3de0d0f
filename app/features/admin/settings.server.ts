import { eq } from "drizzle-orm";
import { adminActions, platformSettings, PROTECTION_PERCENT_DEFAULT } from "~/db/schema/admin";
import { basisPointsText } from "~/features/bookings/requirements";
import type { Db, Tx } from "~/lib/db.server";
import { SETTINGS_TEXT, type SettingsInput } from "./settings-form";
import { english, type Translate } from "~/features/i18n/translate";

/**
 * The platform's settings (issue #28 point 3, ADR 0286): one row, read by the hold in its
 * one round trip and by /admin; an admin's change is written with its admin log row.
 */
export type PlatformSettings = { id: string | null; protectionPercent: number };

export async function loadPlatformSettings(db: Db | Tx): Promise<PlatformSettings> {
  const [row] = await db.select({ id: platformSettings.id, protectionPercent: platformSettings.protectionPercent }).from(platformSettings).limit(1);
  return row ?? { id: null, protectionPercent: PROTECTION_PERCENT_DEFAULT };
}

/** Sets the protection's rate and logs it ("update_setting", the old and new rate as the note). */
export async function updatePlatformSettings(db: Db, admin: { id: string }, input: SettingsInput, now: Date, _: Translate = english): Promise<{ ok: true; message: string; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(platformSettings).limit(1).for("update");
    const before = current?.protectionPercent ?? PROTECTION_PERCENT_DEFAULT;
    if (current && before === input.protectionPercent) return { ok: true, message: SETTINGS_TEXT.unchanged, changed: false };
    const [row] = current
      ? await tx
          .update(platformSettings)
          .set({ protectionPercent: input.protectionPercent, updatedAt: now, updatedBy: admin.id })
          .where(eq(platformSettings.id, current.id))
          .returning({ id: platformSettings.id })
      : await tx.insert(platformSettings).values({ protectionPercent: input.protectionPercent, updatedAt: now, updatedBy: admin.id }).returning({ id: platformSettings.id });
    await tx.insert(adminActions).values({
      adminId: admin.id,
      action: "update_setting",
      targetType: "setting",
      targetId: row!.id,
      targetLabel: SETTINGS_TEXT.logLabel,
      reason: `Protection rate ${basisPointsText(before)} → ${basisPointsText(input.protectionPercent)}`,
      createdAt: now,
    });
    return { ok: true, message: SETTINGS_TEXT.saved(basisPointsText(input.protectionPercent), _), changed: true };
  });
}
