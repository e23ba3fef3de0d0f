import { eq } from "drizzle-orm";
import { bookings, providerCalls, type IntentPurpose, type ProviderCallKind } from "~/db/schema/bookings";
import type { Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { faultPoint } from "~/lib/fault-points.server";
import { allows, BOOKING_PROCESS, type BookingState, type TransitionName } from "./process";
import { translatable } from "~/features/i18n/translatable";

/**
 * Runs the booking process of process.ts (issue #25, ADR 0200). Every change of a
 * booking's state goes through `runTransition` (or, for the clock's bulk sweeps, reads
 * its `from` states from BOOKING_PROCESS), so a transition the process does not declare
 * from the booking's current state is refused with nothing changed.
 *
 * ONE LOCK ORDER, everywhere money moves (documented here and in ADR 0200):
 *
 *   1. the booking row (`lockBooking`, FOR UPDATE) — first, always;
 *   2. its payment intent mirror (local_payment_intents);
 *   3. its payout row;
 *   4. its provider calls, then the host's balance.
 *
 * A path that starts from an intent, a call or a payout reads that row's booking id
 * without a lock, locks the booking, then locks the row. The payout job locks payout
 * rows alone (it never takes a booking lock after one), and the hold sweep locks a hold
 * with its booking in one statement with SKIP LOCKED. So two money paths never wait on
 * each other in opposite orders (the deadlock of the point 6).
 */
export type BookingRecord = typeof bookings.$inferSelect;

export type Refusal = {
  ok: false;
  code: "not_found" | "not_allowed" | "refund_changed" | "invalid";
  error: string;
  /** With refund_changed: the refund the stored terms give now. */
  quote?: { refundMinor: number };
};

export const refusal = (code: Refusal["code"], error: string, extra: Partial<Refusal> = {}): Refusal => ({ ok: false, code, error, ...extra });

export const PROCESS_MESSAGES = {
  notAllowed: translatable("This booking cannot be changed that way now"),
} as const;

/** Step 1 of the lock order: the booking, for the rest of the transaction. */
export async function lockBooking(tx: Tx, bookingId: string): Promise<BookingRecord | null> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  return booking ?? null;
}

export type TransitionResult<T> = ({ ok: true; to: BookingState } & T) | Refusal;

/**
 * Runs transition `name` on a booking locked by `lockBooking` in this transaction: it is
 * refused unless the process allows `name` from the booking's state; then `effects`
 * checks the guard (returning a Refusal changes nothing: the caller's transaction is
 * rolled back or left unwritten) and writes the effects; then the booking moves to the
 * declared state. `effects` may name the state for `before_dispute` targets.
 */
export async function runTransition<T extends object>(
  tx: Tx,
  booking: BookingRecord,
  name: TransitionName,
  now: Date,
  effects: () => Promise<(T & { to?: BookingState }) | Refusal>,
): Promise<TransitionResult<T>> {
  if (!allows(name, booking.status)) return refusal("not_allowed", PROCESS_MESSAGES.notAllowed);
  const done = await effects();
  if ("ok" in done && done.ok === false) return done;
  const declared = BOOKING_PROCESS[name].to;
  const to: BookingState =
    declared === "unchanged" ? booking.status : declared === "before_dispute" ? ((done as { to?: BookingState }).to ?? "confirmed") : declared;
  if (to !== booking.status) await tx.update(bookings).set({ status: to, updatedAt: now }).where(eq(bookings.id, booking.id));
  faultPoint("transition:before-commit");
  return { ...(done as T), ok: true, to };
}

/** The SQL list of a transition's `from` states, for the clock's bulk transitions. */
export function fromStates(name: TransitionName): BookingState[] {
  return [...(BOOKING_PROCESS[name].from as readonly BookingState[])];
}

/**
 * Step 4 of a transition that moves money: the provider call, written in the
 * transaction of the state change that needs it. It is performed after the commit
 * (provider-calls.server.ts), never inside a transaction.
 */
export async function recordProviderCall(tx: Tx, input: ProviderCallInput): Promise<string> {
  const [call] = await providerCallInsert(tx, input);
  return call!.id;
}

type ProviderCallInput = {
  bookingId: string;
  kind: ProviderCallKind;
  amount: number;
  currency: string;
  intentId: string | null;
  reason: TransitionName;
  /** 'deposit': a call on the booking's deposit intent (deposits.server.ts). */
  purpose?: IntentPurpose;
  now: Date;
  /** Claimed by the request that records it, until this moment (its first attempt; provider-calls.server.ts `claim`). */
  claimedUntil?: Date;
};

/** recordProviderCall's statement, to run on its own or as part of a larger one (the hold's). */
export function providerCallInsert(tx: Tx, input: ProviderCallInput) {
  return tx
    .insert(providerCalls)
    .values({
      bookingId: input.bookingId,
      kind: input.kind,
      provider: env().PAYMENT_PROVIDER,
      amount: input.amount,
      currency: input.currency,
      intentId: input.intentId,
      reason: input.reason,
      purpose: input.purpose ?? "payment",
      nextAttemptAt: input.now,
      ...(input.claimedUntil ? { claimedUntil: input.claimedUntil, attempts: 1 } : {}),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: providerCalls.id });
}
