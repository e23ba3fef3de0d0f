import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformSettings } from "~/db/schema/admin";
import { bookingRequirements } from "~/db/schema/booking-requirements";
import { bookings, payouts } from "~/db/schema/bookings";
import { emailOutbox } from "~/db/schema/mail";
import { ledgerEntries } from "~/db/schema/payouts";
import { findBookingForAdmin } from "~/features/admin/booking-lookup.server";
import { buildExport } from "~/features/account-security/data-export.server";
import { reconcile } from "~/features/payouts/reconcile.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { BOOKING_MESSAGES, feePercent } from "./booking-rules.server";
import { priceLines } from "./price-lines";
import { quoteBooking } from "./pricing";
import { listMyBookings } from "./queries.server";
import { listOpenRequests } from "./requests.server";
import { REQUIREMENT_TEXT } from "./requirements";
import { loadBookingRequirements } from "./requirements.server";

/**
 * Insurance ('protection') and delivery or pickup at checkout (issue #28 point 3, ADR 0286,
 * 0287) through the real createBookingHold, payment, cancellation, ledger and money:check
 * (the admin's setting: app/routes/admin/admin-settings.int.test.ts). Runs on PGlite, and on PostgreSQL with
 * TEST_DB_ENGINE=postgres.
 */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";
const ERR = REQUIREMENT_TEXT.errors;
// 2026-06-10 10:00–12:00 in New York: 2 hours at 50.00 = 100.00 rental.
const PICK = { date: "2026-06-10", hour: 10, hours: 2 };
const ADDRESS = { deliveryStreet: "12 Harbor Road", deliveryCity: "Tampa", deliveryPostalCode: "33602", deliveryCountry: "US" };
const BOTH = { insuranceRequired: true, deliveryAvailable: true, deliveryFee: 1500, pickupAvailable: true };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const scenario = (listing: Parameters<typeof bookingScenario>[1]["listing"]) => bookingScenario(database.db, { now: NOW, listing, quickUsers: true });
type Scenario = Awaited<ReturnType<typeof scenario>>;

async function setProtection(basisPoints: number) {
  await database.db.update(platformSettings).set({ protectionPercent: basisPoints });
}

/** The body the widget sends, priced with the protection and delivery the guest chose. */
function request(s: Scenario, choices: Record<string, unknown>, extras: { protectionBasisPoints?: number | null; deliveryFeeMinor?: number }) {
  const quote = quoteBooking({ unitPriceMinor: 5000, quantity: PICK.hours, feePercent: feePercent(), currency: s.space.currency, ...extras });
  return s.request(PICK, { amount: quote.totalMinor, ...choices });
}

async function nothingStored(s: Scenario) {
  expect(await database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.spaceId, s.space.id))).toEqual([]);
  expect(await s.calendar()).toEqual([]);
}

async function ledgerOf(bookingId: string) {
  const rows = await database.db.select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount }).from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
  return Object.fromEntries(["charge", "fee", "protection", "refund", "fee_refund", "protection_refund"].map((kind) => [kind, rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.amount, 0)]));
}

async function moneyProblemsOf(bookingId: string) {
  const check = await reconcile(database.db);
  return check.differences.filter((difference) => difference.bookingId === bookingId || difference.bookingId === "(total)");
}

describe("the quote", () => {
  it("adds Protection (basis points of the rental, half-up, integers only) and Delivery (no service fee on it) as their own lines", () => {
    const plain = quoteBooking({ unitPriceMinor: 5000, quantity: 2, feePercent: 10, currency: "USD" });
    expect(plain).toMatchObject({ rentalMinor: 10000, feeMinor: 1000, protectionMinor: 0, protectionBasisPoints: null, deliveryMinor: 0, totalMinor: 11000 });
    const both = quoteBooking({ unitPriceMinor: 5000, quantity: 2, feePercent: 10, currency: "USD", protectionBasisPoints: 800, deliveryFeeMinor: 1500 });
    expect(both).toMatchObject({ rentalMinor: 10000, feeMinor: 1000, protectionMinor: 800, protectionBasisPoints: 800, deliveryMinor: 1500, totalMinor: 13300 });
    // 8.25 % of 100.01 = 8.250825 → 8.25; 12.5 % of 0.03 = 0.00375 → 0.00 (half-up on the minor unit).
    expect(quoteBooking({ unitPriceMinor: 10001, quantity: 1, feePercent: 10, currency: "USD", protectionBasisPoints: 825 }).protectionMinor).toBe(825);
    expect(quoteBooking({ unitPriceMinor: 3, quantity: 1, feePercent: 10, currency: "USD", protectionBasisPoints: 1250 }).protectionMinor).toBe(0);
    expect(quoteBooking({ unitPriceMinor: 4, quantity: 1, feePercent: 10, currency: "USD", protectionBasisPoints: 1250 }).protectionMinor).toBe(1);
    // Exact beyond floating point: 9e15 × 50 %.
    expect(quoteBooking({ unitPriceMinor: 1_000_000_000_000, quantity: 4, feePercent: 0, currency: "USD", protectionBasisPoints: 5000 }).protectionMinor).toBe(2_000_000_000_000);
  });
});

describe("the hold refuses", () => {
  it("insurance required with neither choice, and own cover without its insurer and policy number (422, nothing stored)", async () => {
    const s = await scenario({ insuranceRequired: true });
    expect(await s.hold(s.guest, request(s, {}, {}))).toEqual({ ok: false, status: 422, code: "invalid", error: ERR.insuranceChoice, fields: { insurance: ERR.insuranceChoice } });
    expect(await s.hold(s.guest, request(s, { insurance: "yes" }, {}))).toMatchObject({ status: 422, fields: { insurance: ERR.insuranceChoice } });
    expect(await s.hold(s.guest, request(s, { insurance: "own" }, {}))).toMatchObject({ status: 422, fields: { insurerName: ERR.insurerNameRequired, policyNumber: ERR.policyNumberRequired } });
    expect(await s.hold(s.guest, request(s, { insurance: "own", insurerName: "x".repeat(101), policyNumber: "<script>" }, {}))).toMatchObject({
      status: 422,
      fields: { insurerName: ERR.insurerNameInvalid, policyNumber: ERR.policyNumberInvalid },
    });
    await nothingStored(s);
  });

  it("delivery without an address, with a bad one, and delivery on a pickup-only listing or one that offers neither", async () => {
    const s = await scenario({ deliveryAvailable: true, deliveryFee: 1500, pickupAvailable: true });
    const delivered = { deliveryFeeMinor: 1500 };
    expect(await s.hold(s.guest, request(s, {}, delivered))).toMatchObject({ status: 422, fields: { fulfilment: ERR.fulfilmentChoice } });
    expect(await s.hold(s.guest, request(s, { fulfilment: "delivery" }, delivered))).toMatchObject({
      status: 422,
      fields: { deliveryStreet: ERR.deliveryStreetRequired, deliveryCity: ERR.deliveryCityRequired, deliveryPostalCode: ERR.deliveryPostalCodeRequired, deliveryCountry: ERR.deliveryCountry },
    });
    expect(await s.hold(s.guest, request(s, { fulfilment: "delivery", ...ADDRESS, deliveryCountry: "ZZ", deliveryPostalCode: "33602!" }, delivered))).toMatchObject({
      status: 422,
      fields: { deliveryCountry: ERR.deliveryCountry, deliveryPostalCode: ERR.deliveryPostalCodeInvalid },
    });
    await nothingStored(s);

    const pickupOnly = await scenario({ pickupAvailable: true });
    expect(await pickupOnly.hold(pickupOnly.guest, request(pickupOnly, { fulfilment: "delivery", ...ADDRESS }, {}))).toMatchObject({ status: 422, fields: { fulfilment: ERR.deliveryNotOffered } });
    await nothingStored(pickupOnly);
    const neither = await scenario({});
    expect(await neither.hold(neither.guest, request(neither, { fulfilment: "delivery", ...ADDRESS }, {}))).toMatchObject({ status: 422, fields: { fulfilment: ERR.deliveryNotOffered } });
    await nothingStored(neither);
  });

  it("a browser amount that leaves out the protection or the delivery fee (409 price_changed with the server's lines)", async () => {
    await setProtection(800);
    const s = await scenario(BOTH);
    const choices = { insurance: "protection", fulfilment: "delivery", ...ADDRESS };
    const withoutProtection = await s.hold(s.guest, request(s, choices, { deliveryFeeMinor: 1500 }));
    expect(withoutProtection).toEqual({
      ok: false,
      status: 409,
      code: "price_changed",
      error: BOOKING_MESSAGES.priceChanged,
      price: { rental: 10000, fee: 1000, protection: 800, delivery: 1500, total: 13300, currency: "USD" },
    });
    expect(await s.hold(s.guest, request(s, choices, { protectionBasisPoints: 800 }))).toMatchObject({ status: 409, code: "price_changed" });
    await nothingStored(s);
  });
});

describe("a booking with protection and delivery", () => {
  it("stores the terms and the choices, pays the host rental + delivery, keeps the protection as its own line, and refunds both with the rental", async () => {
    await setProtection(800);
    const s = await scenario({ ...BOTH, cancellationPolicy: "flexible" });
    const held = await s.hold(s.guest, request(s, { insurance: "protection", fulfilment: "delivery", ...ADDRESS, deliveryStreet: "  12   Harbor Road " }, { protectionBasisPoints: 800, deliveryFeeMinor: 1500 }));
    if (!held.ok) throw new Error(held.error);
    expect(held).toMatchObject({ rental: 10000, platformFee: { amount: 1000 }, protection: { basisPoints: 800, amount: 800 }, delivery: 1500, total: 13300 });
    // The admin's later change does not touch a booking already made: it keeps the rate of the moment.
    await setProtection(1200);
    expect(await s.booking(held.bookingId)).toMatchObject({ rentalAmount: 10000, platformFeeAmount: 1000, protectionPercent: 800, protectionAmount: 800, deliveryAmount: 1500, totalPrice: 13300 });
    const [given] = await database.db.select().from(bookingRequirements).where(eq(bookingRequirements.bookingId, held.bookingId));
    expect(given).toMatchObject({ insurance: "protection", insurerName: null, fulfilment: "delivery", deliveryStreet: "12 Harbor Road", deliveryCity: "Tampa", deliveryPostalCode: "33602", deliveryCountry: "US" });

    const paid = await s.pay(s.guest, held.clientSecret);
    expect(paid).toMatchObject({ ok: true });
    expect(await ledgerOf(held.bookingId)).toMatchObject({ charge: 13300, fee: 1000, protection: 800, refund: 0 });
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.bookingId, held.bookingId));
    expect(payout).toMatchObject({ amount: 11500, status: "scheduled" });
    expect(await moneyProblemsOf(held.bookingId)).toEqual([]);

    // Flexible, more than 24 hours ahead: rental, delivery and protection back; the service fee kept.
    const cancelled = await s.cancel(s.guest, held.bookingId);
    expect(cancelled).toMatchObject({ ok: true, refundMinor: 12300 });
    expect(await ledgerOf(held.bookingId)).toMatchObject({ charge: 13300, fee: 1000, protection: 800, refund: 12300, protection_refund: 800, fee_refund: 0 });
    const [after] = await database.db.select().from(payouts).where(eq(payouts.bookingId, held.bookingId));
    expect(after).toMatchObject({ amount: 0, status: "cancelled" });
    expect(await moneyProblemsOf(held.bookingId)).toEqual([]);
  });

  it("own cover and pickup add nothing to the price and are stored as given", async () => {
    const s = await scenario(BOTH);
    const held = await s.hold(s.guest, request(s, { insurance: "own", insurerName: " Harbor Mutual ", policyNumber: "HM-2231/7", fulfilment: "pickup", deliveryStreet: "ignored" }, {}));
    if (!held.ok) throw new Error(held.error);
    expect(held).toMatchObject({ protection: null, delivery: 0, total: 11000 });
    const [given] = await database.db.select().from(bookingRequirements).where(eq(bookingRequirements.bookingId, held.bookingId));
    expect(given).toMatchObject({ insurance: "own", insurerName: "Harbor Mutual", policyNumber: "HM-2231/7", fulfilment: "pickup", deliveryStreet: null });
    expect(await s.pay(s.guest, held.clientSecret)).toMatchObject({ ok: true });
    expect(await ledgerOf(held.bookingId)).toMatchObject({ charge: 11000, fee: 1000, protection: 0 });
    expect(await moneyProblemsOf(held.bookingId)).toEqual([]);
  });

  it("a delivery-only listing delivers without asking the choice; a strict half refund halves rental + delivery and the protection alike", async () => {
    await setProtection(1250);
    const s = await scenario({ insuranceRequired: true, deliveryAvailable: true, deliveryFee: 999, cancellationPolicy: "strict" });
    const held = await s.hold(s.guest, request(s, { insurance: "protection", ...ADDRESS }, { protectionBasisPoints: 1250, deliveryFeeMinor: 999 }));
    if (!held.ok) throw new Error(held.error);
    expect(held).toMatchObject({ protection: { basisPoints: 1250, amount: 1250 }, delivery: 999, total: 10000 + 1000 + 1250 + 999 });
    expect(await s.pay(s.guest, held.clientSecret)).toMatchObject({ ok: true });
    // Strict, 9 days ahead: half of (rental + delivery + protection) = half of 122.49, half-up: 61.25;
    // of it 55.00 from the host's 109.99 (half, half-up) and 6.25 from the protection; the service fee kept.
    expect(await s.cancel(s.guest, held.bookingId)).toMatchObject({ ok: true, refundMinor: 6125 });
    expect(await ledgerOf(held.bookingId)).toMatchObject({ protection: 1250, protection_refund: 625, fee_refund: 0, refund: 6125 });
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.bookingId, held.bookingId));
    expect(payout).toMatchObject({ amount: 5499, status: "scheduled" });
    // Too late for anything back (strict, under 7 days): a second booking keeps everything for host and platform.
    s.advance(3 * 24 * 3_600_000);
    const late = await s.hold(s.guest, request(s, { insurance: "protection", ...ADDRESS }, { protectionBasisPoints: 1250, deliveryFeeMinor: 999 }));
    if (!late.ok) throw new Error(late.error);
    await s.pay(s.guest, late.clientSecret);
    expect(await s.cancel(s.guest, late.bookingId)).toMatchObject({ ok: true, refundMinor: 0 });
    expect(await ledgerOf(late.bookingId)).toMatchObject({ protection: 1250, protection_refund: 0, refund: 0 });
    const [kept] = await database.db.select().from(payouts).where(eq(payouts.bookingId, late.bookingId));
    expect(kept).toMatchObject({ amount: 10999, status: "scheduled" });
    expect(await moneyProblemsOf(late.bookingId)).toEqual([]);
    expect(await moneyProblemsOf(held.bookingId)).toEqual([]);
  });

  it("a host's cancellation refunds everything, protection and delivery included", async () => {
    await setProtection(800);
    const s = await scenario(BOTH);
    const held = await s.hold(s.guest, request(s, { insurance: "protection", fulfilment: "delivery", ...ADDRESS }, { protectionBasisPoints: 800, deliveryFeeMinor: 1500 }));
    if (!held.ok) throw new Error(held.error);
    await s.pay(s.guest, held.clientSecret);
    expect(await s.cancelAsHost(held.bookingId)).toMatchObject({ ok: true, refundMinor: 13300 });
    expect(await ledgerOf(held.bookingId)).toMatchObject({ refund: 13300, fee_refund: 1000, protection_refund: 800 });
    expect(await moneyProblemsOf(held.bookingId)).toEqual([]);
  });
});

describe("who sees the choices", () => {
  it("the host sees the delivery address and the cover once confirmed; the guest's data export holds them, the host's does not", async () => {
    await setProtection(800);
    const s = await scenario(BOTH);
    const held = await s.hold(s.guest, request(s, { insurance: "own", insurerName: "Harbor Mutual", policyNumber: "HM-1", fulfilment: "delivery", ...ADDRESS }, { deliveryFeeMinor: 1500 }));
    if (!held.ok) throw new Error(held.error);
    const view = (status: string) => loadBookingRequirements(database.db, { bookingId: held.bookingId, role: "host", status, startDay: PICK.date });
    expect(await view("pending_payment")).toBeNull();
    await s.pay(s.guest, held.clientSecret);
    expect(await view("confirmed")).toMatchObject({
      insurance: { kind: "own", cover: { insurerName: "Harbor Mutual", policyNumber: "HM-1" } },
      fulfilment: { kind: "delivery", address: { street: "12 Harbor Road", city: "Tampa", postalCode: "33602", country: "US", countryName: "United States of America" } },
    });
    const guestExport = await buildExport(database.db, s.guest.id, s.now);
    expect(guestExport.checkoutDetails).toEqual([expect.objectContaining({ bookingId: held.bookingId, insurance: "own", policyNumber: "HM-1", fulfilment: "delivery", deliveryStreet: "12 Harbor Road" })]);
    expect((await buildExport(database.db, s.host.id, s.now)).checkoutDetails).toEqual([]);
  });
});

describe("where the booking's money is shown", () => {
  it("My Bookings, the admin's booking lookup and the receipt e-mail carry the Protection and Delivery lines, which add up to the total", async () => {
    await setProtection(800);
    const s = await scenario(BOTH);
    const held = await s.hold(s.guest, request(s, { insurance: "protection", fulfilment: "delivery", ...ADDRESS }, { protectionBasisPoints: 800, deliveryFeeMinor: 1500 }));
    if (!held.ok) throw new Error(held.error);
    expect(await s.pay(s.guest, held.clientSecret)).toMatchObject({ ok: true });
    const shown = { rental: 10000, fee: 1000, protection: { basisPoints: 800, amount: 800 }, delivery: 1500, total: 13300 };

    const mine = await listMyBookings(database.db, { userId: s.guest.id, page: 1, pageSize: 10, now: s.now });
    const row = mine.items.find((item) => item.id === held.bookingId)!;
    expect(row).toMatchObject(shown);
    expect(priceLines(row).map((line) => `${line.label} ${line.amount}`)).toEqual(["Rental 10000", "Service fee 1000", "Protection (8%) 800", "Delivery 1500"]);
    expect(priceLines(row).reduce((sum, line) => sum + line.amount, 0)).toBe(row.total);

    const admin = await findBookingForAdmin(database.db, held.bookingId, s.now);
    expect(admin).toMatchObject(shown);

    const [receipt] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `booking-confirmed:${held.bookingId}:guest`));
    expect(receipt!.textBody).toContain("Rental: $100.00\nService fee: $10.00\nProtection (8%): $8.00\nDelivery: $15.00\nTotal paid: $133.00");
    // The host's notice: the delivery fee is theirs.
    const [notice] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `booking-confirmed:${held.bookingId}:host`));
    expect(notice!.textBody).toContain("Your earnings: $115.00");
  });

  it("a request to book with delivery: the host reads rental + delivery as their earnings (dashboard and e-mail)", async () => {
    const s = await scenario({ bookingMode: "request", deliveryAvailable: true, deliveryFee: 1500 });
    const held = await s.hold(s.guest, request(s, { message: "Could you bring it to the harbour?", ...ADDRESS }, { deliveryFeeMinor: 1500 }));
    if (!held.ok) throw new Error(held.error);
    expect(await s.pay(s.guest, held.clientSecret)).toMatchObject({ ok: true });
    expect(await listOpenRequests(database.db, s.host.id, s.now)).toMatchObject([{ bookingId: held.bookingId, total: 12500, earnings: 11500 }]);
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `booking-request:${held.bookingId}:received:host`));
    expect(mail!.textBody).toContain("Your earnings: $115.00");
  });

  it("a booking without them shows no empty lines", async () => {
    const s = await scenario({});
    const hold = await s.book(s.guest, PICK);
    await s.pay(s.guest, hold.clientSecret);
    const [row] = (await listMyBookings(database.db, { userId: s.guest.id, page: 1, pageSize: 10, now: s.now })).items;
    expect(row).toMatchObject({ rental: 10000, fee: 1000, protection: null, delivery: 0, total: 11000 });
    expect(priceLines(row!).map((line) => line.key)).toEqual(["rental", "fee"]);
    expect(await findBookingForAdmin(database.db, hold.bookingId, s.now)).toMatchObject({ protection: null, delivery: 0, total: 11000 });
  });
});
