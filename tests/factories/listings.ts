import crypto from "node:crypto";
import { users } from "~/db/schema/auth";
import { spaces } from "~/db/schema/listings";
import type { Db } from "~/lib/db.server";

export type SpaceInsert = typeof spaces.$inferInsert;
export type SpaceOverrides = Partial<Omit<SpaceInsert, "userId">> & { userId?: string };

let sequence = 0;

/** A host user row (no password that anyone could use), with a verified e-mail address. */
export async function createHost(db: Db, email?: string): Promise<{ id: string; email: string }> {
  const address = email ?? `host-${crypto.randomUUID()}@factory.test`;
  const [row] = await db
    .insert(users)
    .values({ email: address, passwordHash: "factory-no-sign-in", emailVerifiedAt: new Date() })
    .returning({ id: users.id, email: users.email });
  return row!;
}

/** Field values for a published, available listing; override what a test cares about. */
export function spaceValues(userId: string, overrides: SpaceOverrides = {}): SpaceInsert {
  sequence += 1;
  return {
    userId,
    title: `Factory Listing ${sequence}`,
    description: `A listing made by the test factory (#${sequence}).`,
    type: "photo-studio",
    rentalType: "space",
    hourlyPrice: 5000, // minor units: $50.00
    currency: "USD",
    location: "Tampa, FL",
    country: "United States",
    capacity: 4,
    amenities: ["WiFi", "Parking"],
    images: [],
    available: true,
    isPublished: true,
    status: "available",
    ...overrides,
  };
}

/** Inserts one listing (published and available unless overridden); creates a host when none is given. */
export async function createSpace(db: Db, overrides: SpaceOverrides = {}) {
  const userId = overrides.userId ?? (await createHost(db)).id;
  const [row] = await db.insert(spaces).values(spaceValues(userId, overrides)).returning();
  return row!;
}

/** Inserts several listings for one host in one statement. */
export async function createSpaces(db: Db, list: SpaceOverrides[], userId?: string) {
  const owner = userId ?? (await createHost(db)).id;
  if (list.length === 0) return [];
  return db
    .insert(spaces)
    .values(list.map((overrides) => spaceValues(owner, overrides)))
    .returning();
}

/** The fields of a valid draft as the listing form posts them (create-listing, edit-listing). */
export function listingFormFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    title: "Route test loft",
    description: "Bright",
    rentalType: "space",
    type: "studio",
    hourlyPrice: "30",
    capacity: "3",
    location: "Austin",
    country: "United States",
    amenities: "Wi-Fi",
    intent: "draft",
    ...overrides,
  };
}
