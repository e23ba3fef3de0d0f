import fc from "fast-check";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, payouts } from "~/db/schema/bookings";
import { ledgerEntries, localPayoutTransfers } from "~/db/schema/payouts";
import { CURRENCIES } from "~/db/listing-enums";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { bankDetailsSchema } from "./bank-details";
import { localPayoutProvider } from "~/features/payments/local-payouts.server";
import type { PayoutProvider } from "~/features/payments/payout-contracts";
import { connectPayoutAccount, refreshPayoutAccount, runPayouts, saveLocalBankDetails } from "./payouts.server";
import { reconcile } from "./reconcile.server";

/**
 * The integrity property against the real database functions (issue #13): fewer
 * histories than the pure model (money.property.test.ts), each a real booking paid,
 * declined or cancelled at a random time, payout runs that crash after the transfer,
 * failing bank accounts, and onboarding at a random moment. The ledger must always
 * reconcile, each booking is transferred at most once and never before its release.
 */
let database: TestDatabase;
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const step = fc.oneof(
  fc.record({ kind: fc.constant("advance" as const), hours: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant("cancel" as const), which: fc.nat() }),
  fc.record({ kind: fc.constant("job" as const), crash: fc.boolean() }),
  fc.record({ kind: fc.constant("onboard" as const), failing: fc.boolean() }),
);

const history = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  price: fc.integer({ min: 1, max: 900_000 }),
  policy: fc.constantFrom("flexible", "moderate", "strict" as const),
  bookings: fc.array(fc.record({ day: fc.integer({ min: 1, max: 20 }), hours: fc.integer({ min: 1, max: 4 }), decline: fc.boolean() }), { minLength: 1, maxLength: 2 }),
  steps: fc.array(step, { maxLength: 8 }),
});

describe("money integrity against the database", () => {
  it("keeps the ledger reconciled through random histories", async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        const db = database.db;
        const s = await bookingScenario(db, { now: "2026-06-01T12:00:00.000Z", listing: { currency: h.currency, hourlyPrice: h.price, cancellationPolicy: h.policy } });
        const ids: string[] = [];
        for (const [i, b] of h.bookings.entries()) {
          const hold = await s.hold(s.guest, s.request({ date: `2026-06-${String(2 + b.day).padStart(2, "0")}`, hour: 9 + i * 5, hours: b.hours }));
          if (!hold.ok) continue;
          const paid = await s.pay(s.guest, hold.clientSecret, b.decline ? { number: "4000 0000 0000 0002" } : {});
          expect(paid.ok).toBe(true);
          ids.push(hold.bookingId);
        }
        const real = localPayoutProvider(db);
        const crashing: PayoutProvider = {
          ...real,
          async transfer(input) {
            await real.transfer(input);
            throw new Error("process died after the transfer");
          },
        };
        for (const st of h.steps) {
          if (st.kind === "advance") s.advance(st.hours * HOUR);
          else if (st.kind === "cancel" && ids.length > 0) await s.cancel(s.guest, ids[st.which % ids.length]!);
          else if (st.kind === "job") await runPayouts(db, s.now, st.crash ? { provider: crashing } : {});
          else if (st.kind === "onboard") {
            await connectPayoutAccount(db, { hostId: s.host.id, email: s.host.email, returnUrl: "/r", refreshUrl: "/f", now: s.now });
            const details = bankDetailsSchema.parse({ intent: "finish", accountHolder: "H", country: "US", currency: "USD", routingNumber: "110000000", accountNumber: st.failing ? "000111111116" : "000123456789" });
            await saveLocalBankDetails(db, { hostId: s.host.id, details, now: s.now });
            await refreshPayoutAccount(db, { hostId: s.host.id, now: s.now });
          }
        }
        if (ids.length === 0) return;
        const rows = await db.select().from(bookings).where(inArray(bookings.id, ids));
        const transfers = await db.select().from(localPayoutTransfers).where(inArray(localPayoutTransfers.transferGroup, ids));
        expect(new Set(transfers.map((t) => t.transferGroup)).size).toBe(transfers.length);
        const entries = await db.select().from(ledgerEntries).where(and(inArray(ledgerEntries.bookingId, ids), eq(ledgerEntries.kind, "transfer")));
        for (const entry of entries) {
          const booking = rows.find((b) => b.id === entry.bookingId)!;
          expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(booking.payoutReleaseAt.getTime());
          expect(booking.refundAmount === booking.totalPrice).toBe(false);
        }
        const found = await db.select().from(payouts).where(inArray(payouts.bookingId, ids));
        for (const payout of found) if (payout.status === "paid") expect(transfers.some((t) => t.transferGroup === payout.bookingId)).toBe(true);
        const check = await reconcile(db);
        expect(check.differences).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
