import type { Translate } from "~/features/i18n/translate";
import crypto from "node:crypto";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { spaces } from "~/db/schema/listings";
import { wishlistItems, wishlists } from "~/db/schema/wishlists";
import { spaceCardColumns } from "~/features/listings/card-columns.server";
import type { SpaceCardData } from "~/features/listings/card";
import type { Db, Tx } from "~/lib/db.server";
import { isUuid } from "~/lib/uuid";
import {
  DEFAULT_WISHLIST_NAME,
  MAX_WISHLIST_ITEMS,
  MAX_WISHLISTS,
  WISHLIST_TEXT,
  wishlistNameSchema,
} from "./wishlist-rules";

/**
 * Wishlists (issue #27 point 5, docs/decisions/0230-wishlists.md). The server decides:
 * every function takes the signed-in user's id and touches only that user's lists;
 * someone else's list, private or shared, is "not found" to anyone but its owner
 * (a shared list is read through its secret token only). Only published listings
 * can be saved, and only published ones are shown.
 */

export type WishlistRefusal = {
  ok: false;
  status: 400 | 404 | 409;
  error: string;
  field?: "name";
};
type Result<T> = ({ ok: true } & T) | WishlistRefusal;

const refuse = (
  status: WishlistRefusal["status"],
  error: string,
  field?: "name",
): WishlistRefusal => ({
  ok: false,
  status,
  error,
  ...(field ? { field } : {}),
});
const notFound = () => refuse(404, WISHLIST_TEXT.notFound);

export type WishlistSummary = {
  id: string;
  name: string;
  isDefault: boolean;
  shareToken: string | null;
  count: number;
  cover: string | null;
};

/** One guest's lists, the default first, then oldest first, with how many published listings each holds and a cover image. */
export async function listWishlists(
  db: Db,
  userId: string,
): Promise<WishlistSummary[]> {
  if (!isUuid(userId)) return [];
  const rows = await db
    .select({
      id: wishlists.id,
      name: wishlists.name,
      isDefault: wishlists.isDefault,
      shareToken: wishlists.shareToken,
      count: sql<number>`(select count(*)::int from ${wishlistItems} i join ${spaces} s on s.id = i.space_id and s.is_published where i.wishlist_id = "wishlists"."id")`,
      cover: sql<
        string | null
      >`(select s.images[1] from ${wishlistItems} i join ${spaces} s on s.id = i.space_id and s.is_published where i.wishlist_id = "wishlists"."id" order by i.created_at desc limit 1)`,
    })
    .from(wishlists)
    .where(eq(wishlists.userId, userId))
    .orderBy(
      desc(wishlists.isDefault),
      asc(wishlists.createdAt),
      asc(wishlists.id),
    )
    .limit(MAX_WISHLISTS);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The ids of every published listing the guest saved in any list (the hearts on a page), newest first, bounded. */
export async function savedSpaceIds(db: Db, userId: string): Promise<string[]> {
  if (!isUuid(userId)) return [];
  const rows = await db
    .selectDistinct({ spaceId: wishlistItems.spaceId })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
    .where(eq(wishlists.userId, userId))
    .limit(MAX_WISHLISTS * 10);
  return rows.map((row) => row.spaceId);
}

/** The guest's lists with whether each holds `spaceId` (the heart's dialog). */
export async function listsForSpace(
  db: Db,
  userId: string,
  spaceId: string,
): Promise<Array<WishlistSummary & { saved: boolean }>> {
  const lists = await listWishlists(db, userId);
  if (!isUuid(spaceId) || lists.length === 0)
    return lists.map((list) => ({ ...list, saved: false }));
  const rows = await db
    .select({ wishlistId: wishlistItems.wishlistId })
    .from(wishlistItems)
    .where(
      and(
        eq(wishlistItems.spaceId, spaceId),
        inArray(
          wishlistItems.wishlistId,
          lists.map((list) => list.id),
        ),
      ),
    );
  const saved = new Set(rows.map((row) => row.wishlistId));
  return lists.map((list) => ({ ...list, saved: saved.has(list.id) }));
}

export type WishlistView = {
  id: string;
  name: string;
  isDefault: boolean;
  shareToken: string | null;
  spaces: SpaceCardData[];
};

async function publishedItems(
  db: Db,
  wishlistId: string,
): Promise<SpaceCardData[]> {
  return (await db
    .select(spaceCardColumns)
    .from(wishlistItems)
    .innerJoin(spaces, eq(spaces.id, wishlistItems.spaceId))
    .where(
      and(
        eq(wishlistItems.wishlistId, wishlistId),
        eq(spaces.isPublished, true),
      ),
    )
    .orderBy(desc(wishlistItems.createdAt), asc(spaces.id))
    .limit(MAX_WISHLIST_ITEMS)) as SpaceCardData[];
}

/** One of the guest's own lists with its published listings; another person's list is not found. */
export async function getWishlist(
  db: Db,
  input: { userId: string; id: string },
): Promise<Result<{ list: WishlistView }>> {
  if (!isUuid(input.id) || !isUuid(input.userId)) return notFound();
  const [list] = await db
    .select()
    .from(wishlists)
    .where(and(eq(wishlists.id, input.id), eq(wishlists.userId, input.userId)));
  if (!list) return notFound();
  return {
    ok: true,
    list: {
      id: list.id,
      name: list.name,
      isDefault: list.isDefault,
      shareToken: list.shareToken,
      spaces: await publishedItems(db, list.id),
    },
  };
}

/** A list shared by its link, read-only, for anyone who has the token. */
export async function getSharedWishlist(
  db: Db,
  token: string,
): Promise<
  Result<{
    list: { name: string; ownerName: string | null; spaces: SpaceCardData[] };
  }>
> {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{20,64}$/.test(token))
    return notFound();
  const { rows } = await db.execute<{
    id: string;
    name: string;
    owner_name: string | null;
  }>(
    sql`select w.id, w.name, p.full_name as owner_name from ${wishlists} w left join profiles p on p.id = w.user_id where w.share_token = ${token} limit 1`,
  );
  const list = rows[0];
  if (!list) return notFound();
  return {
    ok: true,
    list: {
      name: list.name,
      ownerName: list.owner_name?.trim() || null,
      spaces: await publishedItems(db, list.id),
    },
  };
}

/** Serialises one guest's list changes (the cap and the default list are decided under it). */
async function lockUser(tx: Tx, userId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`rentwell-wishlists:${userId}`}))`,
  );
}

async function nameTaken(
  tx: Tx,
  userId: string,
  name: string,
  exceptId?: string,
) {
  const rows = await tx
    .select({ id: wishlists.id })
    .from(wishlists)
    .where(
      and(
        eq(wishlists.userId, userId),
        sql`lower(${wishlists.name}) = lower(${name})`,
        exceptId ? sql`${wishlists.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

async function insertList(
  tx: Tx,
  input: {
    userId: string;
    name: string;
    isDefault: boolean;
    now: Date;
    language?: Translate;
  },
): Promise<Result<{ id: string; name: string }>> {
  const [{ total } = { total: 0 }] = await tx
    .select({ total: count() })
    .from(wishlists)
    .where(eq(wishlists.userId, input.userId));
  if (Number(total) >= MAX_WISHLISTS)
    return refuse(409, WISHLIST_TEXT.tooManyLists);
  if (await nameTaken(tx, input.userId, input.name))
    return refuse(
      409,
      WISHLIST_TEXT.nameTaken(input.name, input.language),
      "name",
    );
  const [row] = await tx
    .insert(wishlists)
    .values({
      userId: input.userId,
      name: input.name,
      isDefault: input.isDefault,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: wishlists.id, name: wishlists.name });
  return { ok: true, id: row!.id, name: row!.name };
}

/** A new named list (and, with `spaceId`, the listing saved in it at once). */
/** `language`: the request's, for the refusal that names the list (the others are `translatable` texts). */
export async function createWishlist(
  db: Db,
  input: {
    userId: string;
    name: unknown;
    spaceId?: string | null;
    now: Date;
    language?: Translate;
  },
): Promise<Result<{ id: string; name: string }>> {
  const name = wishlistNameSchema.safeParse(input.name ?? "");
  if (!name.success)
    return refuse(
      400,
      name.error.issues[0]?.message ?? WISHLIST_TEXT.nameRequired,
      "name",
    );
  if (input.spaceId != null && !(await isSaveable(db, input.spaceId)))
    return refuse(404, WISHLIST_TEXT.listingNotFound);
  return db.transaction(async (tx) => {
    await lockUser(tx, input.userId);
    const created = await insertList(tx, {
      userId: input.userId,
      name: name.data,
      isDefault: false,
      now: input.now,
      language: input.language,
    });
    if (created.ok && input.spaceId)
      await tx
        .insert(wishlistItems)
        .values({
          wishlistId: created.id,
          spaceId: input.spaceId,
          createdAt: input.now,
        })
        .onConflictDoNothing();
    return created;
  });
}

export async function renameWishlist(
  db: Db,
  input: {
    userId: string;
    id: string;
    name: unknown;
    now: Date;
    language?: Translate;
  },
): Promise<Result<{ name: string }>> {
  const name = wishlistNameSchema.safeParse(input.name ?? "");
  if (!name.success)
    return refuse(
      400,
      name.error.issues[0]?.message ?? WISHLIST_TEXT.nameRequired,
      "name",
    );
  if (!isUuid(input.id)) return notFound();
  return db.transaction(async (tx) => {
    await lockUser(tx, input.userId);
    if (await nameTaken(tx, input.userId, name.data, input.id))
      return refuse(
        409,
        WISHLIST_TEXT.nameTaken(name.data, input.language),
        "name",
      );
    const rows = await tx
      .update(wishlists)
      .set({ name: name.data, updatedAt: input.now })
      .where(
        and(eq(wishlists.id, input.id), eq(wishlists.userId, input.userId)),
      )
      .returning({ name: wishlists.name });
    return rows[0] ? { ok: true as const, name: rows[0].name } : notFound();
  });
}

export async function deleteWishlist(
  db: Db,
  input: { userId: string; id: string },
): Promise<Result<{ name: string }>> {
  if (!isUuid(input.id)) return notFound();
  const rows = await db
    .delete(wishlists)
    .where(and(eq(wishlists.id, input.id), eq(wishlists.userId, input.userId)))
    .returning({ name: wishlists.name });
  return rows[0] ? { ok: true, name: rows[0].name } : notFound();
}

/** Turns the share link on (a new secret token) or off; turning it on again makes a new link, so an old one stops working. */
export async function setWishlistSharing(
  db: Db,
  input: { userId: string; id: string; shared: boolean; now: Date },
): Promise<Result<{ shareToken: string | null }>> {
  if (!isUuid(input.id)) return notFound();
  const token = input.shared
    ? crypto.randomBytes(24).toString("base64url")
    : null;
  const rows = await db
    .update(wishlists)
    .set({ shareToken: token, updatedAt: input.now })
    .where(and(eq(wishlists.id, input.id), eq(wishlists.userId, input.userId)))
    .returning({ shareToken: wishlists.shareToken });
  return rows[0] ? { ok: true, shareToken: rows[0].shareToken } : notFound();
}

async function isSaveable(db: Db | Tx, spaceId: string): Promise<boolean> {
  if (!isUuid(spaceId)) return false;
  const rows = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.isPublished, true)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Saves a published listing to one of the guest's lists, or to the default list
 * (made on the first save) when `wishlistId` is not given. Saving twice is one save.
 */
export async function saveToWishlist(
  db: Db,
  input: {
    userId: string;
    spaceId: string;
    wishlistId?: string | null;
    now: Date;
  },
): Promise<Result<{ wishlistId: string; name: string }>> {
  if (
    input.wishlistId != null &&
    input.wishlistId !== "" &&
    !isUuid(input.wishlistId)
  )
    return notFound();
  if (!(await isSaveable(db, input.spaceId)))
    return refuse(404, WISHLIST_TEXT.listingNotFound);
  return db.transaction(async (tx) => {
    await lockUser(tx, input.userId);
    let list: { id: string; name: string } | undefined;
    if (input.wishlistId) {
      [list] = await tx
        .select({ id: wishlists.id, name: wishlists.name })
        .from(wishlists)
        .where(
          and(
            eq(wishlists.id, input.wishlistId),
            eq(wishlists.userId, input.userId),
          ),
        );
      if (!list) return notFound();
    } else {
      [list] = await tx
        .select({ id: wishlists.id, name: wishlists.name })
        .from(wishlists)
        .where(
          and(
            eq(wishlists.userId, input.userId),
            eq(wishlists.isDefault, true),
          ),
        );
      if (!list) {
        // A named list already called like the default one becomes the default.
        const [same] = await tx
          .select({ id: wishlists.id, name: wishlists.name })
          .from(wishlists)
          .where(
            and(
              eq(wishlists.userId, input.userId),
              sql`lower(${wishlists.name}) = lower(${DEFAULT_WISHLIST_NAME})`,
            ),
          );
        if (same) {
          await tx
            .update(wishlists)
            .set({ isDefault: true })
            .where(eq(wishlists.id, same.id));
          list = same;
        } else {
          const created = await insertList(tx, {
            userId: input.userId,
            name: DEFAULT_WISHLIST_NAME,
            isDefault: true,
            now: input.now,
          });
          if (!created.ok) return created;
          list = { id: created.id, name: created.name };
        }
      }
    }
    if (!list) return notFound();
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(wishlistItems)
      .where(eq(wishlistItems.wishlistId, list.id));
    const already = await tx
      .select({ id: wishlistItems.spaceId })
      .from(wishlistItems)
      .where(
        and(
          eq(wishlistItems.wishlistId, list.id),
          eq(wishlistItems.spaceId, input.spaceId),
        ),
      )
      .limit(1);
    if (already.length === 0 && Number(total) >= MAX_WISHLIST_ITEMS)
      return refuse(409, WISHLIST_TEXT.listFull);
    await tx
      .insert(wishlistItems)
      .values({
        wishlistId: list.id,
        spaceId: input.spaceId,
        createdAt: input.now,
      })
      .onConflictDoNothing();
    await tx
      .update(wishlists)
      .set({ updatedAt: input.now })
      .where(eq(wishlists.id, list.id));
    return { ok: true as const, wishlistId: list.id, name: list.name };
  });
}

/** Removes a listing from one of the guest's lists, or from all of them when `wishlistId` is not given (the heart turned off). */
export async function removeFromWishlist(
  db: Db,
  input: { userId: string; spaceId: string; wishlistId?: string | null },
): Promise<Result<{ removed: number; name: string | null }>> {
  if (!isUuid(input.spaceId)) return refuse(404, WISHLIST_TEXT.listingNotFound);
  if (
    input.wishlistId != null &&
    input.wishlistId !== "" &&
    !isUuid(input.wishlistId)
  )
    return notFound();
  const mine = db
    .select({ id: wishlists.id })
    .from(wishlists)
    .where(
      and(
        eq(wishlists.userId, input.userId),
        input.wishlistId ? eq(wishlists.id, input.wishlistId) : undefined,
      ),
    );
  if (input.wishlistId) {
    const [list] = await db
      .select({ name: wishlists.name })
      .from(wishlists)
      .where(
        and(
          eq(wishlists.id, input.wishlistId),
          eq(wishlists.userId, input.userId),
        ),
      );
    if (!list) return notFound();
    const rows = await db
      .delete(wishlistItems)
      .where(
        and(
          eq(wishlistItems.spaceId, input.spaceId),
          inArray(wishlistItems.wishlistId, mine),
        ),
      )
      .returning({ id: wishlistItems.wishlistId });
    return { ok: true, removed: rows.length, name: list.name };
  }
  const rows = await db
    .delete(wishlistItems)
    .where(
      and(
        eq(wishlistItems.spaceId, input.spaceId),
        inArray(wishlistItems.wishlistId, mine),
      ),
    )
    .returning({ id: wishlistItems.wishlistId });
  return { ok: true, removed: rows.length, name: null };
}
