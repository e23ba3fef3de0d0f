/**
 * The listing's closed value sets, defined once (docs/product.md#listing-fields).
 * Pure and import-free: the Drizzle table (`db/schema/listings.ts`, its text enums and
 * CHECK constraints), the zod schema and the listing form all read these lists, so a
 * value added here reaches the database, the server's validation and the browser's
 * choices together. The labels are typed by value: a new value without a label does
 * not compile.
 */

export const RENTAL_TYPES = ["space", "vehicle", "equipment", "service", "experience"] as const;
export const CURRENCIES = ["USD", "EUR", "GBP", "JPY", "AUD", "CAD", "SGD", "KRW", "AED"] as const;
/** What the card badge shows besides availability (docs/product.md#listing-states). */
export const SPACE_STATUSES = ["available", "rented", "maintenance"] as const;
export const CANCELLATION_POLICIES = ["flexible", "moderate", "strict"] as const;
export const LOCATION_TYPES = ["fixed", "mobile"] as const;
export const CONDITIONS = ["new", "excellent", "good", "fair"] as const;
/** Booked instantly (the default) or on request, the host answering (issue #28, ADR 0280). */
export const BOOKING_MODES = ["instant", "request"] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];
export const BOOKING_MODE_LABELS: Record<BookingMode, string> = { instant: "Instant booking", request: "Request to book" };

export type RentalType = (typeof RENTAL_TYPES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type SpaceStatus = (typeof SPACE_STATUSES)[number];
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
export type LocationType = (typeof LOCATION_TYPES)[number];
export type Condition = (typeof CONDITIONS)[number];

/** Every closed set of the listing, by the column that holds it. */
export const LISTING_ENUMS = {
  rentalType: RENTAL_TYPES,
  currency: CURRENCIES,
  status: SPACE_STATUSES,
  cancellationPolicy: CANCELLATION_POLICIES,
  locationType: LOCATION_TYPES,
  condition: CONDITIONS,
  bookingMode: BOOKING_MODES,
} as const;

/** What a column falls back to when the form leaves it empty (the table's defaults too). */
export const LISTING_ENUM_DEFAULTS = {
  rentalType: "space",
  currency: "USD",
  status: "available",
  cancellationPolicy: "flexible",
  locationType: "fixed",
  condition: "good",
  bookingMode: "instant",
} as const satisfies { [K in keyof typeof LISTING_ENUMS]: (typeof LISTING_ENUMS)[K][number] };

export const RENTAL_TYPE_LABELS: Record<RentalType, string> = {
  space: "Space",
  vehicle: "Vehicle",
  equipment: "Equipment",
  service: "Service",
  experience: "Experience",
};

export const SPACE_STATUS_LABELS: Record<SpaceStatus, string> = {
  available: "Available",
  rented: "Currently Rented",
  maintenance: "Under Maintenance",
};

export const CANCELLATION_POLICY_LABELS: Record<CancellationPolicy, string> = {
  flexible: "Flexible",
  moderate: "Moderate",
  strict: "Strict",
};

export const LOCATION_TYPE_LABELS: Record<LocationType, string> = {
  fixed: "Fixed location",
  mobile: "Mobile (comes to the guest)",
};

export const CONDITION_LABELS: Record<Condition, string> = {
  new: "New",
  excellent: "Excellent",
  good: "Good",
  fair: "Fair",
};

/** `'a', 'b'` — the list as SQL string literals, for CHECK constraints (values are the constants above, never input). */
export function sqlValueList(values: readonly string[]): string {
  return values.map((value) => `'${value.replace(/'/g, "''")}'`).join(", ");
}
