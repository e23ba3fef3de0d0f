import { getTableColumns } from "drizzle-orm";
import { describe, expect, expectTypeOf, it } from "vitest";
import { LISTING_ENUM_DEFAULTS, LISTING_ENUMS } from "~/db/listing-enums";
import { spaces } from "~/db/schema/listings";
import { type ListingFields, listingColumns, listingFieldsSchema, parseListingForm, type ListingRequestField } from "./listing-form";

/**
 * One definition of the listing (docs/decisions/0070-one-listing-definition.md): the zod
 * schema's fields ARE the columns a save writes. A field added to the schema without a
 * column, or a column added to the table without being either a form field or named
 * below, fails here — at type level (tsc) and at run time (vitest).
 */

type Insert = typeof spaces.$inferInsert;

/** Columns the listing form never sets: the server, the owner's toggles or reviews do. */
const NOT_FROM_FORM = [
  "id",
  "userId",
  "available",
  "isPublished",
  "featured",
  "popular",
  "greatValue",
  "rating",
  "reviewCount",
  // Admin moderation (ADR 0151).
  "moderationState",
  "moderationReason",
  "moderatedAt",
  // Hours, rules and units are set on the listing's calendar page (issue #26, ADR 0202).
  "openingHours",
  "checkInTime",
  "checkOutTime",
  "bufferBeforeMinutes",
  "bufferAfterMinutes",
  "minNoticeMinutes",
  "maxAdvanceDays",
  "quantity",
  "calendarToken",
  // The public point is derived from the exact one on the server (issue #27, ADR 0221).
  "publicLatitude",
  "publicLongitude",
  "createdAt",
  "updatedAt",
] as const satisfies ReadonlyArray<keyof Insert>;
type NotFromForm = (typeof NOT_FROM_FORM)[number];

describe("the listing's columns come from the schema", () => {
  it("type level: every column is a form field or named as server-set, and every field is a column of its type", () => {
    expectTypeOf<Exclude<keyof Insert, keyof ListingFields | NotFromForm>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<keyof ListingFields, keyof Insert>>().toEqualTypeOf<never>();
    expectTypeOf<Extract<keyof ListingFields, NotFromForm>>().toEqualTypeOf<never>();
    // Each parsed value fits its column (a number column never receives a string, an enum column only its values).
    expectTypeOf<ListingFields>().toExtend<Pick<Insert, keyof ListingFields>>();
  });

  it("run time: the mapping writes exactly the schema's fields, each an existing column", () => {
    const parsed = parseListingForm(
      (() => {
        const data = new FormData();
        for (const [key, value] of Object.entries({
          title: "Loft",
          description: "Bright",
          rentalType: "space",
          type: "studio",
          hourlyPrice: "10",
          capacity: "2",
          location: "Tampa",
          country: "United States",
          amenities: "Wi-Fi",
          intent: "publish",
          formToken: crypto.randomUUID(),
          streetAddress: "1 Main St",
          city: "Tampa",
          state: "FL",
          postalCode: "33601",
        })) {
          data.set(key, value);
        }
        return data;
      })(),
    );
    expect(parsed.success).toBe(true);
    const written = Object.keys(listingColumns(parsed.data!)).sort();
    const requestOnly: ListingRequestField[] = ["intent", "formToken"];
    const schemaFields = Object.keys(listingFieldsSchema.shape)
      .filter((key) => !requestOnly.includes(key as ListingRequestField))
      .sort();
    expect(written).toEqual(schemaFields);
    const columns = Object.keys(getTableColumns(spaces));
    expect(columns.filter((column) => !written.includes(column)).sort()).toEqual([...NOT_FROM_FORM].sort());
  });
});

describe("the seven closed value sets are one list each for table, schema and form", () => {
  const table = getTableColumns(spaces);
  const names = Object.keys(LISTING_ENUMS) as Array<keyof typeof LISTING_ENUMS>;

  it("covers all seven enum columns of the table", () => {
    const enumColumns = Object.entries(table)
      .filter(([, column]) => (column.enumValues?.length ?? 0) > 0)
      .map(([name]) => name)
      .sort();
    expect(enumColumns).toEqual([...names].sort());
    expect(names).toHaveLength(7);
  });

  it.each(names)("%s: the column's values and default are the module's", (name) => {
    const column = table[name];
    expect(column.enumValues).toEqual([...LISTING_ENUMS[name]]);
    expect(column.default).toBe(LISTING_ENUM_DEFAULTS[name]);
  });

  it.each(names)("%s: the schema accepts each value and refuses any other", (name) => {
    const field = listingFieldsSchema.shape[name];
    for (const value of LISTING_ENUMS[name]) expect(field.safeParse(value)).toMatchObject({ success: true, data: value });
    expect(field.safeParse("not-a-value").success).toBe(false);
  });
});
