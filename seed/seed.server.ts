import { getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { cities, profiles, rentalCategories, rentalSubcategories, reviews, spaces, spaceTypes, users } from "~/db/schema/index";
import { hashPassword } from "~/features/auth/password.server";
import { destination } from "~/features/geo/coordinates";
import { lookupPlace } from "~/features/geo/gazetteer.server";
import { md5Fraction, pointColumns } from "~/features/geo/listing-point.server";
import type { Db, Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { minorUnitDigits } from "~/lib/money";
import { CATEGORIES, rentalTypeOf, SPACE_TYPES, type SubcategoryKey } from "./data/catalog";
import { CITIES } from "./data/cities";
import { listingImages } from "./data/images";
import type { ListingSeed } from "./data/listing-types";
import { INTERNATIONAL_LISTINGS } from "./data/listings-intl";
import { US_LISTINGS } from "./data/listings-us";
import { PLACES } from "./data/places";
import { generateReviews } from "./data/reviews";
import { ADMIN_CREATED_AT, ADMIN_NAMES, GUESTS, HOSTS, type ProfileSeed, type UserSeed } from "./data/users";
import { addDays, hashString, stableUuid } from "./util";
import { seedDemoBookings } from "./demo-bookings";

/**
 * Demo data: categories, space types, city pages, demo accounts, ~100 listings
 * and ~250 reviews. Deterministic and idempotent: every row has an id derived
 * from a stable name (or a natural key), nothing depends on the clock, and
 * running the seed again leaves exactly the same rows.
 *
 * Re-running refreshes demo content (catalog, cities, profiles, listings,
 * reviews) to what the data files say; existing user accounts, including their
 * password hashes, are left untouched. Rows created through the app are never
 * modified, except that ratings of demo listings also count real reviews.
 */

/** The password of every demo account. */
export const DEMO_PASSWORD = "rentwell-demo";

/** The fixed "today" demo dates are measured from (listings span the 18 months before it). */
export const SEED_NOW = new Date("2026-11-01T12:00:00Z");

export const ALL_LISTINGS: readonly ListingSeed[] = [...US_LISTINGS, ...INTERNATIONAL_LISTINGS];

export type SeedSummary = { users: number; spaces: number; cities: number; reviews: number };

export async function seed(db: Db): Promise<SeedSummary> {
  // argon2id takes ~50 ms: hash once and share it between every demo account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction((tx) => seedInTransaction(tx, passwordHash));
}

/** Seeds only an empty database (no listings yet). Returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.select({ id: spaces.id }).from(spaces).limit(1);
  if (existing.length > 0) return false;
  await seed(db);
  return true;
}

async function seedInTransaction(tx: Tx, passwordHash: string): Promise<SeedSummary> {
  const subcategoryIds = await seedCatalog(tx);
  await seedCities(tx);
  const accounts = demoAccounts();
  const userIds = await seedUsers(tx, accounts, passwordHash);
  const listingRows = buildListings(userIds, subcategoryIds);
  const reviewRows = buildReviews(listingRows, userIds);
  applyRatings(listingRows, reviewRows);

  await tx
    .insert(spaces)
    .values(listingRows.map((listing) => listing.row))
    .onConflictDoUpdate({ target: spaces.id, set: updateFromExcluded(spaces, ["id", "rating", "reviewCount"]) });
  if (reviewRows.length > 0) {
    await tx.insert(reviews).values(reviewRows).onConflictDoUpdate({ target: reviews.id, set: updateFromExcluded(reviews, ["id", "spaceId"]) });
  }
  await refreshRatings(
    tx,
    listingRows.map((listing) => listing.row.id),
  );
  const settings = env();
  await seedDemoBookings(tx, {
    now: SEED_NOW,
    listings: listingRows.map((listing) => listing.row),
    hostIds: new Map(HOSTS.map((host) => [host.key, required(userIds.get(host.key), host.key)])),
    guestIds: GUESTS.map((guest) => required(userIds.get(guest.key), guest.key)),
    feePercent: settings.PLATFORM_FEE_PERCENT,
    refundServiceFee: settings.REFUND_SERVICE_FEE,
  });

  return { users: accounts.length, spaces: listingRows.length, cities: CITIES.length, reviews: reviewRows.length };
}

// ---------------------------------------------------------------- catalog

async function seedCatalog(tx: Tx): Promise<Map<SubcategoryKey, { categoryId: string; subcategoryId: string }>> {
  const categoryRows = await tx
    .insert(rentalCategories)
    .values(
      CATEGORIES.map((category, i) => ({
        id: stableUuid(`category:${category.name}`),
        name: category.name,
        label: category.label,
        description: category.description,
        isActive: true,
        displayOrder: i + 1,
      })),
    )
    .onConflictDoUpdate({ target: rentalCategories.name, set: updateFromExcluded(rentalCategories, ["id", "name"]) })
    .returning({ id: rentalCategories.id, name: rentalCategories.name });
  const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));

  const subcategoryValues = CATEGORIES.flatMap((category) =>
    category.subcategories.map((subcategory, i) => ({
      id: stableUuid(`subcategory:${category.name}/${subcategory.name}`),
      categoryId: required(categoryIds.get(category.name), `category ${category.name}`),
      name: subcategory.name,
      label: subcategory.label,
      displayOrder: i + 1,
    })),
  );
  const subcategoryRows = await tx
    .insert(rentalSubcategories)
    .values(subcategoryValues)
    .onConflictDoUpdate({
      target: [rentalSubcategories.categoryId, rentalSubcategories.name],
      set: updateFromExcluded(rentalSubcategories, ["id", "categoryId", "name"]),
    })
    .returning({ id: rentalSubcategories.id, categoryId: rentalSubcategories.categoryId, name: rentalSubcategories.name });

  const categoryNames = new Map(categoryRows.map((row) => [row.id, row.name]));
  const ids = new Map<SubcategoryKey, { categoryId: string; subcategoryId: string }>();
  for (const row of subcategoryRows) {
    ids.set(`${categoryNames.get(row.categoryId)}/${row.name}` as SubcategoryKey, { categoryId: row.categoryId, subcategoryId: row.id });
  }

  // space_types are read in created_at order: fixed, increasing timestamps keep that order stable.
  const typesEpoch = new Date("2023-01-01T00:00:00Z");
  await tx
    .insert(spaceTypes)
    .values(
      SPACE_TYPES.map((type, i) => ({
        id: stableUuid(`space-type:${type.name}`),
        name: type.name,
        label: type.label,
        createdAt: new Date(typesEpoch.getTime() + i * 60_000),
      })),
    )
    .onConflictDoUpdate({ target: spaceTypes.name, set: { label: sql.raw(`excluded."label"`) } });
  return ids;
}

async function seedCities(tx: Tx) {
  await tx
    .insert(cities)
    .values(CITIES.map((city) => ({ ...city, createdAt: new Date("2023-01-01T00:00:00Z") })))
    .onConflictDoUpdate({ target: cities.slug, set: updateFromExcluded(cities, ["slug", "createdAt"]) });
}

// ---------------------------------------------------------------- accounts

type Account = UserSeed & { isAdmin: boolean };

/** Admins (from ADMIN_EMAILS), hosts and guests. A demo host or guest listed in ADMIN_EMAILS becomes an admin. */
function demoAccounts(): Account[] {
  // Demo admin accounts (with the demo password) exist only in the local demo: a
  // production database seeded with SEED_DEMO_DATA=true gets no admin it did not create
  // with scripts/create-account.ts.
  const settings = env();
  const adminEmails = settings.isProduction ? [] : settings.ADMIN_EMAILS;
  const demoUsers: Account[] = [...HOSTS, ...GUESTS].map((user) => ({ ...user, isAdmin: adminEmails.includes(user.email.toLowerCase()) }));
  const demoEmails = new Set(demoUsers.map((user) => user.email.toLowerCase()));
  const admins: Account[] = adminEmails
    .filter((email) => !demoEmails.has(email))
    .map((email, i) => ({
      key: `admin-${i + 1}`,
      email,
      createdAt: ADMIN_CREATED_AT,
      isAdmin: true,
      profile: { fullName: ADMIN_NAMES[i] ?? `Rentwell Admin ${i + 1}`, location: "Tampa, FL" },
    }));
  return [...admins, ...demoUsers];
}

/** Inserts missing accounts; returns account key -> user id (existing ids win). */
async function seedUsers(tx: Tx, accounts: Account[], passwordHash: string): Promise<Map<string, string>> {
  await tx
    .insert(users)
    .values(
      accounts.map((account) => ({
        id: stableUuid(`user:${account.email.toLowerCase()}`),
        email: account.email.toLowerCase(),
        passwordHash,
        createdAt: new Date(account.createdAt),
        // The demo accounts' addresses count as verified (ADR 0241), so they can book and host.
        emailVerifiedAt: new Date(account.createdAt),
      })),
    )
    .onConflictDoNothing();
  const emails = accounts.map((account) => account.email.toLowerCase());
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
  const ids = new Map<string, string>();
  for (const account of accounts) ids.set(account.key, required(byEmail.get(account.email.toLowerCase()), `user ${account.email}`));

  const profileRows = accounts.flatMap((account) => {
    if (!account.profile) return [];
    return [profileRow(required(ids.get(account.key), account.key), account.profile, account.isAdmin, new Date(account.createdAt))];
  });
  await tx
    .insert(profiles)
    .values(profileRows)
    .onConflictDoUpdate({
      target: profiles.id,
      set: updateFromExcluded(profiles, ["id", "createdAt", "bannerUrl", "stripeAccountId", "stripeOnboardingComplete"]),
    });
  return ids;
}

function profileRow(id: string, profile: ProfileSeed, isAdmin: boolean, createdAt: Date): typeof profiles.$inferInsert {
  return {
    id,
    fullName: profile.fullName,
    avatarUrl: profile.avatarUrl ?? null,
    bio: profile.bio ?? null,
    createdAt,
    isAdmin,
    responseRate: profile.responseRate ?? 95,
    responseTime: profile.responseTime ?? "within an hour",
    website: profile.website ?? null,
    location: profile.location ?? null,
    instagram: profile.instagram ?? null,
    twitter: profile.twitter ?? null,
    facebook: profile.facebook ?? null,
    linkedin: profile.linkedin ?? null,
    youtube: profile.youtube ?? null,
    tiktok: profile.tiktok ?? null,
  };
}

// ---------------------------------------------------------------- listings

type SpaceRow = typeof spaces.$inferInsert & { id: string; createdAt: Date };
type BuiltListing = { seed: ListingSeed; row: SpaceRow };

function listingCreatedAt(listing: ListingSeed): Date {
  const hash = hashString(listing.key);
  // New listings: the last ten days. Others: spread over the 18 months before SEED_NOW.
  const daysAgo = listing.isNew ? 1 + (hash % 10) : 14 + (hash % 530);
  const minutes = (hash >>> 12) % (24 * 60);
  return new Date(addDays(SEED_NOW, -daysAgo).getTime() - minutes * 60_000);
}

/** Seed prices are whole units of the listing's currency; the table holds minor units (ADR 0102). */
function minor(whole: number | undefined, currency: string): number | null {
  if (whole === undefined) return null;
  if (!Number.isInteger(whole)) throw new Error(`Seed prices are whole units, got ${whole}`);
  return whole * 10 ** minorUnitDigits(currency);
}

/**
 * Where a demo listing is (issue #27): its place's centre from the offline gazetteer, moved
 * 0.5–4 km in a direction fixed by its id (the same md5 fractions as migration 0019's
 * backfill), and the public point derived from it.
 */
function demoPoint(id: string, place: { city: string; state: string; country: string; location: string }) {
  const center = required(
    lookupPlace(place.city, { country: place.country, region: place.state }) ?? lookupPlace(place.location, { country: place.country }) ?? undefined,
    `coordinates of ${place.location}`,
  );
  const exact = destination(center, 500 + md5Fraction(`${id}:demo-distance`) * 3500, md5Fraction(`${id}:demo-bearing`) * 2 * Math.PI);
  return pointColumns(id, { lat: Math.round(exact.lat * 1e6) / 1e6, lng: Math.round(exact.lng * 1e6) / 1e6 });
}

/** A demo listing's waiver (checkout requirements, ADR 0279): the same words on every seed run. */
function demoWaiver(title: string, safety: string[]): string {
  const gear = safety.length > 0 ? ` I will use the safety equipment provided (${safety.join(", ")}) at all times.` : "";
  return `By booking ${title} I confirm that I take part at my own risk and that I am fit to do so. I will follow the host's instructions and safety briefing.${gear} I am responsible for any damage I cause through misuse, and I release the host from claims for injury or loss except where caused by the host's negligence.`;
}

function buildListings(userIds: Map<string, string>, subcategoryIds: Map<SubcategoryKey, { categoryId: string; subcategoryId: string }>): BuiltListing[] {
  const keys = new Set<string>();
  return ALL_LISTINGS.map((listing) => {
    if (keys.has(listing.key)) throw new Error(`Duplicate listing key ${listing.key}`);
    keys.add(listing.key);
    const place = PLACES[listing.place];
    const catalog = required(subcategoryIds.get(listing.category), `subcategory ${listing.category}`);
    const rental = listing.rental ?? {};
    const published = listing.published ?? true;
    if (published && !listing.address) throw new Error(`Published listing ${listing.key} needs a full address`);
    const createdAt = listingCreatedAt(listing);
    const typeLabel = listing.type.replace(/-/g, " ");
    const id = stableUuid(`space:${listing.key}`);
    const row: SpaceRow = {
      id,
      userId: required(userIds.get(listing.host), `host ${listing.host}`),
      title: listing.title,
      description: listing.description,
      type: listing.type,
      rentalType: rentalTypeOf(listing.category),
      categoryId: catalog.categoryId,
      subcategoryId: catalog.subcategoryId,
      hourlyPrice: minor(listing.prices.hourly, place.currency),
      dailyPrice: minor(listing.prices.daily, place.currency),
      weeklyPrice: minor(listing.prices.weekly, place.currency),
      monthlyPrice: minor(listing.prices.monthly, place.currency),
      yearlyPrice: null,
      currency: place.currency,
      location: place.location,
      country: place.country,
      capacity: listing.capacity,
      amenities: listing.amenities,
      brand: rental.brand ?? null,
      model: rental.model ?? null,
      year: rental.year ?? null,
      condition: rental.condition ?? "good",
      depositRequired: (rental.deposit ?? 0) > 0,
      depositAmount: minor(rental.deposit ?? 0, place.currency) ?? 0,
      insuranceRequired: rental.insuranceRequired ?? false,
      locationType: rental.mobile ? "mobile" : "fixed",
      deliveryAvailable: rental.deliveryFee !== undefined,
      deliveryFee: minor(rental.deliveryFee ?? 0, place.currency) ?? 0,
      pickupAvailable: rental.pickup ?? false,
      licenseRequired: rental.licenseRequired ?? false,
      ageRestriction: rental.ageRestriction ?? null,
      waiverRequired: rental.waiverRequired ?? false,
      waiverText: rental.waiverRequired ? demoWaiver(listing.title, rental.safety ?? []) : null,
      minRentalDuration: rental.minDuration ?? 1,
      maxRentalDuration: rental.maxDuration ?? null,
      quantity: rental.seats ?? 1,
      safetyEquipmentIncluded: rental.safety ?? [],
      streetAddress: listing.address?.street ?? null,
      unitNumber: listing.address?.unit ?? null,
      city: place.city,
      state: place.state,
      postalCode: listing.address?.postalCode ?? null,
      ...demoPoint(id, place),
      images: listingImages(...listing.images),
      videos: [],
      available: listing.available ?? true,
      isPublished: published,
      status: listing.status ?? "available",
      featured: listing.featured ?? false,
      popular: listing.popular ?? false,
      greatValue: listing.greatValue ?? false,
      rating: 0,
      reviewCount: 0,
      metaDescription: metaDescription(listing.description),
      metaKeywords: [typeLabel, place.city, place.country, `${typeLabel} rental ${place.city}`.toLowerCase()],
      timezone: place.timezone,
      cancellationPolicy: listing.policy,
      createdAt,
      updatedAt: createdAt,
    };
    return { seed: listing, row };
  });
}

/** The first sentence (or two) of the description, at most 160 characters. */
function metaDescription(description: string): string {
  const sentences = description.match(/[^.!?]+[.!?]+/g) ?? [description];
  let text = "";
  for (const sentence of sentences) {
    const next = `${text} ${sentence.trim()}`.trim();
    if (next.length > 160) break;
    text = next;
  }
  return text || `${description.slice(0, 157).trimEnd()}...`;
}

// ---------------------------------------------------------------- reviews

type ReviewRow = typeof reviews.$inferInsert & { id: string; spaceId: string; rating: number };

function buildReviews(listings: BuiltListing[], userIds: Map<string, string>): ReviewRow[] {
  // Reviewers: guests and hosts with a profile (so their name shows on the review).
  const pool = [...GUESTS, ...HOSTS.filter((host) => "profile" in host)].map((user) => ({
    key: user.key,
    id: required(userIds.get(user.key), `reviewer ${user.key}`),
  }));
  return listings.flatMap(({ seed: listing, row }) => {
    if (!row.isPublished || listing.isNew) return [];
    const generated = generateReviews({
      listingKey: listing.key,
      rentalType: row.rentalType ?? "space",
      listedAt: row.createdAt,
      now: SEED_NOW,
      poolSize: pool.length,
      exclude: pool.flatMap((reviewer, i) => (reviewer.key === listing.host ? [i] : [])),
    });
    return generated.map(
      (review): ReviewRow => ({
        id: stableUuid(`review:${listing.key}:${review.index}`),
        spaceId: row.id,
        userId: review.reviewer === null ? null : (pool[review.reviewer]?.id ?? null),
        rating: review.rating,
        comment: review.comment,
        createdAt: review.createdAt,
        // Public from when it was written, and in the listing's figures (ADR 0272): fixed, so a second run changes nothing.
        publishedAt: review.createdAt,
        counted: true,
      }),
    );
  });
}

/** Mean rating (2 decimals) and review count per listing, from the seeded reviews. */
function applyRatings(listings: BuiltListing[], reviewRows: ReviewRow[]) {
  const totals = new Map<string, { sum: number; count: number }>();
  for (const review of reviewRows) {
    const total = totals.get(review.spaceId) ?? { sum: 0, count: 0 };
    total.sum += review.rating;
    total.count += 1;
    totals.set(review.spaceId, total);
  }
  for (const { row } of listings) {
    const total = totals.get(row.id);
    row.rating = total ? Math.round((total.sum / total.count) * 100) / 100 : 0;
    row.reviewCount = total?.count ?? 0;
  }
}

/**
 * Recomputes rating and review_count of the demo listings from every review in
 * the table (real users may have reviewed them too); rows already correct are
 * not touched.
 */
async function refreshRatings(tx: Tx, spaceIds: string[]) {
  if (spaceIds.length === 0) return;
  await tx.execute(sql`
    update ${spaces} as s
    set rating = totals.rating, review_count = totals.review_count
    from (
      select sp.id,
             coalesce(round(avg(r.rating)::numeric, 2), 0) as rating,
             count(r.id)::int as review_count
      from ${spaces} as sp
      left join ${reviews} as r on r.space_id = sp.id
      where sp.id in (${sql.join(
        spaceIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by sp.id
    ) as totals
    where s.id = totals.id
      and (s.rating, s.review_count) is distinct from (totals.rating, totals.review_count)
  `);
}

// ---------------------------------------------------------------- helpers

/** `ON CONFLICT ... DO UPDATE SET col = excluded.col` for every column except `skip`. */
function updateFromExcluded<T extends PgTable>(table: T, skip: string[]): PgUpdateSetSource<T> {
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!skip.includes(key)) set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set as PgUpdateSetSource<T>;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Seed data refers to an unknown ${what}`);
  return value;
}
