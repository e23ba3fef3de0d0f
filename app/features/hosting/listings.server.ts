import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { clampPage, isUuid } from "~/lib/uuid";
import { idempotencyKeys, rentalCategories, rentalSubcategories, spaces, spaceTypes } from "~/db/schema/index";
import type { Db } from "~/lib/db.server";
import { emailVerificationRequired } from "~/features/auth/email-verification.server";
import { isMediaAttached } from "~/features/media/orphans.server";
import { cardKeyFor, type MediaStorage } from "~/features/media/storage.server";
import { ADDRESS_REQUIRED_MESSAGE, hasCompleteAddress, type ListingInput, listingColumns } from "./listing-form";
import { REQUIREMENT_TEXT } from "~/features/bookings/requirements";
import { ERROR_TEXT } from "~/lib/messages";
import { translatable } from "~/features/i18n/translatable";
import { MODERATED_PUBLISH_REFUSED } from "~/features/admin/moderation-notice";
import { listingPoint } from "~/features/geo/listing-location.server";
import { errorMessage, logger } from "~/lib/logger.server";

/**
 * The host's side of listings. Every query is filtered by the listing id AND the
 * owner's user id (docs/product.md#permissions): another user's listing behaves as if it did not exist.
 */

const notYours = (kind: "image" | "video") =>
  kind === "image" ? translatable("This image is not one of your uploads; upload it again.") : translatable("This video is not one of your uploads; upload it again.");

export class HostingError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = "HostingError";
  }
}

/** Publishing needs a verified e-mail address (issue #29 point 2, ADR 0241): a 403 with the reason. */
async function refuseUnverifiedPublisher(db: Db, userId: string) {
  const unverified = await emailVerificationRequired(db, userId, "list");
  if (unverified) throw new HostingError(unverified, 403);
}

export const LISTING_NOT_FOUND = translatable("Listing not found");

type SpaceRow = typeof spaces.$inferSelect;

/** The space type, category and subcategory must exist (and belong together). */
async function checkReferences(db: Db, input: ListingInput) {
  const [type] = await db.select({ id: spaceTypes.id }).from(spaceTypes).where(eq(spaceTypes.name, input.type)).limit(1);
  if (!type) throw new HostingError(translatable("Choose a space type from the list"), 400, "type");
  if (input.categoryId) {
    const [category] = await db
      .select({ id: rentalCategories.id })
      .from(rentalCategories)
      .where(and(eq(rentalCategories.id, input.categoryId), eq(rentalCategories.isActive, true)))
      .limit(1);
    if (!category) throw new HostingError(translatable("Choose a category from the list"), 400, "categoryId");
  }
  if (input.subcategoryId) {
    const [sub] = await db
      .select({ id: rentalSubcategories.id })
      .from(rentalSubcategories)
      .where(and(eq(rentalSubcategories.id, input.subcategoryId), eq(rentalSubcategories.categoryId, input.categoryId!)))
      .limit(1);
    if (!sub) throw new HostingError(translatable("Choose a subcategory of the chosen category"), 400, "subcategoryId");
  }
}

/**
 * Media URLs a listing may reference: the user's own stored uploads, plus what the
 * listing already had (e.g. demo images). Anything else is refused.
 */
export async function checkMediaUrls(
  storage: MediaStorage,
  userId: string,
  input: Pick<ListingInput, "images" | "videos">,
  alreadyOnListing: string[] = [],
) {
  const kept = new Set(alreadyOnListing);
  const check = async (url: string, kind: "image" | "video") => {
    if (kept.has(url)) return;
    const key = storage.keyFromUrl(url);
    // Another user's upload: forbidden, whether or not it exists (docs/product.md#permissions; docs/decisions/0053).
    if (key !== null && !key.startsWith(`${userId}/`)) {
      throw new HostingError(notYours(kind), 403, `${kind}s`);
    }
    const ok =
      key !== null &&
      key.startsWith(`${userId}/`) &&
      !key.includes(".card.") &&
      (kind === "image" ? key.endsWith(".webp") : /\.(mp4|webm|mov)$/.test(key)) &&
      (await storage.exists(key));
    if (!ok) throw new HostingError(notYours(kind), 400, `${kind}s`);
  };
  if (new Set(input.images).size !== input.images.length || new Set(input.videos).size !== input.videos.length) {
    throw new HostingError(translatable("The same file is attached twice."), 400, "images");
  }
  for (const url of input.images) await check(url, "image");
  for (const url of input.videos) await check(url, "video");
}

/** Deletes stored files (and image card variants) that a listing no longer uses. */
export async function deleteMediaFiles(storage: MediaStorage, userId: string, urls: string[]) {
  for (const url of urls) {
    const key = storage.keyFromUrl(url);
    if (!key || !key.startsWith(`${userId}/`)) continue;
    await storage.delete(key).catch((error) => logger.error({ reason: "media-delete-failed", key, err: errorMessage(error) }, "Deleting media failed"));
    if (key.endsWith(".webp")) await storage.delete(cardKeyFor(key)).catch(() => undefined);
  }
}

/**
 * Creates a listing (docs/product.md#listing-states: available; published only on 'Publish Listing').
 * A repeated form token returns the listing the first submission created.
 */
export async function createSpace(
  db: Db,
  storage: MediaStorage,
  userId: string,
  input: ListingInput,
): Promise<{ id: string; duplicate: boolean }> {
  const publish = input.intent === "publish";
  if (publish && !hasCompleteAddress(input)) throw new HostingError(ADDRESS_REQUIRED_MESSAGE, 400, "address");
  if (publish) await refuseUnverifiedPublisher(db, userId);
  await checkReferences(db, input);
  await checkMediaUrls(storage, userId, input);
  // Geocoded before the transaction: an HTTP geocoder never runs while rows are locked.
  const id = randomUUID();
  const point = await listingPoint(id, input);
  return db.transaction(async (tx) => {
    if (input.formToken) {
      const key = `create-listing:${userId}:${input.formToken}`;
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ key, userId, requestHash: "create-listing" })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length === 0) {
        const [previous] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
        const id = (previous?.response as { id?: string } | null)?.id;
        if (id) return { id, duplicate: true };
        throw new HostingError(translatable("This form was already submitted."), 409);
      }
      const [row] = await tx
        .insert(spaces)
        .values({ ...listingColumns(input), ...point, id, userId, available: true, isPublished: publish })
        .returning({ id: spaces.id });
      await tx.update(idempotencyKeys).set({ response: { id: row!.id } }).where(eq(idempotencyKeys.key, key));
      return { id: row!.id, duplicate: false };
    }
    const [row] = await tx
      .insert(spaces)
      .values({ ...listingColumns(input), ...point, id, userId, available: true, isPublished: publish })
      .returning({ id: spaces.id });
    return { id: row!.id, duplicate: false };
  });
}

export async function getOwnerSpace(db: Db, userId: string, spaceId: string): Promise<SpaceRow> {
  if (!isUuid(spaceId)) throw new HostingError(LISTING_NOT_FOUND, 404);
  const [row] = await db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.userId, userId)))
    .limit(1);
  if (!row) throw new HostingError(LISTING_NOT_FOUND, 404);
  return row;
}

/**
 * Saves every form field. Publishing (intent 'publish') needs the full address;
 * 'draft' unpublishes. Media removed from the listing are deleted from storage
 * after the update commits.
 */
export async function updateSpace(
  db: Db,
  storage: MediaStorage,
  userId: string,
  spaceId: string,
  input: ListingInput,
): Promise<{ id: string; removedMedia: string[] }> {
  const publish = input.intent === "publish";
  if (publish && !hasCompleteAddress(input)) throw new HostingError(ADDRESS_REQUIRED_MESSAGE, 400, "address");
  if (publish) await refuseUnverifiedPublisher(db, userId);
  const current = await getOwnerSpace(db, userId, spaceId);
  if (publish && current.moderationState) throw new HostingError(MODERATED_PUBLISH_REFUSED, 409);
  await checkReferences(db, input);
  await checkMediaUrls(storage, userId, input, [...current.images, ...current.videos]);
  const point = await listingPoint(spaceId, input, current);
  const updated = await db
    .update(spaces)
    .set({ ...listingColumns(input), ...point, isPublished: publish, updatedAt: new Date() })
    .where(and(eq(spaces.id, spaceId), eq(spaces.userId, userId), publish ? isNull(spaces.moderationState) : undefined))
    .returning({ id: spaces.id });
  if (updated.length === 0) throw new HostingError(LISTING_NOT_FOUND, 404);
  const keep = new Set([...input.images, ...input.videos]);
  const removedMedia = [...current.images, ...current.videos].filter((url) => !keep.has(url));
  // A file another of the owner's listings still shows stays (the same upload can be on two listings).
  const unused: string[] = [];
  for (const url of removedMedia) if (!(await isMediaAttached(db, userId, url))) unused.push(url);
  await deleteMediaFiles(storage, userId, unused);
  return { id: spaceId, removedMedia };
}

export async function setAvailability(db: Db, userId: string, spaceId: string, available: boolean) {
  await getOwnerSpace(db, userId, spaceId);
  const rows = await db
    .update(spaces)
    .set({ available, updatedAt: new Date() })
    .where(and(eq(spaces.id, spaceId), eq(spaces.userId, userId)))
    .returning({ id: spaces.id, available: spaces.available });
  if (rows.length === 0) throw new HostingError(LISTING_NOT_FOUND, 404);
  return rows[0]!;
}

export async function setPublished(db: Db, userId: string, spaceId: string, published: boolean) {
  const current = await getOwnerSpace(db, userId, spaceId);
  if (published && current.moderationState) throw new HostingError(MODERATED_PUBLISH_REFUSED, 409);
  if (published && !hasCompleteAddress(current)) throw new HostingError(ADDRESS_REQUIRED_MESSAGE, 400, "address");
  // A waiver guests cannot read cannot be accepted (ADR 0279): a listing from before the waiver's text existed.
  if (published && current.waiverRequired && !current.waiverText?.trim()) throw new HostingError(REQUIREMENT_TEXT.waiverTextRequired, 400, "waiverText");
  if (published) await refuseUnverifiedPublisher(db, userId);
  const rows = await db
    .update(spaces)
    .set({ isPublished: published, updatedAt: new Date() })
    .where(and(eq(spaces.id, spaceId), eq(spaces.userId, userId), published ? isNull(spaces.moderationState) : undefined))
    .returning({ id: spaces.id, isPublished: spaces.isPublished });
  if (rows.length === 0) throw new HostingError(LISTING_NOT_FOUND, 404);
  return rows[0]!;
}

export const OWNER_PAGE_SIZE = 24;

/** The owner's listings, newest first, a page at a time. */
export async function listOwnerSpaces(db: Db, userId: string, { page = 1 }: { page?: number } = {}) {
  const safePage = clampPage(page);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: spaces.id,
        title: spaces.title,
        location: spaces.location,
        country: spaces.country,
        images: spaces.images,
        hourlyPrice: spaces.hourlyPrice,
        currency: spaces.currency,
        available: spaces.available,
        isPublished: spaces.isPublished,
        moderationState: spaces.moderationState,
        moderationReason: spaces.moderationReason,
        status: spaces.status,
        rating: spaces.rating,
        reviewCount: spaces.reviewCount,
        hasAddress: sql<boolean>`(${spaces.streetAddress} is not null and ${spaces.city} is not null and ${spaces.state} is not null and ${spaces.postalCode} is not null)`,
        createdAt: spaces.createdAt,
      })
      .from(spaces)
      .where(eq(spaces.userId, userId))
      .orderBy(desc(spaces.createdAt), desc(spaces.id))
      .limit(OWNER_PAGE_SIZE)
      .offset((safePage - 1) * OWNER_PAGE_SIZE),
    db.select({ n: count() }).from(spaces).where(eq(spaces.userId, userId)),
  ]);
  return { spaces: rows, total: total?.n ?? 0, page: safePage, pageSize: OWNER_PAGE_SIZE };
}

/** Categories with their subcategories (docs/product.md#catalog: is_active, ordered by display_order). */
export async function listCategories(db: Db) {
  const categories = await db
    .select({ id: rentalCategories.id, name: rentalCategories.name, label: rentalCategories.label })
    .from(rentalCategories)
    .where(eq(rentalCategories.isActive, true))
    .orderBy(asc(rentalCategories.displayOrder), asc(rentalCategories.label));
  const subs = await db
    .select({
      id: rentalSubcategories.id,
      categoryId: rentalSubcategories.categoryId,
      name: rentalSubcategories.name,
      label: rentalSubcategories.label,
    })
    .from(rentalSubcategories)
    .innerJoin(rentalCategories, eq(rentalCategories.id, rentalSubcategories.categoryId))
    .where(eq(rentalCategories.isActive, true))
    .orderBy(asc(rentalSubcategories.displayOrder), asc(rentalSubcategories.label));
  return categories.map((category) => ({
    ...category,
    subcategories: subs.filter((sub) => sub.categoryId === category.id).map(({ categoryId: _c, ...sub }) => sub),
  }));
}

/** Space types in created_at order (docs/product.md#catalog). */
export async function listSpaceTypes(db: Db) {
  return db
    .select({ id: spaceTypes.id, name: spaceTypes.name, label: spaceTypes.label })
    .from(spaceTypes)
    .orderBy(asc(spaceTypes.createdAt), asc(spaceTypes.name))
    .limit(500);
}

/** Adds a space type (name lowercased); an existing name returns the existing type. */
export async function addSpaceType(db: Db, input: { name: string; label: string }) {
  const [inserted] = await db
    .insert(spaceTypes)
    .values(input)
    .onConflictDoNothing({ target: spaceTypes.name })
    .returning({ id: spaceTypes.id, name: spaceTypes.name, label: spaceTypes.label });
  if (inserted) return { ...inserted, created: true };
  const [existing] = await db
    .select({ id: spaceTypes.id, name: spaceTypes.name, label: spaceTypes.label })
    .from(spaceTypes)
    .where(eq(spaceTypes.name, input.name))
    .limit(1);
  return { ...existing!, created: false };
}

export const CATEGORIES_FAILED = ERROR_TEXT.fetchCategories;
export const SPACE_TYPES_FAILED = ERROR_TEXT.fetchSpaceTypes;

/**
 * The choices the listing form offers. A failure of either list is reported with its
 * docs/product.md#error-texts and an empty list instead of failing the whole page.
 */
export async function loadFormOptions(db: Db) {
  const [categories, spaceTypes] = await Promise.allSettled([listCategories(db), listSpaceTypes(db)]);
  if (categories.status === "rejected") logger.error({ reason: "categories-failed", err: errorMessage(categories.reason) }, CATEGORIES_FAILED);
  if (spaceTypes.status === "rejected") logger.error({ reason: "space-types-failed", err: errorMessage(spaceTypes.reason) }, SPACE_TYPES_FAILED);
  return {
    categories: categories.status === "fulfilled" ? categories.value : [],
    spaceTypes: spaceTypes.status === "fulfilled" ? spaceTypes.value : [],
    optionErrors: {
      categories: categories.status === "rejected" ? CATEGORIES_FAILED : null,
      spaceTypes: spaceTypes.status === "rejected" ? SPACE_TYPES_FAILED : null,
    },
  };
}
