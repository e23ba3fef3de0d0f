import { firstErrors } from "~/lib/forms";
import { describe, expect, it } from "vitest";
import * as db from "~/db/schema/listings";
import {
  ADDRESS_REQUIRED_MESSAGE,
  CANCELLATION_POLICIES,
  CURRENCIES,
  parseListingForm,
  RENTAL_TYPES,
  SPACE_STATUSES,
  splitList,
} from "./listing-form";
import { spaceTypeName, spaceTypeSchema } from "./space-type-form";

const valid = {
  title: "Sunny loft studio",
  description: "Bright space with north light.",
  rentalType: "space",
  type: "photo-studio",
  hourlyPrice: "45.50",
  currency: "EUR",
  capacity: "8",
  location: "Berlin",
  country: "Germany",
  amenities: " Wi-Fi, Parking ,, Kitchen ",
  intent: "draft",
};

function form(overrides: Record<string, string | string[]> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...valid, ...overrides })) {
    if (Array.isArray(value)) for (const item of value) data.append(key, item);
    else data.set(key, value);
  }
  return data;
}

function errorsOf(overrides: Record<string, string | string[]>) {
  const result = parseListingForm(form(overrides));
  expect(result.success).toBe(false);
  return firstErrors(result.error!);
}

describe("listing form schema", () => {
  it("parses a valid draft: trimmed amenities, empty optional prices null, deposit and delivery fee 0, defaults", () => {
    const result = parseListingForm(form({ dailyPrice: "", weeklyPrice: "200" }));
    expect(result.success).toBe(true);
    const data = result.data!;
    expect(data.amenities).toEqual(["Wi-Fi", "Parking", "Kitchen"]);
    expect(data.hourlyPrice).toBe(4550); // minor units
    expect(data.dailyPrice).toBeNull();
    expect(data.weeklyPrice).toBe(20000);
    expect(data.monthlyPrice).toBeNull();
    expect(data.yearlyPrice).toBeNull();
    expect(data.depositAmount).toBe(0);
    expect(data.deliveryFee).toBe(0);
    expect(data.minRentalDuration).toBe(1);
    expect(data.timezone).toBe("UTC");
    expect(data.cancellationPolicy).toBe("flexible");
    expect(data.condition).toBe("good");
    expect(data.locationType).toBe("fixed");
    expect(data.status).toBe("available");
    expect(data.streetAddress).toBeNull();
  });

  it("defaults the currency to USD", () => {
    const result = parseListingForm(form({ currency: "" }));
    expect(result.data?.currency).toBe("USD");
  });

  it("requires title, description, rental type, space type, hourly rate, capacity, location, country and amenities", () => {
    const errors = errorsOf({
      title: "  ",
      description: "",
      rentalType: "",
      type: "",
      hourlyPrice: "",
      capacity: "",
      location: "",
      country: "",
      amenities: " , ",
    });
    expect(errors.title).toBe("Title is required");
    expect(errors.description).toBe("Description is required");
    expect(errors.rentalType).toBe("Choose a rental type");
    expect(errors.type).toBe("Choose a space type");
    expect(errors.hourlyPrice).toBe("Hourly rate is required");
    expect(errors.capacity).toBe("Capacity is required");
    expect(errors.location).toBe("Location is required");
    expect(errors.country).toBe("Country is required");
    expect(errors.amenities).toMatch(/Amenities are required/);
  });

  it("refuses negative, absurd, malformed and over-precise prices", () => {
    expect(errorsOf({ hourlyPrice: "-1" }).hourlyPrice).toBe("Hourly rate cannot be negative");
    expect(errorsOf({ hourlyPrice: "1000000.01" }).hourlyPrice).toBe("Hourly rate cannot be more than 1,000,000");
    expect(errorsOf({ hourlyPrice: "abc" }).hourlyPrice).toBe("Hourly rate must be a number");
    expect(errorsOf({ hourlyPrice: "1.005" }).hourlyPrice).toMatch(/2 decimal places/);
    expect(errorsOf({ dailyPrice: "-5" }).dailyPrice).toBe("Daily rate cannot be negative");
    expect(errorsOf({ yearlyPrice: "99999999" }).yearlyPrice).toMatch(/1,000,000/);
    expect(parseListingForm(form({ hourlyPrice: "1000000" })).success).toBe(true);
    expect(parseListingForm(form({ hourlyPrice: "0" })).success).toBe(true);
  });

  it("refuses capacity 0 and fractional capacity", () => {
    expect(errorsOf({ capacity: "0" }).capacity).toBe("Capacity must be at least 1");
    expect(errorsOf({ capacity: "2.5" }).capacity).toBe("Capacity must be a whole number");
  });

  it("refuses an unknown currency, rental type, policy and time zone", () => {
    expect(errorsOf({ currency: "BTC" }).currency).toBe("Choose one of the supported currencies");
    expect(errorsOf({ rentalType: "castle" }).rentalType).toBe("Choose a rental type");
    expect(errorsOf({ cancellationPolicy: "never" }).cancellationPolicy).toBe("Choose a cancellation policy");
    expect(errorsOf({ timezone: "Mars/Olympus" }).timezone).toBe("Choose a valid time zone");
    expect(errorsOf({ status: "sold" }).status).toBe("Choose a status");
    expect(parseListingForm(form({ status: "maintenance" })).data?.status).toBe("maintenance");
    expect(parseListingForm(form({ timezone: "Asia/Tokyo" })).data?.timezone).toBe("Asia/Tokyo");
  });

  it("reads prices as plain decimals only and drops control characters from text", () => {
    expect(parseListingForm(form({ hourlyPrice: " 12.5 " })).data?.hourlyPrice).toBe(1250);
    expect(parseListingForm(form({ hourlyPrice: "1e3" })).data?.hourlyPrice).toBe(100000);
    // Exact: 0.29 is 28.999999999999996 cents as a float; yen take no decimals.
    expect(parseListingForm(form({ hourlyPrice: "0.29" })).data?.hourlyPrice).toBe(29);
    expect(parseListingForm(form({ hourlyPrice: "8000", currency: "JPY" })).data?.hourlyPrice).toBe(8000);
    expect(errorsOf({ hourlyPrice: "8000.5", currency: "JPY" }).hourlyPrice).toBe("Hourly rate cannot have decimals in JPY");
    for (const hourlyPrice of ["0x10", "Infinity", "-Infinity", "NaN", "12,50", "1 000", "$5", "5$"]) {
      expect(errorsOf({ hourlyPrice }).hourlyPrice).toBe("Hourly rate must be a number");
    }
    expect(parseListingForm(form({ title: "Tab\there\u0000\u0007 ok" })).data?.title).toBe("Tab\there ok");
    expect(errorsOf({ title: "\u0000\u0001" }).title).toBe("Title is required");
  });

  it("refuses a 10 000-character title and keeps HTML as plain text", () => {
    expect(errorsOf({ title: "x".repeat(10_000) }).title).toBe("Title must be at most 120 characters");
    const result = parseListingForm(form({ title: "<script>alert(1)</script>" }));
    expect(result.data?.title).toBe("<script>alert(1)</script>");
  });

  it("publishing needs street address, city, state and postal code; a draft does not", () => {
    expect(errorsOf({ intent: "publish", streetAddress: "1 Main St", city: "Austin", state: "TX" }).address).toBe(
      ADDRESS_REQUIRED_MESSAGE,
    );
    expect(parseListingForm(form({ intent: "draft" })).success).toBe(true);
    const published = parseListingForm(
      form({ intent: "publish", streetAddress: "1 Main St", city: "Austin", state: "TX", postalCode: "78701" }),
    );
    expect(published.success).toBe(true);
  });

  it("needs a category before a subcategory", () => {
    expect(errorsOf({ subcategoryId: "5b0f7b52-8d64-4b86-9a3c-1c31b6ad2f0a" }).subcategoryId).toBe("Choose a category first");
  });

  it("keeps media order and limits 20 images and 5 videos", () => {
    const result = parseListingForm(form({ images: ["/media/b.webp", "/media/a.webp"] }));
    expect(result.data?.images).toEqual(["/media/b.webp", "/media/a.webp"]);
    const images = Array.from({ length: 21 }, (_, i) => `/media/${i}.webp`);
    expect(errorsOf({ images }).images).toBe("At most 20 images per listing");
    const videos = Array.from({ length: 6 }, (_, i) => `/media/${i}.mp4`);
    expect(errorsOf({ videos }).videos).toBe("At most 5 videos per listing");
  });

  it("splits comma lists and trims", () => {
    expect(splitList(" a ,b,, c ")).toEqual(["a", "b", "c"]);
  });

  it("uses the same value sets as the database", () => {
    expect(RENTAL_TYPES).toEqual(db.RENTAL_TYPES);
    expect(CURRENCIES).toEqual(db.CURRENCIES);
    expect(CANCELLATION_POLICIES).toEqual(db.CANCELLATION_POLICIES);
    expect(SPACE_STATUSES).toEqual(db.SPACE_STATUSES);
  });
});

describe("space type form", () => {
  it("lowercases the name and keeps the label", () => {
    expect(spaceTypeSchema.parse({ label: "  Rooftop   Terrace " })).toEqual({ label: "Rooftop Terrace", name: "rooftop-terrace" });
    expect(spaceTypeName("DJ Booth")).toBe("dj-booth");
    expect(spaceTypeSchema.safeParse({ label: "" }).success).toBe(false);
    expect(spaceTypeSchema.safeParse({ label: "!!!" }).success).toBe(false);
  });
});
