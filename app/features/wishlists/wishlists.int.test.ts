import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wishlists } from "~/db/schema/wishlists";
import { createSpace } from "../../../tests/factories/listings";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { DEFAULT_WISHLIST_NAME, MAX_WISHLISTS, WISHLIST_TEXT } from "./wishlist-rules";
import {
  createWishlist,
  deleteWishlist,
  getSharedWishlist,
  getWishlist,
  listsForSpace,
  listWishlists,
  removeFromWishlist,
  renameWishlist,
  savedSpaceIds,
  saveToWishlist,
  setWishlistSharing,
} from "./wishlists.server";

/** Wishlists on both engines (TEST_DB_ENGINE=postgres for PostgreSQL). */
let database: TestDatabase;
const NOW = new Date("2026-06-01T12:00:00.000Z");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function world() {
  const db = database.db;
  const host = await createUser(db, { signIn: false });
  const guest = await createUser(db, { signIn: false, fullName: "Gus Guest" });
  const other = await createUser(db, { signIn: false });
  const loft = await createSpace(db, { userId: host.id, title: "Harbor Loft" });
  const studio = await createSpace(db, { userId: host.id, title: "Sunny Studio" });
  const draft = await createSpace(db, { userId: host.id, title: "Hidden Draft", isPublished: false });
  return { db, host, guest, other, loft, studio, draft };
}

describe("wishlists", () => {
  it("saves to a default list made on the first save, once, and removes from every list", async () => {
    const w = await world();
    const first = await saveToWishlist(w.db, { userId: w.guest.id, spaceId: w.loft.id, now: NOW });
    expect(first).toMatchObject({ ok: true, name: DEFAULT_WISHLIST_NAME });
    const again = await saveToWishlist(w.db, { userId: w.guest.id, spaceId: w.loft.id, now: NOW });
    expect(again.ok && first.ok && again.wishlistId === first.wishlistId).toBe(true);
    const lists = await listWishlists(w.db, w.guest.id);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({ name: DEFAULT_WISHLIST_NAME, isDefault: true, count: 1, shareToken: null });
    expect(await savedSpaceIds(w.db, w.guest.id)).toEqual([w.loft.id]);
    expect(await savedSpaceIds(w.db, w.other.id)).toEqual([]);

    const named = await createWishlist(w.db, { userId: w.guest.id, name: "  Summer   trip ", spaceId: w.loft.id, now: NOW });
    expect(named).toMatchObject({ ok: true, name: "Summer trip" });
    expect((await listsForSpace(w.db, w.guest.id, w.loft.id)).map((l) => [l.name, l.saved])).toEqual([
      [DEFAULT_WISHLIST_NAME, true],
      ["Summer trip", true],
    ]);
    expect(await removeFromWishlist(w.db, { userId: w.guest.id, spaceId: w.loft.id })).toMatchObject({ ok: true, removed: 2 });
    expect(await savedSpaceIds(w.db, w.guest.id)).toEqual([]);
  });

  it("creates, renames and deletes named lists; names are checked and unique per guest", async () => {
    const w = await world();
    expect(await createWishlist(w.db, { userId: w.guest.id, name: "x".repeat(10_000), now: NOW })).toEqual({ ok: false, status: 400, error: WISHLIST_TEXT.nameTooLong, field: "name" });
    expect(await createWishlist(w.db, { userId: w.guest.id, name: "   ", now: NOW })).toEqual({ ok: false, status: 400, error: WISHLIST_TEXT.nameRequired, field: "name" });
    expect(await createWishlist(w.db, { userId: w.guest.id, name: 42, now: NOW })).toMatchObject({ ok: false, status: 400, field: "name" });
    const made = await createWishlist(w.db, { userId: w.guest.id, name: "Weekend", now: NOW });
    if (!made.ok) throw new Error(made.error);
    expect(await createWishlist(w.db, { userId: w.guest.id, name: "weekend", now: NOW })).toEqual({ ok: false, status: 409, error: WISHLIST_TEXT.nameTaken("weekend"), field: "name" });
    // Another guest may use the same name.
    expect(await createWishlist(w.db, { userId: w.other.id, name: "Weekend", now: NOW })).toMatchObject({ ok: true });
    expect(await renameWishlist(w.db, { userId: w.guest.id, id: made.id, name: "Long weekend", now: NOW })).toEqual({ ok: true, name: "Long weekend" });
    expect(await renameWishlist(w.db, { userId: w.other.id, id: made.id, name: "Mine now", now: NOW })).toEqual({ ok: false, status: 404, error: WISHLIST_TEXT.notFound });
    expect(await deleteWishlist(w.db, { userId: w.other.id, id: made.id })).toEqual({ ok: false, status: 404, error: WISHLIST_TEXT.notFound });
    expect(await deleteWishlist(w.db, { userId: w.guest.id, id: made.id })).toEqual({ ok: true, name: "Long weekend" });
    expect(await listWishlists(w.db, w.guest.id)).toEqual([]);
  });

  it("keeps other people's lists private: not found, nothing changed", async () => {
    const w = await world();
    const mine = await createWishlist(w.db, { userId: w.guest.id, name: "Private", spaceId: w.loft.id, now: NOW });
    if (!mine.ok) throw new Error(mine.error);
    expect(await getWishlist(w.db, { userId: w.other.id, id: mine.id })).toEqual({ ok: false, status: 404, error: WISHLIST_TEXT.notFound });
    expect(await getWishlist(w.db, { userId: w.other.id, id: "not-a-uuid" })).toMatchObject({ ok: false, status: 404 });
    expect(await saveToWishlist(w.db, { userId: w.other.id, spaceId: w.studio.id, wishlistId: mine.id, now: NOW })).toMatchObject({ ok: false, status: 404 });
    expect(await removeFromWishlist(w.db, { userId: w.other.id, spaceId: w.loft.id, wishlistId: mine.id })).toMatchObject({ ok: false, status: 404 });
    expect(await removeFromWishlist(w.db, { userId: w.other.id, spaceId: w.loft.id })).toMatchObject({ ok: true, removed: 0 });
    expect(await setWishlistSharing(w.db, { userId: w.other.id, id: mine.id, shared: true, now: NOW })).toMatchObject({ ok: false, status: 404 });
    const still = await getWishlist(w.db, { userId: w.guest.id, id: mine.id });
    expect(still.ok && still.list.spaces.map((s) => s.id)).toEqual([w.loft.id]);
    expect(still.ok && still.list.shareToken).toBeNull();
  });

  it("refuses unpublished and unknown listings, and hides a listing unpublished after it was saved", async () => {
    const w = await world();
    expect(await saveToWishlist(w.db, { userId: w.guest.id, spaceId: w.draft.id, now: NOW })).toEqual({ ok: false, status: 404, error: WISHLIST_TEXT.listingNotFound });
    expect(await saveToWishlist(w.db, { userId: w.guest.id, spaceId: "1; drop table spaces", now: NOW })).toMatchObject({ ok: false, status: 404 });
    expect(await createWishlist(w.db, { userId: w.guest.id, name: "Drafts", spaceId: w.draft.id, now: NOW })).toMatchObject({ ok: false, status: 404 });
    expect(await listWishlists(w.db, w.guest.id)).toEqual([]);
    const saved = await saveToWishlist(w.db, { userId: w.guest.id, spaceId: w.studio.id, now: NOW });
    if (!saved.ok) throw new Error(saved.error);
    const { spaces } = await import("~/db/schema/listings");
    await w.db.update(spaces).set({ isPublished: false }).where(eq(spaces.id, w.studio.id));
    const list = await getWishlist(w.db, { userId: w.guest.id, id: saved.wishlistId });
    expect(list.ok && list.list.spaces).toEqual([]);
    expect((await listWishlists(w.db, w.guest.id))[0]?.count).toBe(0);
  });

  it("shares a list read-only by a secret link that stops working when sharing is turned off", async () => {
    const w = await world();
    const made = await createWishlist(w.db, { userId: w.guest.id, name: "Show Mum", spaceId: w.loft.id, now: NOW });
    if (!made.ok) throw new Error(made.error);
    const on = await setWishlistSharing(w.db, { userId: w.guest.id, id: made.id, shared: true, now: NOW });
    if (!on.ok || !on.shareToken) throw new Error("not shared");
    expect(on.shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const shared = await getSharedWishlist(w.db, on.shareToken);
    expect(shared).toMatchObject({ ok: true, list: { name: "Show Mum", ownerName: "Gus Guest" } });
    expect(shared.ok && shared.list.spaces.map((s) => s.title)).toEqual(["Harbor Loft"]);
    expect(await getSharedWishlist(w.db, "x".repeat(32))).toMatchObject({ ok: false, status: 404 });
    expect(await getSharedWishlist(w.db, "")).toMatchObject({ ok: false, status: 404 });
    const again = await setWishlistSharing(w.db, { userId: w.guest.id, id: made.id, shared: true, now: NOW });
    expect(again.ok && again.shareToken !== on.shareToken).toBe(true);
    expect(await getSharedWishlist(w.db, on.shareToken)).toMatchObject({ ok: false, status: 404 });
    await setWishlistSharing(w.db, { userId: w.guest.id, id: made.id, shared: false, now: NOW });
    if (again.ok && again.shareToken) expect(await getSharedWishlist(w.db, again.shareToken)).toMatchObject({ ok: false, status: 404 });
  });

  it(`caps a guest at ${MAX_WISHLISTS} lists with a clear message, even when asked at once`, async () => {
    const w = await world();
    await w.db.insert(wishlists).values(Array.from({ length: MAX_WISHLISTS - 2 }, (_, i) => ({ userId: w.guest.id, name: `List ${i}` })));
    const results = await Promise.all(["A", "B", "C", "D"].map((name) => createWishlist(w.db, { userId: w.guest.id, name, now: NOW })));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, status: 409, error: WISHLIST_TEXT.tooManyLists },
      { ok: false, status: 409, error: WISHLIST_TEXT.tooManyLists },
    ]);
    // The first save needs a default list: refused the same way at the cap.
    expect(await saveToWishlist(w.db, { userId: w.guest.id, spaceId: w.loft.id, now: NOW })).toEqual({ ok: false, status: 409, error: WISHLIST_TEXT.tooManyLists });
    expect(await listWishlists(w.db, w.guest.id)).toHaveLength(MAX_WISHLISTS);
  });
});
