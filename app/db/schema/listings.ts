import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { DEFAULT_WEEKLY_HOURS, type WeeklyHours } from "../opening-hours";
import { slugSql } from "../slug-sql";
import { users } from "./auth";
import { rentalCategories, rentalSubcategories } from "./catalog";

import {
  BOOKING_MODES,
  CANCELLATION_POLICIES,
  CONDITIONS,
  CURRENCIES,
  LISTING_ENUM_DEFAULTS as DEFAULTS,
  LOCATION_TYPES,
  RENTAL_TYPES,
  SPACE_STATUSES,
  sqlValueList,
} from "../listing-enums";

// The value sets live in one pure module (the form and the zod schema read it too).
export { CANCELLATION_POLICIES, CONDITIONS, CURRENCIES, LOCATION_TYPES, RENTAL_TYPES, SPACE_STATUSES };

export const MODERATION_STATES = ["unpublished", "owner_suspended"] as const;

/** Prices in integer minor units (cents; yen and won have none), ADR 0102. */
const price = (name: string) => bigint(name, { mode: "number" });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A listing: every field of docs/product.md#listing-fields, plus timezone and cancellation policy. */
export const spaces = pgTable(
  "spaces",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    type: text("type").notNull(),
    rentalType: text("rental_type", { enum: RENTAL_TYPES }).notNull().default(DEFAULTS.rentalType),
    categoryId: uuid("category_id").references(() => rentalCategories.id, { onDelete: "set null" }),
    subcategoryId: uuid("subcategory_id").references(() => rentalSubcategories.id, { onDelete: "set null" }),
    hourlyPrice: price("hourly_price"),
    dailyPrice: price("daily_price"),
    weeklyPrice: price("weekly_price"),
    monthlyPrice: price("monthly_price"),
    yearlyPrice: price("yearly_price"),
    currency: text("currency", { enum: CURRENCIES }).notNull().default(DEFAULTS.currency),
    location: text("location").notNull(),
    country: text("country").notNull(),
    capacity: integer("capacity").notNull().default(1),
    amenities: text("amenities").array().notNull().default([]),
    brand: text("brand"),
    model: text("model"),
    year: integer("year"),
    condition: text("condition", { enum: CONDITIONS }).notNull().default(DEFAULTS.condition),
    depositRequired: boolean("deposit_required").notNull().default(false),
    depositAmount: price("deposit_amount").notNull().default(0),
    insuranceRequired: boolean("insurance_required").notNull().default(false),
    locationType: text("location_type", { enum: LOCATION_TYPES }).notNull().default(DEFAULTS.locationType),
    deliveryAvailable: boolean("delivery_available").notNull().default(false),
    deliveryFee: price("delivery_fee").notNull().default(0),
    pickupAvailable: boolean("pickup_available").notNull().default(false),
    licenseRequired: boolean("license_required").notNull().default(false),
    ageRestriction: integer("age_restriction"),
    waiverRequired: boolean("waiver_required").notNull().default(false),
    /** The waiver a guest must accept when `waiverRequired` (issue #28 point 3, ADR 0279); ≤ 10 000 characters. */
    waiverText: text("waiver_text"),
    /** Only identity-verified guests may book (issue #29 point 3, ADR 0253); the hold enforces it. */
    requiresVerifiedGuests: boolean("requires_verified_guests").notNull().default(false),
    minRentalDuration: integer("min_rental_duration").notNull().default(1),
    maxRentalDuration: integer("max_rental_duration"),
    safetyEquipmentIncluded: text("safety_equipment_included").array().notNull().default([]),
    streetAddress: text("street_address"),
    unitNumber: text("unit_number"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    /**
     * Where it is (issue #27, ADR 0221): the exact point, geocoded from the address at save
     * time or placed by the host's pin. Private: shown only to the host, admins and guests with
     * a confirmed booking. Null until geocoded.
     */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /**
     * The public, approximate point: the exact one moved 300–700 m in a direction fixed per
     * listing (app/features/geo/coordinates.ts). Search, distance and the map use only these.
     */
    publicLatitude: doublePrecision("public_latitude"),
    publicLongitude: doublePrecision("public_longitude"),
    images: text("images").array().notNull().default([]),
    videos: text("videos").array().notNull().default([]),
    available: boolean("available").notNull().default(true),
    isPublished: boolean("is_published").notNull().default(false),
    status: text("status", { enum: SPACE_STATUSES }).notNull().default(DEFAULTS.status),
    featured: boolean("featured").notNull().default(false),
    popular: boolean("popular").notNull().default(false),
    greatValue: boolean("great_value").notNull().default(false),
    rating: numeric("rating", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    metaDescription: text("meta_description"),
    metaKeywords: text("meta_keywords").array().notNull().default([]),
    timezone: text("timezone").notNull().default("UTC"),
    cancellationPolicy: text("cancellation_policy", { enum: CANCELLATION_POLICIES }).notNull().default(DEFAULTS.cancellationPolicy),
    /** When it can be rented (issue #26, ADR 0202; app/features/availability/schedule.ts): weekly hours in `timezone`, Monday first. */
    openingHours: jsonb("opening_hours").$type<WeeklyHours>().notNull().default(DEFAULT_WEEKLY_HOURS),
    /** Rentals by the day or longer start at check-in and end at check-out ("HH:00"); null: any opening hour, 24-hour days. */
    checkInTime: text("check_in_time"),
    checkOutTime: text("check_out_time"),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(0),
    maxAdvanceDays: integer("max_advance_days").notNull().default(365),
    /** Identical units (equipment) or seats (an experience) rented at one time; 1 for a space. */
    quantity: integer("quantity").notNull().default(1),
    /** Booked instantly (the default) or on request: the host accepts or declines (issue #28, ADR 0280). */
    bookingMode: text("booking_mode", { enum: BOOKING_MODES }).notNull().default(DEFAULTS.bookingMode),
    /** The secret of the listing's iCal feed URL (null until the host first asks for it). */
    calendarToken: text("calendar_token").unique(),
    /**
     * Why an admin took the listing down (ADR 0151): 'unpublished' by an admin (the owner
     * sees the reason and cannot publish it again), 'owner_suspended' while its owner is
     * suspended (published again when they are unsuspended). Null: no moderation.
     */
    // Typed, but not a form enum (those are the seven of app/db/listing-enums.ts); the CHECK keeps the values.
    moderationState: text("moderation_state").$type<(typeof MODERATION_STATES)[number]>(),
    moderationReason: text("moderation_reason"),
    moderatedAt: ts("moderated_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("spaces_user_id_idx").on(t.userId, t.createdAt),
    index("spaces_public_idx").on(t.isPublished, t.available, t.createdAt),
    index("spaces_public_type_idx").on(t.isPublished, t.type, t.createdAt),
    index("spaces_country_idx").on(t.country, t.createdAt),
    // The admin's average rating over rated listings (ADR 0152).
    index("spaces_rated_idx").on(t.rating).where(sql`${t.rating} > 0`),
    // Newest-first public lists (ADR 0043).
    index("spaces_published_newest_idx").on(t.isPublished, t.createdAt, t.id),
    // City pages match `lower(location) = lower(city)` (or 'City,%' through the trigram index).
    index("spaces_location_lower_idx").on(sql`lower(${t.location})`),
    // Fixed-route city pages: the city part of the location ("New York" of "New York, NY"),
    // newest first (ADR 0043).
    index("spaces_city_key_idx").on(sql`lower(split_part(${t.location}, ',', 1))`, t.isPublished, t.createdAt, t.id),
    // A space page's address: its title and location slugs (app/db/slug-sql.ts), so the
    // lookup is an index probe instead of a regexp over every listing sharing a word.
    index("spaces_slug_idx").on(slugSql(t.title), slugSql(t.location)),
    // Search filters and orders (issue #27, ADR 0211, migration 0018): amenities containing all asked,
    // price and rating orders over published listings.
    index("spaces_amenities_idx").using("gin", t.amenities).where(sql`${t.isPublished}`),
    index("spaces_published_hourly_price_idx").on(t.hourlyPrice, t.id).where(sql`${t.isPublished}`),
    index("spaces_published_daily_price_idx").on(t.dailyPrice, t.id).where(sql`${t.isPublished}`),
    // Price: high to low puts listings without that price last, which a backward walk of the index above cannot.
    index("spaces_published_hourly_price_desc_idx").on(t.hourlyPrice.desc().nullsLast(), t.id.desc()).where(sql`${t.isPublished}`),
    index("spaces_published_daily_price_desc_idx").on(t.dailyPrice.desc().nullsLast(), t.id.desc()).where(sql`${t.isPublished}`),
    index("spaces_published_rating_idx").on(t.rating, t.reviewCount, t.createdAt, t.id).where(sql`${t.isPublished}`),
    // Near a point, map bounds, distance (ADR 0222): a range on the public latitude, the longitude checked in the index.
    index("spaces_public_geo_idx").on(t.publicLatitude, t.publicLongitude).where(sql`${t.isPublished} and ${t.publicLatitude} is not null`),
    check("spaces_rental_type_check", sql`${t.rentalType} in (${sql.raw(sqlValueList(RENTAL_TYPES))})`),
    check("spaces_currency_check", sql`${t.currency} in (${sql.raw(sqlValueList(CURRENCIES))})`),
    check("spaces_status_check", sql`${t.status} in (${sql.raw(sqlValueList(SPACE_STATUSES))})`),
    check("spaces_cancellation_policy_check", sql`${t.cancellationPolicy} in (${sql.raw(sqlValueList(CANCELLATION_POLICIES))})`),
    check("spaces_condition_check", sql`${t.condition} in (${sql.raw(sqlValueList(CONDITIONS))})`),
    check("spaces_location_type_check", sql`${t.locationType} in (${sql.raw(sqlValueList(LOCATION_TYPES))})`),
    check("spaces_booking_mode_check", sql`${t.bookingMode} in (${sql.raw(sqlValueList(BOOKING_MODES))})`),
    check("spaces_capacity_check", sql`${t.capacity} >= 1`),
    check(
      "spaces_prices_check",
      sql`coalesce(${t.hourlyPrice}, 0) >= 0 and coalesce(${t.dailyPrice}, 0) >= 0 and coalesce(${t.weeklyPrice}, 0) >= 0 and coalesce(${t.monthlyPrice}, 0) >= 0 and coalesce(${t.yearlyPrice}, 0) >= 0`,
    ),
    check("spaces_moderation_state_check", sql`${t.moderationState} in ('unpublished', 'owner_suspended')`),
    check("spaces_rating_check", sql`${t.rating} between 0 and 5`),
    check(
      "spaces_coordinates_check",
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.publicLatitude} is null) = (${t.latitude} is null) and (${t.publicLongitude} is null) = (${t.latitude} is null) and coalesce(${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180 and ${t.publicLatitude} between -90 and 90 and ${t.publicLongitude} between -180 and 180, true)`,
    ),
    check("spaces_min_duration_check", sql`${t.minRentalDuration} >= 1`),
    check("spaces_buffers_check", sql`${t.bufferBeforeMinutes} between 0 and 1440 and ${t.bufferAfterMinutes} between 0 and 1440`),
    check("spaces_notice_check", sql`${t.minNoticeMinutes} between 0 and 129600 and ${t.maxAdvanceDays} between 1 and 730`),
    check("spaces_waiver_text_length_check", sql`char_length(${t.waiverText}) <= 10000`),
    check("spaces_quantity_check", sql`${t.quantity} between 1 and 1000`),
    check("spaces_check_times_check", sql`(${t.checkInTime} is null) = (${t.checkOutTime} is null) and coalesce(${t.checkInTime}, '00:00') ~ '^([01][0-9]|2[0-3]):00$' and coalesce(${t.checkOutTime}, '00:00') ~ '^([01][0-9]|2[0-4]):00$'`),
  ],
);

/**
 * How many published listings each location has: the explore page's location
 * list. Kept by the trigger of migration 0004 so the list never counts the
 * whole spaces table (ADR 0043).
 */
export const spaceLocationCounts = pgTable(
  "space_location_counts",
  {
    location: text("location").primaryKey(),
    published: integer("published").notNull().default(0),
  },
  (t) => [index("space_location_counts_published_idx").on(t.published, t.location)],
);
