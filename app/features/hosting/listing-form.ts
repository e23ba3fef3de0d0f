import {
  BOOKING_MODES,
  CANCELLATION_POLICIES,
  CONDITIONS,
  CURRENCIES,
  LISTING_ENUM_DEFAULTS,
  LOCATION_TYPES,
  RENTAL_TYPES,
  SPACE_STATUSES,
} from "~/db/listing-enums";
import { type FieldErrors as FormFieldErrors, formDataToObject } from "~/lib/forms";
import { ERROR_TEXT } from "~/lib/messages";
import { decimalDigits, minorToDecimalText, parseMinor } from "~/lib/money";
import { z } from "~/lib/zod";
import { translatable } from "~/features/i18n/translatable";
import { GEO_MESSAGES, parseCoordinate } from "~/features/geo/coordinates";
import { REQUIREMENT_TEXT, WAIVER_TEXT_MAX } from "~/features/bookings/requirements";

/**
 * The listing form: one schema for the browser form and the server action
 * (docs/product.md#listing-fields, #listing-rules). Pure: safe on both sides.
 */

export {
  CANCELLATION_POLICIES,
  CONDITIONS,
  CURRENCIES,
  LOCATION_TYPES,
  RENTAL_TYPES,
  SPACE_STATUSES,
} from "~/db/listing-enums";

export const MAX_PRICE = 1_000_000;
/** MAX_PRICE in hundredths, the unit the price check compares in. */
const MAX_PRICE_HUNDREDTHS = 100_000_000;
export const MAX_IMAGES = 20;
export const MAX_VIDEOS = 5;
export const ADDRESS_REQUIRED_MESSAGE = ERROR_TEXT.addressRequired;

export const LIMITS = {
  title: 120,
  description: 5000,
  location: 120,
  country: 80,
  amenities: 50,
  amenity: 60,
  shortText: 80,
  address: 160,
  postalCode: 20,
  metaDescription: 300,
  waiverText: WAIVER_TEXT_MAX,
} as const;

/**
 * Control characters (NUL, escape, …) have no place in listing text, and PostgreSQL
 * cannot store NUL at all: they are dropped; tabs and line breaks stay.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function cleanText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "");
}

const blankToUndefined = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "") ? undefined : value;

const requiredText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? cleanText(value).trim() : value),
    z
      .string({ error: `${label} is required` })
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
  );

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? cleanText(value).trim() || null : (value ?? null)),
    z.string().max(max, `${label} must be at most ${max} characters`).nullable(),
  );

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

const toNumber = (value: unknown) => {
  const blank = blankToUndefined(value);
  if (blank === undefined) return undefined;
  if (typeof blank === "number") return blank;
  if (typeof blank === "string") {
    // Plain decimal notation only: no hex ("0x10"), no "Infinity", no thousands separators.
    const text = blank.trim();
    if (!DECIMAL.test(text)) return Number.NaN;
    const parsed = Number(text);
    return Number.isFinite(parsed) ? parsed : Number.NaN;
  }
  return Number.NaN;
};

/**
 * Prices stay decimal TEXT through validation and become integer minor units of
 * the listing's currency in `listingFormSchema`'s transform, through the one exact
 * conversion `parseMinor` (ADR 0102): no float ever holds the amount.
 */
const priceText = (label: string) =>
  z
    .string()
    .refine((text) => decimalDigits(text) !== null, `${label} must be a number`)
    .refine((text) => !decimalDigits(text)?.negative, `${label} cannot be negative`)
    .refine((text) => (decimalDigits(text)?.fraction.length ?? 0) <= 2, `${label} can have at most 2 decimal places`)
    .refine((text) => {
      // Compared as whole units and hundredths (the form's two decimals), exactly.
      const hundredths = parseMinor(text, "USD");
      return hundredths !== null && hundredths <= MAX_PRICE_HUNDREDTHS;
    }, `${label} cannot be more than 1,000,000`);

const priceInput = (value: unknown) => {
  const blank = blankToUndefined(value);
  return typeof blank === "number" ? String(blank) : typeof blank === "string" ? blank.trim() : blank;
};

const requiredPrice = (label: string) =>
  z.preprocess(priceInput, z.string({ error: `${label} is required` }).pipe(priceText(label)));

/** Empty → null (docs/product.md#listing-rules). */
const optionalPrice = (label: string) => z.preprocess((v) => priceInput(v) ?? null, priceText(label).nullable());

/** Empty → 0 (deposit_amount, delivery_fee). */
const zeroDefaultPrice = (label: string) => z.preprocess((v) => priceInput(v) ?? "0", priceText(label));

/** The price fields, with the labels their messages use. */
export const PRICE_FIELDS = {
  hourlyPrice: "Hourly rate",
  dailyPrice: "Daily rate",
  weeklyPrice: "Weekly rate",
  monthlyPrice: "Monthly rate",
  yearlyPrice: "Yearly rate",
  depositAmount: "Deposit amount",
  deliveryFee: "Delivery fee",
} as const;

const requiredNumber = (label: string, kind: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be ${kind}`) });

const integer = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const optionalInteger = (label: string, min: number, max: number) =>
  z.preprocess((v) => toNumber(v) ?? null, integer(label, min, max).nullable());

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** "wifi, parking ,, desk" → ["wifi", "parking", "desk"] (docs/product.md#listing-rules: split by comma and trimmed). */
export function splitList(value: string): string[] {
  return cleanText(value)
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

const list = (label: string, { required }: { required: boolean }) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value : typeof value === "string" ? splitList(value) : []),
    z
      .array(z.string().max(LIMITS.amenity, `Each ${label.toLowerCase()} entry must be at most ${LIMITS.amenity} characters`))
      .min(required ? 1 : 0, `${label} are required (separate them with commas)`)
      .max(LIMITS.amenities, `At most ${LIMITS.amenities} ${label.toLowerCase()}`),
  );

export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Uploaded media are referenced by their public URL under /media or the S3 public base. */
const mediaUrl = z.string().min(1).max(500);

const optionalUuid = (message: string) => z.preprocess((v) => blankToUndefined(v) ?? null, z.uuid(message).nullable());

function enumWithDefault<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number], message: string) {
  return z.preprocess((v) => blankToUndefined(v) ?? fallback, z.enum(values, { error: message }));
}

/** A latitude or longitude typed or set by the pin: plain decimal text within ±limit, or empty (null). */
const coordinate = (limit: 90 | 180, message: string) =>
  z.preprocess(
    (v) => {
      if (typeof v === "number") return v;
      const text = blankToUndefined(v);
      if (text === undefined) return null;
      return typeof text === "string" ? (parseCoordinate(text, limit) ?? Number.NaN) : Number.NaN;
    },
    z.number({ error: message }).min(-limit, message).max(limit, message).nullable(),
  );

export const listingFieldsSchema = z.object({
  // basics
  title: requiredText("Title", LIMITS.title),
  description: requiredText("Description", LIMITS.description),
  // category and type
  rentalType: z.preprocess(blankToUndefined, z.enum(RENTAL_TYPES, { error: translatable("Choose a rental type") })),
  type: z.preprocess(
    (value) => (typeof value === "string" ? cleanText(value).trim().toLowerCase() : value),
    z.string({ error: translatable("Choose a space type") }).min(1, translatable("Choose a space type")).max(60, translatable("Choose a space type")),
  ),
  categoryId: optionalUuid(translatable("Choose a valid category")),
  subcategoryId: optionalUuid(translatable("Choose a valid subcategory")),
  // pricing
  hourlyPrice: requiredPrice("Hourly rate"),
  dailyPrice: optionalPrice("Daily rate"),
  weeklyPrice: optionalPrice("Weekly rate"),
  monthlyPrice: optionalPrice("Monthly rate"),
  yearlyPrice: optionalPrice("Yearly rate"),
  currency: enumWithDefault(CURRENCIES, LISTING_ENUM_DEFAULTS.currency, translatable("Choose one of the supported currencies")),
  depositRequired: checkbox,
  depositAmount: zeroDefaultPrice("Deposit amount"),
  // capacity and rules
  capacity: z.preprocess(toNumber, requiredNumber("Capacity", "a whole number").pipe(integer("Capacity", 1, 100_000))),
  amenities: list("Amenities", { required: true }),
  minRentalDuration: z.preprocess((v) => toNumber(v) ?? 1, integer("Minimum rental duration", 1, 10_000)),
  maxRentalDuration: optionalInteger("Maximum rental duration", 1, 10_000),
  ageRestriction: optionalInteger("Minimum age", 0, 120),
  cancellationPolicy: enumWithDefault(CANCELLATION_POLICIES, LISTING_ENUM_DEFAULTS.cancellationPolicy, translatable("Choose a cancellation policy")),
  // Instant (the default) or request to book: the host accepts or declines each request (issue #28, ADR 0280).
  bookingMode: enumWithDefault(BOOKING_MODES, LISTING_ENUM_DEFAULTS.bookingMode, translatable("Choose instant booking or request to book")),
  timezone: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v) || "UTC",
    z.string().refine(isValidTimeZone, translatable("Choose a valid time zone")),
  ),
  status: enumWithDefault(SPACE_STATUSES, LISTING_ENUM_DEFAULTS.status, translatable("Choose a status")),
  insuranceRequired: checkbox,
  licenseRequired: checkbox,
  waiverRequired: checkbox,
  // The waiver guests accept at checkout (issue #28 point 3, ADR 0279); required while waiverRequired is on.
  waiverText: optionalText("Waiver text", LIMITS.waiverText),
  requiresVerifiedGuests: checkbox,
  // rental-specific details
  brand: optionalText("Brand", LIMITS.shortText),
  model: optionalText("Model", LIMITS.shortText),
  year: optionalInteger("Year", 1900, 2100),
  condition: enumWithDefault(CONDITIONS, LISTING_ENUM_DEFAULTS.condition, translatable("Choose a condition")),
  locationType: enumWithDefault(LOCATION_TYPES, LISTING_ENUM_DEFAULTS.locationType, translatable("Choose fixed or mobile")),
  deliveryAvailable: checkbox,
  deliveryFee: zeroDefaultPrice("Delivery fee"),
  pickupAvailable: checkbox,
  safetyEquipmentIncluded: list("Safety equipment", { required: false }),
  // location and address
  location: requiredText("Location", LIMITS.location),
  country: requiredText("Country", LIMITS.country),
  streetAddress: optionalText("Street address", LIMITS.address),
  unitNumber: optionalText("Unit number", LIMITS.shortText),
  city: optionalText("City", LIMITS.shortText),
  state: optionalText("State", LIMITS.shortText),
  postalCode: optionalText("Postal code", LIMITS.postalCode),
  // the pin (issue #27): the host's exact point; empty: geocoded from the address when saved
  latitude: coordinate(90, GEO_MESSAGES.latitude),
  longitude: coordinate(180, GEO_MESSAGES.longitude),
  // search metadata
  metaDescription: optionalText("Meta description", LIMITS.metaDescription),
  metaKeywords: list("Keywords", { required: false }),
  // media (ordered; the first image is the cover)
  images: z.array(mediaUrl).max(MAX_IMAGES, `At most ${MAX_IMAGES} images per listing`).default([]),
  videos: z.array(mediaUrl).max(MAX_VIDEOS, `At most ${MAX_VIDEOS} videos per listing`).default([]),
  // what the submit button asked for
  intent: z.enum(["draft", "publish"], { error: translatable("Choose Save as Draft or Publish Listing") }),
  formToken: z.preprocess(blankToUndefined, z.uuid().optional()),
});

/** The schema's fields as parsed, prices still decimal text. */
type ListingSchemaFields = z.infer<typeof listingFieldsSchema>;
type PriceField = keyof typeof PRICE_FIELDS;

/** A parsed listing: prices in integer minor units of its currency. */
export type ListingInput = Omit<ListingSchemaFields, PriceField> & {
  hourlyPrice: number;
  dailyPrice: number | null;
  weeklyPrice: number | null;
  monthlyPrice: number | null;
  yearlyPrice: number | null;
  depositAmount: number;
  deliveryFee: number;
};

/** What the submit carries besides the listing itself. */
export type ListingRequestField = "intent" | "formToken";
/** The listing's own fields: each one is a `spaces` column of the same name (checked in listing-columns.test.ts). */
export type ListingFields = Omit<ListingInput, ListingRequestField>;

/** The columns a create or update writes: the parsed fields, minus what only steers the request. */
export function listingColumns(input: ListingInput): ListingFields {
  const { intent: _intent, formToken: _formToken, ...fields } = input;
  return fields;
}

/**
 * What the form shows, derived from the schema: a saved listing's values (edit) or the
 * raw strings just submitted (a refused save). Comma lists may come back as one string;
 * media lists are always lists (formDataToObject).
 */
export type ListingDefaults = {
  [K in keyof ListingFields]?: ListingFields[K] extends boolean
    ? boolean
    : ListingFields[K] extends readonly string[]
      ? K extends "images" | "videos"
        ? ListingFields[K]
        : ListingFields[K] | string
      : ListingFields[K] | string | null;
} & { isPublished?: boolean };

export function hasCompleteAddress(input: Pick<ListingSchemaFields, "streetAddress" | "city" | "state" | "postalCode">) {
  return Boolean(input.streetAddress && input.city && input.state && input.postalCode);
}

/** docs/product.md#listing-rules: publishing needs the four address fields; a draft does not. */
export const listingFormSchema = listingFieldsSchema
  .superRefine((input, ctx) => {
    if (input.subcategoryId && !input.categoryId) {
      ctx.addIssue({ code: "custom", path: ["subcategoryId"], message: translatable("Choose a category first") });
    }
    if (input.maxRentalDuration != null && input.maxRentalDuration < input.minRentalDuration) {
      ctx.addIssue({
        code: "custom",
        path: ["maxRentalDuration"],
        message: translatable("Maximum rental duration cannot be less than the minimum"),
      });
    }
    if (input.waiverRequired && !input.waiverText) {
      ctx.addIssue({ code: "custom", path: ["waiverText"], message: REQUIREMENT_TEXT.waiverTextRequired });
    }
    if ((input.latitude == null) !== (input.longitude == null)) {
      ctx.addIssue({ code: "custom", path: [input.latitude == null ? "latitude" : "longitude"], message: GEO_MESSAGES.pinPair });
    }
    if (input.intent === "publish" && !hasCompleteAddress(input)) {
      ctx.addIssue({ code: "custom", path: ["address"], message: ADDRESS_REQUIRED_MESSAGE });
    }
    for (const [field, label] of Object.entries(PRICE_FIELDS) as [PriceField, string][]) {
      const text = input[field];
      const parts = typeof text === "string" ? decimalDigits(text) : null;
      if (parts && !parts.negative && parts.fraction.length <= 2 && parseMinor(text!, input.currency) === null) {
        ctx.addIssue({ code: "custom", path: [field], message: `${label} cannot have decimals in ${input.currency}` });
      }
    }
  })
  .transform((input): ListingInput => {
    const minor = (text: string) => parseMinor(text, input.currency) ?? 0;
    return {
      ...input,
      hourlyPrice: minor(input.hourlyPrice),
      dailyPrice: input.dailyPrice == null ? null : minor(input.dailyPrice),
      weeklyPrice: input.weeklyPrice == null ? null : minor(input.weeklyPrice),
      monthlyPrice: input.monthlyPrice == null ? null : minor(input.monthlyPrice),
      yearlyPrice: input.yearlyPrice == null ? null : minor(input.yearlyPrice),
      depositAmount: minor(input.depositAmount),
      deliveryFee: minor(input.deliveryFee),
    };
  });

/** The media lists keep every value, in order (the first image is the cover). */
export const LISTING_ARRAY_FIELDS = ["images", "videos"] as const;

export type FieldErrors = FormFieldErrors<keyof ListingInput | "address">;

export function parseListingForm(formData: FormData) {
  return listingFormSchema.safeParse(formDataToObject(formData, LISTING_ARRAY_FIELDS));
}

export const TIME_ZONE_CHOICES = [
  "UTC",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Toronto",
  "America/Vancouver",
  "America/Mexico_City",
  "America/Sao_Paulo",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Amsterdam",
  "Europe/Madrid",
  "Europe/Athens",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Bangkok",
  "Asia/Singapore",
  "Asia/Hong_Kong",
  "Asia/Shanghai",
  "Asia/Seoul",
  "Asia/Tokyo",
  "Asia/Jakarta",
  "Australia/Sydney",
  "Australia/Melbourne",
] as const;

/** A stored listing's prices (minor units) as the decimal text the form's inputs show. */
export function priceFieldsAsText(space: { currency: string } & Record<keyof typeof PRICE_FIELDS, number | null>) {
  return Object.fromEntries(
    Object.keys(PRICE_FIELDS).map((field) => {
      const minor = space[field as keyof typeof PRICE_FIELDS];
      return [field, minor == null ? null : minorToDecimalText(minor, space.currency)];
    }),
  ) as Record<keyof typeof PRICE_FIELDS, string | null>;
}
