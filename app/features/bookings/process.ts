import type { BOOKING_STATUSES } from "~/db/schema/bookings";

/**
 * The booking process, written down as data (issue #25, ADR 0200), in the manner of
 * Sharetribe's process.edn: every state a booking can be in, and every transition with
 * who or what triggers it, what must hold for it (guard), and what it does (effects).
 *
 * This module is the single source: process.server.ts refuses any transition that is
 * not declared here from the booking's current state (a clear 409, nothing changed),
 * the clock's bulk transitions read their `from` states here, and docs/product.md's
 * state diagram is rendered from it (`processDiagram`, checked by a test so it cannot
 * drift). Browser-safe: it holds no code that runs a transition.
 */
export type BookingState = (typeof BOOKING_STATUSES)[number];

export type Trigger = "guest" | "host" | "admin" | "provider" | "clock";

/**
 * Where a transition leads: a state, `unchanged` (the booking keeps its state: a hold
 * extended, a partial refund recorded), or `before_dispute` (the state the booking had
 * when its dispute opened: confirmed, or completed).
 */
export type Target = BookingState | "unchanged" | "before_dispute";

export type Transition = {
  from: readonly BookingState[];
  to: Target;
  by: readonly Trigger[];
  /** What must be true, beyond the booking being in a `from` state. */
  guard: string;
  /** What the transition does, in the order it does it, in the transaction of the state change. */
  effects: readonly string[];
};

export const BOOKING_STATES: readonly BookingState[] = ["pending_payment", "requested", "confirmed", "completed", "declined", "cancelled", "expired", "disputed"];

export const BOOKING_PROCESS = {
  hold: {
    from: [],
    to: "pending_payment",
    by: ["guest"],
    guard: "signed in, not the host; price, duration, start and currency checked on the server; the slot is free (the calendar's exclusion constraint)",
    effects: ["calendar: hold row, lapsing in 15 minutes", "provider call: create the payment intent", "idempotency key: leased to the request"],
  },
  confirm: {
    from: ["pending_payment"],
    to: "confirmed",
    by: ["provider", "guest"],
    guard: "the payment succeeded, the hold is still live (not lapsed or released) and the booking has not started",
    effects: [
      "calendar: the hold becomes the booking",
      "ledger: charge and fee",
      "payout: scheduled for 24 h after the end",
      "e-mail: receipt to the guest, notice to the host",
      "a change: the booking it replaces is replaced (`replace`)",
    ],
  },
  authorise: {
    from: ["pending_payment"],
    to: "requested",
    by: ["provider", "guest"],
    guard: "a request-to-book listing: the card was authorised, not charged (manual capture); the hold is still live and the booking has not started",
    effects: [
      "calendar: the hold lasts until the request's expiry, the earliest of REQUEST_RESPONSE_HOURS (default 24) after the authorisation and the start",
      "message: the guest's request posted into the guest–host conversation",
      "e-mail: request received to the host (with accept and decline links), request sent to the guest",
    ],
  },
  accept: {
    from: ["requested"],
    to: "confirmed",
    by: ["host"],
    guard: "the host's own listing; the request is open (before its expiry, not answered): the host's answer records the capture, and the booking is confirmed when the capture succeeds",
    effects: [
      "provider call: capture the authorisation, once (its idempotency key)",
      "on the capture: calendar: the hold becomes the booking",
      "ledger: charge and fee",
      "payout: scheduled for 24 h after the end",
      "e-mail: accepted (the receipt) to the guest, notice to the host",
    ],
  },
  decline: {
    from: ["requested"],
    to: "declined",
    by: ["host"],
    guard: "the host's own listing; the request is open (before its expiry, no capture recorded); an optional reason",
    effects: ["calendar: the hold is deleted", "provider call: cancel the payment intent (the authorisation is released)", "e-mail: declined to the guest"],
  },
  expire_request: {
    from: ["requested"],
    to: "expired",
    by: ["clock"],
    guard: "the request's expiry passed with no answer (no capture recorded)",
    effects: ["calendar: the hold is deleted", "provider call: cancel the payment intent (the authorisation is released)", "e-mail: expired to the guest and the host"],
  },
  withdraw: {
    from: ["requested"],
    to: "cancelled",
    by: ["guest"],
    guard: "the guest's own request, still open (no capture recorded); ended_reason request_withdrawn (never paid)",
    effects: ["calendar: the hold is deleted", "provider call: cancel the payment intent (the authorisation is released)", "e-mail: withdrawn to the host"],
  },
  extend_hold: {
    from: ["pending_payment"],
    to: "unchanged",
    by: ["provider"],
    guard: "the payment is processing (a delayed method): the hold is extended rather than lost",
    effects: ["calendar: the hold lapses at the earliest of 7 days and the start"],
  },
  payment_failed: {
    from: ["pending_payment"],
    to: "unchanged",
    by: ["provider", "guest"],
    guard: "the card was declined; the hold stays for its 15 minutes",
    effects: ["e-mail: payment failed, once per booking"],
  },
  release: {
    from: ["pending_payment"],
    to: "expired",
    by: ["guest"],
    guard: "the guest picked another time on the same listing (one open checkout per guest and listing)",
    effects: ["calendar: the hold is deleted", "provider call: cancel the payment intent"],
  },
  expire: {
    from: ["pending_payment"],
    to: "expired",
    by: ["clock"],
    guard: "the hold lapsed unpaid",
    effects: ["calendar: the hold is deleted", "provider call: cancel the payment intent"],
  },
  abandon: {
    from: ["pending_payment"],
    to: "expired",
    by: ["provider"],
    guard: "the provider refused to create the payment intent",
    effects: ["calendar: the hold is deleted", "idempotency key: released so the request can be retried"],
  },
  refund_late_payment: {
    from: ["pending_payment", "expired"],
    to: "expired",
    by: ["provider", "guest"],
    guard: "a payment succeeded after its hold lapsed, after the guest replaced the checkout, or after the booking's start",
    effects: ["calendar: any hold is deleted", "ledger: charge", "provider call: refund in full", "e-mail: why the payment was refunded"],
  },
  guest_cancel: {
    from: ["confirmed"],
    to: "cancelled",
    by: ["guest"],
    guard: "the guest's own booking, not started; the refund the guest was shown is still the refund the stored terms give",
    effects: [
      "calendar: the booking row is deleted",
      "ledger: fee refund (when the stored terms refund it)",
      "payout: reduced to the host's share, or cancelled; a host already paid owes the difference",
      "provider call: refund by the stored policy",
      "e-mail: guest and host",
    ],
  },
  host_cancel: {
    from: ["confirmed"],
    to: "cancelled",
    by: ["host"],
    guard: "the host's own listing, not started; a reason is given",
    effects: ["calendar: the booking row is deleted", "ledger: fee refund", "payout: cancelled", "provider call: refund in full, service fee included", "e-mail: guest and host"],
  },
  admin_cancel: {
    from: ["confirmed", "completed"],
    to: "cancelled",
    by: ["admin"],
    guard: "an admin, with a refund (full, policy or none) and a reason",
    effects: [
      "calendar: the booking row is deleted",
      "ledger: fee refund",
      "payout: reduced or cancelled; a host already paid owes the difference",
      "provider call: the chosen refund",
      "moderation log: who, why, how much",
      "e-mail: guest and host",
    ],
  },
  complete: {
    from: ["confirmed"],
    to: "completed",
    by: ["clock"],
    guard: "the booking's end has passed",
    effects: [],
  },
  reschedule: {
    from: ["confirmed"],
    to: "unchanged",
    by: ["guest"],
    guard: "at least 48 hours before the start; the new time has the same length and price (another length is a `change`), passes the listing's hours and rules and is free",
    effects: [
      "calendar: the row moves to the new time (the old time reopens in the same transaction)",
      "payout: released 24 h after the new end",
      "deposit: authorised and released by the new times; a hold that would lapse before the new start is let go (provider call: cancel the deposit intent) and taken again 2 days before it",
      "e-mail: the new time to the guest and the host",
    ],
  },
  change: {
    from: [],
    to: "pending_payment",
    by: ["guest"],
    guard:
      "the guest's own confirmed booking, at least 48 hours before its start, at another length: the new time passes the listing's hours and rules and is free but for the booking it replaces; priced by that booking's stored terms",
    effects: [
      "calendar: hold row over the new time, lapsing in 15 minutes (the replaced booking keeps its row until the payment)",
      "provider call: create the payment intent for the new total",
    ],
  },
  replace: {
    from: ["confirmed"],
    to: "cancelled",
    by: ["provider", "guest"],
    guard: "the booking that replaces it (a change) was paid and confirmed, and this one has not started",
    effects: [
      "calendar: the booking row is deleted (the new booking's row holds the new time, in the same transaction)",
      "ledger: fee refund",
      "payout: cancelled; a host already paid owes it",
      "provider call: refund in full, service fee included",
      "deposit: released (provider call: cancel the deposit intent); the new booking's is scheduled from its own times",
      "e-mail: the new time to the guest and the host",
    ],
  },
  record_refund: {
    from: ["confirmed", "completed", "cancelled", "disputed"],
    to: "cancelled",
    by: ["provider"],
    guard: "a refund the platform did not make (the provider's dashboard) covers the whole payment",
    effects: ["ledger: refund", "payout: cancelled; a host already paid owes it"],
  },
  record_partial_refund: {
    from: ["confirmed", "completed", "cancelled", "disputed"],
    to: "unchanged",
    by: ["provider"],
    guard: "a refund the platform did not make covers part of the payment; the booking keeps its state",
    effects: ["ledger: refund", "payout: reduced by the refund; a host already paid owes it"],
  },
  open_dispute: {
    from: ["confirmed", "completed"],
    to: "disputed",
    by: ["provider"],
    guard: "the card holder disputed the payment (charge.dispute.created)",
    effects: ["dispute: recorded", "payout: held"],
  },
  win_dispute: {
    from: ["disputed"],
    to: "before_dispute",
    by: ["provider"],
    guard: "the dispute closed in the platform's favour",
    effects: ["dispute: won", "payout: released"],
  },
  lose_dispute: {
    from: ["disputed"],
    to: "before_dispute",
    by: ["provider"],
    guard: "the dispute closed in the card holder's favour",
    effects: ["dispute: lost", "ledger: dispute loss", "payout: reduced by the loss when DISPUTE_LOSSES=host (a host already paid owes it), else the platform bears it"],
  },
  // Security deposits and damage claims (issue #28 point 2, ADRs 0283 and 0284): the booking keeps its
  // state; the deposit (booking_deposits) and its claim (deposit_claims) move. deposits.server.ts runs them.
  authorise_deposit: {
    from: ["confirmed"],
    to: "unchanged",
    by: ["clock"],
    guard:
      "the listing requires a deposit; at confirmation when the start is at most 6 days away, else 2 days before the start; the deposit is scheduled and the booking not cancelled",
    effects: [
      "provider call: a separate intent for the deposit, manual capture, confirmed off-session with the card the payment saved",
      "e-mail: deposit held (guest); a decline: deposit could not be authorised (guest and host: the host may cancel with a full refund)",
    ],
  },
  release_deposit: {
    from: ["confirmed", "completed", "cancelled", "disputed"],
    to: "unchanged",
    by: ["clock"],
    guard:
      "the deposit is authorised (or only scheduled) and no claim was opened: DEPOSIT_RELEASE_DAYS (default 2) after the end, at the next sweep after the booking is cancelled, or when an admin decides a claim for 0",
    effects: ["provider call: cancel the deposit intent (the hold is let go, nothing charged)", "e-mail: deposit released (guest)"],
  },
  claim_deposit: {
    from: ["confirmed", "completed"],
    to: "unchanged",
    by: ["host"],
    guard: "the listing's host; the booking has ended, the deposit is authorised and not released, no claim yet; 1 ≤ amount ≤ the deposit, a description, at most 6 photos",
    effects: ["claim: open, the guest answers within 72 hours", "e-mail: claim opened (guest)"],
  },
  accept_claim: {
    from: ["confirmed", "completed", "disputed"],
    to: "unchanged",
    by: ["guest", "clock"],
    guard: "the claim is open: the guest accepts it, or 72 hours passed without an answer",
    effects: ["claim: accepted", "provider call: capture the claim (`capture_claim`)", "e-mail: claim accepted (host)"],
  },
  dispute_claim: {
    from: ["confirmed", "completed", "disputed"],
    to: "unchanged",
    by: ["guest"],
    guard: "the booking's guest, the claim is open and its 72 hours have not passed",
    effects: ["claim: disputed, an admin decides", "e-mail: claim disputed (host)"],
  },
  decide_claim: {
    from: ["confirmed", "completed", "disputed"],
    to: "unchanged",
    by: ["admin"],
    guard: "an admin, the claim is disputed; 0 ≤ amount ≤ the claim, a note",
    effects: ["claim: decided", "moderation log: who, how much, why", "provider call: capture the decided amount, or release the deposit for 0", "e-mail: claim decided (guest and host)"],
  },
  capture_claim: {
    from: ["confirmed", "completed", "cancelled", "disputed"],
    to: "unchanged",
    by: ["provider"],
    guard: "the claim was accepted or decided for more than 0 and not captured yet",
    effects: [
      "provider call: capture the amount from the deposit intent (the rest is let go); an authorisation that lapsed (7 days): a new off-session charge",
      "ledger: deposit captured",
      "payout: the claim's own payout to the host, no service fee",
    ],
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof BOOKING_PROCESS;

/** The reason a booking replaced by a paid change (`replace`) carries, shown on the guest's row. */
export const REPLACED_REASON = "Changed by the guest: replaced by a new booking";

/** Whether `name` may run from `state`. */
export function allows(name: TransitionName, state: BookingState): boolean {
  return (BOOKING_PROCESS[name].from as readonly BookingState[]).includes(state);
}

/** The transitions open to a booking in `state`, optionally for one trigger (a guest's buttons, an admin's). */
export function transitionsFrom(state: BookingState, trigger?: Trigger): TransitionName[] {
  return (Object.keys(BOOKING_PROCESS) as TransitionName[]).filter(
    (name) => allows(name, state) && (!trigger || (BOOKING_PROCESS[name].by as readonly Trigger[]).includes(trigger)),
  );
}

/** The states a transition can lead to from `from` (for the diagram and the executor's check). */
export function targetsOf(t: Transition, from: BookingState): BookingState[] {
  if (t.to === "unchanged") return [from];
  if (t.to === "before_dispute") return ["confirmed", "completed"];
  return [t.to];
}

/**
 * The process as a Mermaid state diagram (GitHub renders it in docs/product.md):
 * one arrow per state a transition leads from and to, labelled with its name and triggers.
 */
export function processDiagram(): string {
  const lines = ["stateDiagram-v2"];
  for (const [name, t] of Object.entries(BOOKING_PROCESS) as [TransitionName, Transition][]) {
    const label = `${name} (${t.by.join(", ")})`;
    if (t.from.length === 0) lines.push(`    [*] --> ${t.to}: ${label}`);
    for (const from of t.from) for (const to of targetsOf(t, from)) lines.push(`    ${from} --> ${to}: ${label}`);
  }
  lines.push("    completed --> [*]", "    cancelled --> [*]", "    declined --> [*]", "    expired --> [*]");
  return lines.join("\n");
}

/** The transitions as a Markdown table: trigger, from, to, guard and effects (docs/product.md). */
export function processTable(): string {
  const rows = (Object.entries(BOOKING_PROCESS) as [TransitionName, Transition][]).map(
    ([name, t]) => `| \`${name}\` | ${t.by.join(", ")} | ${t.from.length ? t.from.join(", ") : "—"} | ${t.to} | ${t.guard} | ${t.effects.join("; ") || "—"} |`,
  );
  return ["| transition | by | from | to | guard | effects |", "|---|---|---|---|---|---|", ...rows].join("\n");
}
