import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES } from "~/db/schema/bookings";
import { BOOKING_PROCESS, BOOKING_STATES, allows, targetsOf, transitionsFrom, type TransitionName } from "./process";
import { currentProcessDocSection, processDocSection } from "./process-doc";

/** The booking process as data (issue #25): whole, consistent with the schema, and documented from itself. */
describe("the booking process", () => {
  it("names exactly the states the database allows", () => {
    expect([...BOOKING_STATES].sort()).toEqual([...BOOKING_STATUSES].sort());
  });

  it("leads every transition from and to declared states, and every state is reachable from the start", () => {
    const reached = new Set<string>();
    for (const t of Object.values(BOOKING_PROCESS)) {
      if (t.from.length === 0) reached.add(t.to);
      for (const from of t.from) {
        expect(BOOKING_STATES).toContain(from);
        for (const to of targetsOf(t, from)) expect(BOOKING_STATES).toContain(to);
      }
    }
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of Object.values(BOOKING_PROCESS)) {
        for (const from of t.from) {
          if (!reached.has(from)) continue;
          for (const to of targetsOf(t, from)) {
            if (reached.has(to)) continue;
            reached.add(to);
            grew = true;
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...BOOKING_STATES].sort());
  });

  it("lets a guest cancel or move only a confirmed booking, and nothing leave expired but a late payment's refund", () => {
    // `replace`: the guest's payment of a change to another length replaces the booking.
    // `accept_claim`, `dispute_claim`: the guest's answer to a damage claim on the deposit (ADR 0284),
    // possible once the booking has ended (confirmed until the clock completes it); the booking keeps its state.
    expect(transitionsFrom("confirmed", "guest")).toEqual(["guest_cancel", "reschedule", "replace", "accept_claim", "dispute_claim"]);
    expect(BOOKING_PROCESS.accept_claim.to).toBe("unchanged");
    expect(BOOKING_PROCESS.dispute_claim.to).toBe("unchanged");
    expect(allows("replace", "completed")).toBe(false);
    expect(allows("guest_cancel", "cancelled")).toBe(false);
    expect(allows("guest_cancel", "pending_payment")).toBe(false);
    expect(allows("confirm", "expired")).toBe(false);
    expect(transitionsFrom("expired")).toEqual(["refund_late_payment"] satisfies TransitionName[]);
  });

  it("is drawn in docs/product.md exactly as the module declares it (npx tsx scripts/booking-process-doc.ts rewrites it)", () => {
    const doc = fs.readFileSync(path.join(process.cwd(), "docs/product.md"), "utf8");
    expect(currentProcessDocSection(doc)).toBe(processDocSection().trim());
  });
});
