import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payouts } from "~/db/schema/bookings";
import { ledgerEntries, localPayoutTransfers } from "~/db/schema/payouts";
import { profiles } from "~/db/schema/profiles";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { bankDetailsSchema } from "./bank-details";
import { getHostEarnings } from "./earnings.server";
import {
  applyPayoutAccountStatus,
  connectPayoutAccount,
  getPayoutAccount,
  payoutAccountState,
  refreshPayoutAccount,
  reverseTransfer,
  runPayouts,
  saveLocalBankDetails,
} from "./payouts.server";
import { reconcile } from "./reconcile.server";

/** Money out on a fixed clock (PGlite, and PostgreSQL with TEST_DB_ENGINE=postgres). */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const db = () => database.db;

async function onboard(hostId: string, now: Date, details: Record<string, string> = {}, intent: "save" | "finish" = "finish") {
  await connectPayoutAccount(db(), { hostId, email: "host@example.test", returnUrl: "/payouts/return", refreshUrl: "/payouts/refresh", now });
  const parsed = bankDetailsSchema.parse({ intent, accountHolder: "Ada Host", country: "US", currency: "USD", routingNumber: "110000000", accountNumber: "000123456789", ...details });
  await saveLocalBankDetails(db(), { hostId, details: parsed, now });
  return refreshPayoutAccount(db(), { hostId, now });
}

async function payoutOf(bookingId: string) {
  const [row] = await db().select().from(payouts).where(eq(payouts.bookingId, bookingId));
  return row!;
}

async function ledgerOf(bookingId: string) {
  const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
  const sums: Record<string, number> = {};
  for (const row of rows) sums[row.kind] = (sums[row.kind] ?? 0) + row.amount;
  return sums;
}

async function paidBooking(listing: Parameters<typeof bookingScenario>[1]["listing"] = {}, pick = { date: "2026-06-10", hour: 10, hours: 2 }) {
  const s = await bookingScenario(db(), { now: NOW, listing });
  const hold = await s.book(s.guest, pick);
  await s.pay(s.guest, hold.clientSecret);
  return { s, bookingId: hold.bookingId };
}

describe("payout accounts", () => {
  it("goes from not connected to incomplete (saved for later) to complete, asking the provider each time", async () => {
    const { s } = await paidBooking();
    expect(payoutAccountState(await getPayoutAccount(db(), s.host.id))).toBe("not_connected");
    const link = await connectPayoutAccount(db(), { hostId: s.host.id, email: s.host.email, returnUrl: "http://x/payouts/return", refreshUrl: "http://x/payouts/refresh", now: s.now });
    expect(link.url).toBe("/payouts/onboarding?return=%2Fpayouts%2Freturn");
    const half = await onboard(s.host.id, s.now, { accountNumber: "" }, "save");
    expect(payoutAccountState(half)).toBe("incomplete");
    expect(half!.currentlyDue.length).toBeGreaterThan(0);
    const done = await onboard(s.host.id, s.now);
    expect(payoutAccountState(done)).toBe("complete");
    expect(done).toMatchObject({ accountLast4: "6789", routingNumber: "110000000", accountHolder: "Ada Host" });
    expect(JSON.stringify(done)).not.toContain("000123456789");
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, s.host.id));
    expect(profile).toMatchObject({ stripeAccountId: done!.providerAccountId, stripeOnboardingComplete: true });
    // A second connect keeps the same account.
    await connectPayoutAccount(db(), { hostId: s.host.id, email: s.host.email, returnUrl: "/r", refreshUrl: "/f", now: s.now });
    expect((await getPayoutAccount(db(), s.host.id))!.providerAccountId).toBe(done!.providerAccountId);
  });

  it("validates bank details by their check digits", () => {
    const base = { intent: "finish", accountHolder: "A", currency: "EUR" };
    expect(bankDetailsSchema.safeParse({ ...base, country: "DE", iban: "DE89 3704 0044 0532 0130 00" }).success).toBe(true);
    expect(bankDetailsSchema.safeParse({ ...base, country: "DE", iban: "DE89 3704 0044 0532 0130 01" }).success).toBe(false);
    expect(bankDetailsSchema.safeParse({ ...base, country: "FR", iban: "DE89370400440532013000" }).success).toBe(false);
    expect(bankDetailsSchema.safeParse({ ...base, country: "US", routingNumber: "110000000", accountNumber: "12345" }).success).toBe(true);
    expect(bankDetailsSchema.safeParse({ ...base, country: "US", routingNumber: "110000001", accountNumber: "12345" }).success).toBe(false);
    expect(bankDetailsSchema.safeParse({ intent: "save", accountHolder: "A" }).success).toBe(true);
    expect(bankDetailsSchema.safeParse({ intent: "finish", accountHolder: "A" }).success).toBe(false);
  });

  it("applies a provider's status to the known account only", async () => {
    const { s } = await paidBooking();
    const account = await onboard(s.host.id, s.now);
    const blocked = await applyPayoutAccountStatus(db(), { provider: "local", providerAccountId: account!.providerAccountId, status: { detailsSubmitted: true, payoutsEnabled: false, currentlyDue: ["external_account"] }, now: s.now });
    expect(payoutAccountState(blocked)).toBe("incomplete");
    expect(await applyPayoutAccountStatus(db(), { provider: "local", providerAccountId: "acct_unknown", status: { detailsSubmitted: true, payoutsEnabled: true, currentlyDue: [] }, now: s.now })).toBeNull();
  });
});

describe("payouts", () => {
  it("holds the host's share until 24 h after the end, then pays it once; the booking becomes completed", async () => {
    const { s, bookingId } = await paidBooking();
    await onboard(s.host.id, s.now);
    expect(await payoutOf(bookingId)).toMatchObject({ status: "scheduled", amount: 10000, currency: "USD" });
    expect(await ledgerOf(bookingId)).toEqual({ charge: 11000, fee: 1000 });
    const end = new Date("2026-06-10T16:00:00Z").getTime();
    // Just before release: nothing is paid, the booking is completed.
    const early = await runPayouts(db(), new Date(end + DAY - 1));
    expect(early.paid).toBe(0);
    expect((await s.booking(bookingId)).status).toBe("completed");
    expect((await payoutOf(bookingId)).status).toBe("scheduled");
    const held = await getHostEarnings(db(), s.host.id, { now: new Date(end + DAY - 1) });
    expect(held.totals).toEqual([{ currency: "USD", pending: 10000, scheduled: 0, paid: 0, failed: 0 }]);
    expect(held.items[0]).toMatchObject({ status: "pending", releaseAt: new Date(end + DAY).toISOString() });
    const at = new Date(end + DAY);
    await runPayouts(db(), at);
    await runPayouts(db(), new Date(end + 2 * DAY));
    const paid = await payoutOf(bookingId);
    expect(paid).toMatchObject({ status: "paid", attempts: 1 });
    expect(paid.transferredAt?.toISOString()).toBe(at.toISOString());
    expect(await ledgerOf(bookingId)).toEqual({ charge: 11000, fee: 1000, transfer: 10000 });
    expect(await db().select().from(localPayoutTransfers).where(eq(localPayoutTransfers.transferGroup, bookingId))).toHaveLength(1);
    const earnings = await getHostEarnings(db(), s.host.id, { now: at });
    expect(earnings.totals).toEqual([{ currency: "USD", pending: 0, scheduled: 0, paid: 10000, failed: 0 }]);
    expect(earnings.items[0]).toMatchObject({ bookingId, status: "paid", amount: 10000 });
  });

  it("a run limited to one listing (a journey at its own later clock) completes and pays that listing's bookings only", async () => {
    const mine = await paidBooking();
    const other = await paidBooking();
    await onboard(mine.s.host.id, mine.s.now);
    await onboard(other.s.host.id, other.s.now);
    const at = new Date(new Date("2026-06-10T16:00:00Z").getTime() + DAY);
    expect(await runPayouts(db(), at, { only: { spaceId: mine.s.space.id } })).toEqual({ completed: 1, paid: 1, failed: 0 });
    expect((await mine.s.booking(mine.bookingId)).status).toBe("completed");
    expect(await payoutOf(mine.bookingId)).toMatchObject({ status: "paid" });
    expect((await other.s.booking(other.bookingId)).status).toBe("confirmed");
    expect(await payoutOf(other.bookingId)).toMatchObject({ status: "scheduled" });
    // The scheduled run over every listing pays it.
    await runPayouts(db(), at);
    expect(await payoutOf(other.bookingId)).toMatchObject({ status: "paid" });
  });

  it("accumulates payouts of a host without a complete account and pays them once onboarding completes", async () => {
    const { s, bookingId } = await paidBooking();
    const late = new Date("2026-06-20T00:00:00Z");
    expect((await runPayouts(db(), late)).paid).toBe(0);
    expect((await getHostEarnings(db(), s.host.id, { now: late })).totals[0]).toMatchObject({ scheduled: 10000, pending: 0 });
    await onboard(s.host.id, late, { accountNumber: "" }, "save");
    expect((await runPayouts(db(), late)).paid).toBe(0);
    await onboard(s.host.id, late);
    await runPayouts(db(), late);
    expect((await payoutOf(bookingId)).status).toBe("paid");
  });

  it("pays nothing for a fully refunded cancellation and the policy's share for a partial one", async () => {
    const full = await paidBooking({ cancellationPolicy: "flexible" });
    expect(await full.s.cancel(full.s.guest, full.bookingId)).toEqual({ ok: true, refundMinor: 10000 });
    expect(await payoutOf(full.bookingId)).toMatchObject({ status: "cancelled", amount: 0 });
    expect(await ledgerOf(full.bookingId)).toEqual({ charge: 11000, fee: 1000, refund: 10000 });

    const half = await paidBooking({ cancellationPolicy: "strict" }, { date: "2026-06-20", hour: 10, hours: 3 });
    expect(await half.s.cancel(half.s.guest, half.bookingId)).toEqual({ ok: true, refundMinor: 7500 });
    expect(await payoutOf(half.bookingId)).toMatchObject({ status: "scheduled", amount: 7500 });
    await onboard(half.s.host.id, half.s.now);
    await runPayouts(db(), new Date("2026-06-30T00:00:00Z"));
    expect(await payoutOf(half.bookingId)).toMatchObject({ status: "paid", amount: 7500 });
    expect(await ledgerOf(half.bookingId)).toEqual({ charge: 16500, fee: 1500, refund: 7500, transfer: 7500 });
  });

  it("shows a failed transfer as failed, retries it with back-off and never loses it", async () => {
    const { s, bookingId } = await paidBooking();
    await onboard(s.host.id, s.now, { accountNumber: "000111111116" });
    const at = new Date("2026-06-12T00:00:00Z");
    expect(await runPayouts(db(), at)).toMatchObject({ failed: 1, paid: 0 });
    const failed = await payoutOf(bookingId);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.failureMessage).toMatch(/refused/);
    expect(failed.nextAttemptAt!.getTime() - at.getTime()).toBe(5 * 60_000);
    expect((await getHostEarnings(db(), s.host.id, { now: at })).totals[0]).toMatchObject({ failed: 10000 });
    // Not before the back-off; then a second failure doubles it.
    expect((await runPayouts(db(), new Date(at.getTime() + 60_000))).failed).toBe(0);
    await runPayouts(db(), new Date(at.getTime() + 5 * 60_000));
    expect((await payoutOf(bookingId)).attempts).toBe(2);
    // The host fixes the account: the next retry pays.
    await onboard(s.host.id, s.now);
    const retry = (await payoutOf(bookingId)).nextAttemptAt!;
    await runPayouts(db(), retry);
    expect(await payoutOf(bookingId)).toMatchObject({ status: "paid", attempts: 3 });
  });

  it("records a reversed transfer once, whatever the order and number of events", async () => {
    const { s, bookingId } = await paidBooking();
    await onboard(s.host.id, s.now);
    await runPayouts(db(), new Date("2026-06-12T00:00:00Z"));
    const transferId = (await payoutOf(bookingId)).providerTransferId!;
    const at = new Date("2026-06-13T00:00:00Z");
    expect(await reverseTransfer(db(), { providerTransferId: transferId, amount: 4000, now: at })).toEqual({ reversed: 4000 });
    expect(await reverseTransfer(db(), { providerTransferId: transferId, amount: 4000, now: at })).toEqual({ reversed: 0 });
    expect(await reverseTransfer(db(), { providerTransferId: transferId, amount: 10000, now: at })).toEqual({ reversed: 6000 });
    expect(await reverseTransfer(db(), { providerTransferId: transferId, amount: 4000, now: at })).toEqual({ reversed: 0 });
    expect(await reverseTransfer(db(), { providerTransferId: "tr_unknown", amount: 10, now: at })).toEqual({ reversed: 0 });
    expect((await payoutOf(bookingId)).status).toBe("reversed");
    expect(await ledgerOf(bookingId)).toMatchObject({ transfer: 10000, reversal: 10000 });
  });

  it("reconciles every booking to the minor unit, and names a booking whose ledger is off", async () => {
    const clean = await reconcile(db());
    expect(clean.differences).toEqual([]);
    expect(clean.ok).toBe(true);
    const usd = clean.totals.find((t) => t.currency === "USD")!;
    expect(usd.captured).toBe(usd.hostPayouts + usd.fees + usd.refunds + usd.held);
    const { bookingId } = await paidBooking();
    await db().insert(ledgerEntries).values({ bookingId, kind: "refund", amount: 1, currency: "USD", key: `tamper:${bookingId}` });
    const broken = await reconcile(db());
    expect(broken.ok).toBe(false);
    expect(broken.differences.map((d) => d.bookingId)).toContain(bookingId);
  });
});

describe("the ledger", () => {
  it("is append-only: an update or a delete is refused by the database", async () => {
    const { bookingId } = await paidBooking();
    await expect(db().update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.bookingId, bookingId))).rejects.toThrow();
    await expect(db().delete(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId))).rejects.toThrow();
    expect(await ledgerOf(bookingId)).toEqual({ charge: 11000, fee: 1000 });
  });
});
