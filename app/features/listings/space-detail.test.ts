import { describe, expect, it } from "vitest";
import { isBookable, monthYear, priceOptions, rentalDetails, spaceMetaDescription, spaceMetaTitle } from "./space-detail";

const noPrices = {
  hourlyPrice: null,
  dailyPrice: null,
  weeklyPrice: null,
  monthlyPrice: null,
  currency: "USD",
};

describe("price options (docs/product.md#space-page)", () => {
  it("lists hourly, daily, weekly, monthly in that order, skipping missing and zero prices", () => {
    const options = priceOptions({
      hourlyPrice: 9500,
      dailyPrice: 68050,
      weeklyPrice: 0,
      monthlyPrice: 900000,
      currency: "USD",
    });
    expect(options.map((option) => option.text)).toEqual(["$95.00/hr", "$680.50/day", "$9,000.00/month"]);
    expect(options[0]).toMatchObject({ unit: "hour", amount: 9500 });
  });
  it("starts with the first filled option when there is no hourly price", () => {
    expect(priceOptions({ ...noPrices, weeklyPrice: 60000, dailyPrice: 12000 }).map((option) => option.unit)).toEqual(["day", "week"]);
  });
  it("is empty when no price is set (the page shows 'Price on request')", () => {
    expect(priceOptions(noPrices)).toEqual([]);
  });
  it("formats currencies without minor units", () => {
    expect(priceOptions({ ...noPrices, hourlyPrice: 5000, currency: "JPY" })[0]?.text).toBe("¥5,000/hr");
  });
});

describe("isBookable", () => {
  it("needs available and status 'available'", () => {
    expect(isBookable({ available: true, status: "available" })).toBe(true);
    expect(isBookable({ available: false, status: "available" })).toBe(false);
    expect(isBookable({ available: true, status: "rented" })).toBe(false);
    expect(isBookable({ available: true, status: "maintenance" })).toBe(false);
  });
});

const blank = {
  brand: null,
  model: null,
  year: null,
  condition: null,
  depositRequired: false,
  depositAmount: 0,
  insuranceRequired: false,
  locationType: "fixed",
  deliveryAvailable: false,
  deliveryFee: 0,
  pickupAvailable: false,
  licenseRequired: false,
  ageRestriction: null,
  waiverRequired: false,
  safetyEquipmentIncluded: [],
  minRentalDuration: null,
  maxRentalDuration: null,
  currency: "USD",
};

describe("rental details", () => {
  it("shows nothing for a listing without rental-specific fields", () => {
    expect(rentalDetails({ ...blank, brand: "  " })).toEqual([]);
  });
  it("shows every filled field with readable values", () => {
    expect(
      rentalDetails({
        brand: "Milwaukee",
        model: "M18 Fuel",
        year: 2021,
        condition: "good",
        depositRequired: true,
        depositAmount: 15000,
        insuranceRequired: true,
        locationType: "mobile",
        deliveryAvailable: true,
        deliveryFee: 2000,
        pickupAvailable: true,
        licenseRequired: true,
        ageRestriction: 18,
        waiverRequired: true,
        safetyEquipmentIncluded: ["Safety glasses", "Dust masks"],
        minRentalDuration: 2,
        maxRentalDuration: 14,
        currency: "USD",
      }),
    ).toEqual([
      { label: "Brand", value: "Milwaukee" },
      { label: "Model", value: "M18 Fuel" },
      { label: "Year", value: "2021" },
      { label: "Condition", value: "Good" },
      { label: "Deposit", value: "$150.00 required" },
      { label: "Insurance", value: "Insurance required" },
      { label: "Location", value: "Mobile (comes to you)" },
      { label: "Delivery", value: "Available ($20.00 fee)" },
      { label: "Pickup", value: "Available" },
      { label: "Licence", value: "Licence required" },
      { label: "Minimum age", value: "18+" },
      { label: "Waiver", value: "Signed waiver required" },
      { label: "Safety equipment", value: "Safety glasses, Dust masks" },
      { label: "Minimum duration", value: "2 hours" },
      { label: "Maximum duration", value: "14 hours" },
    ]);
  });
  it("words a deposit without an amount and free delivery", () => {
    expect(
      rentalDetails({
        ...blank,
        depositRequired: true,
        deliveryAvailable: true,
      }),
    ).toEqual([
      { label: "Deposit", value: "Required" },
      { label: "Delivery", value: "Available (free)" },
    ]);
  });
});

describe("monthYear", () => {
  it("shows month name and year (docs/product.md#host-profile)", () => {
    expect(monthYear("2025-03-31T23:30:00Z")).toBe("March 2025");
    expect(monthYear(new Date(Date.UTC(2024, 0, 1)))).toBe("January 2024");
  });
});

describe("spaceMetaDescription", () => {
  const space = { title: "Sunny Loft", location: "Austin, Texas", description: "A bright room.", metaDescription: null };

  it("leads a short description with the title and place", () => {
    expect(spaceMetaDescription(space)).toBe("Sunny Loft in Austin, Texas: A bright room.");
  });

  it("uses the host's own meta description when there is one", () => {
    expect(spaceMetaDescription({ ...space, metaDescription: "  Loft  for shoots " })).toBe("Loft for shoots");
  });

  it("cuts a long description at a word, within 160 characters", () => {
    const text = spaceMetaDescription({ ...space, description: "word ".repeat(100) });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/ word…$/);
  });
});

describe("spaceMetaTitle / spaceMetaDescription in the page's language", () => {
  it("writes the title and the description's start in Spanish", async () => {
    const { loadCatalogs, translate } = await import("~/features/i18n/i18n");
    const es = await loadCatalogs("es", ["discovery"]);
    const _ = (text: Parameters<typeof translate>[1]) => translate(es, text);
    const space = { title: "Loft soleado", location: "Austin, Texas", description: "Una sala luminosa.", metaDescription: null };
    expect(spaceMetaTitle(space, _)).toBe("Loft soleado en Austin, Texas");
    expect(spaceMetaDescription(space, _)).toBe("Loft soleado en Austin, Texas: Una sala luminosa.");
    expect(spaceMetaTitle(space)).toBe("Loft soleado in Austin, Texas");
  });
});
