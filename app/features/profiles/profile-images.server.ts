import { eq } from "drizzle-orm";
import { profiles } from "~/db/schema/profiles";
import { isMediaAttached } from "~/features/media/orphans.server";
import type { ProfileImageKind } from "~/features/media/profile-image-rules";
import { isOwnProfileImage, storeProfileImage } from "~/features/media/profile-images.server";
import type { MediaStorage } from "~/features/media/storage.server";
import type { Db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { getOwnProfile } from "./profile.server";

const COLUMN = { avatar: "avatarUrl", banner: "bannerUrl" } as const;

/**
 * Stores a new avatar or banner and puts it on the profile. The previous file of that
 * kind is removed (docs/product.md#media) when it is one this user uploaded as that kind
 * and nothing else still uses it. Returns the new public URL.
 */
export async function replaceProfileImage(
  db: Db,
  storage: MediaStorage,
  userId: string,
  kind: ProfileImageKind,
  bytes: Buffer,
  now: Date,
): Promise<string> {
  await getOwnProfile(db, userId);
  const url = await storeProfileImage(storage, userId, kind, bytes, now);
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ avatarUrl: profiles.avatarUrl, bannerUrl: profiles.bannerUrl })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .for("update");
      await tx.update(profiles).set({ [COLUMN[kind]]: url }).where(eq(profiles.id, userId));
      return row?.[COLUMN[kind]] ?? null;
    });
  } catch (error) {
    await deleteKeyOf(storage, url);
    throw error;
  }
  if (previous && previous !== url && isOwnProfileImage(storage, userId, kind, previous) && !(await isMediaAttached(db, userId, previous))) {
    await deleteKeyOf(storage, previous);
  }
  return url;
}

async function deleteKeyOf(storage: MediaStorage, url: string) {
  const key = storage.keyFromUrl(url);
  if (!key) return;
  await storage.delete(key).catch((error: unknown) => {
    logger.warn({ reason: "profile-image-delete-failed", err: error instanceof Error ? error.message : String(error) }, "profile image not removed");
  });
}
