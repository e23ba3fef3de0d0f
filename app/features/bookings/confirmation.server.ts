import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { countText, unitWords } from "~/features/availability/schedule";
import { bookings, localPaymentIntents } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import type { RemoteIntent } from "~/features/payments/contracts";
import { localProvider } from "~/features/payments/local-provider.server";
import { paymentProvider } from "~/features/payments/provider.server";
import { spacePath } from "~/features/listings/slug";
import type { Db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { z } from "~/lib/zod";
import type { CardInput } from "./card";
import { applyRemoteIntent, findIntent, type Intent } from "./intent-mirror.server";
import { lockBooking, type BookingRecord } from "./process.server";
import { performProviderCalls } from "./provider-calls.server";
import { pricePartsOf, type PriceParts } from "./price-lines";
import { settleIntent } from "./settlement.server";
import { translatable } from "~/features/i18n/translatable";

/**
 * Payment and confirmation (issue #12, #25): the card form's payment, the return URL
 * and the provider's webhooks all end in `applyPayment`, which asks nothing of the
 * provider inside its transaction: the provider's answer is fetched first, then the
 * booking is locked, then its intent, and the booking process decides (settlement.server.ts).
 */
/** `requested`: a request to book, the card authorised and the host asked (ADR 0280). */
export type Outcome = "confirmed" | "requested" | "declined" | "request_expired" | "withdrawn" | "processing" | "failed" | "error" | "refunded";

export const CONFIRMATION_MESSAGES = { somethingWrong: "Something went wrong." } as const;

/** Applies the provider's view of an intent to its booking, and performs the calls that leads to. */
export async function applyPayment(db: Db, remote: RemoteIntent, now: Date): Promise<{ intent: Intent; booking: BookingRecord } | null> {
  const known = await findIntent(db, { id: remote.id });
  if (!known) return null;
  const result = await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, known.bookingId);
    if (!booking) return null;
    const intent = await applyRemoteIntent(tx, remote, { bookingId: booking.id, userId: booking.userId }, now);
    const calls = await settleIntent(tx, booking, intent, now);
    return { intent, calls };
  });
  if (!result) return null;
  await performProviderCalls(db, result.calls, now);
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, known.bookingId));
  return { intent: result.intent, booking: booking! };
}

/** Asks the provider for an intent's state (unless it is final here) and applies it. */
export async function syncIntent(db: Db, input: { intentId: string; now: Date }) {
  const known = await findIntent(db, { id: input.intentId });
  if (!known) return null;
  if (known.status === "canceled" || (known.status === "succeeded" && known.latestCharge)) {
    // Final: apply what is known (settles a booking a crash left undecided) without asking again.
    return applyPayment(db, { ...known, card: undefined }, input.now);
  }
  return applyPayment(db, await paymentProvider(db).retrieveIntent(input.intentId, input.now), input.now);
}

export type PublicIntent = { id: string; status: Intent["status"]; clientSecret: string; lastPaymentError: { message: string } | null };

const publicIntent = (intent: Intent): PublicIntent => ({
  id: intent.id,
  status: intent.status,
  clientSecret: intent.clientSecret,
  lastPaymentError: intent.lastErrorMessage ? { message: intent.lastErrorMessage } : null,
});

const cardSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({
    number: z.string().max(40),
    expMonth: z.union([z.string().max(4), z.number().int()]),
    expYear: z.union([z.string().max(6), z.number().int()]),
    cvc: z.string().max(8),
    name: z.string().max(200).optional(),
  }),
});

export type ConfirmFailure = { ok: false; status: 400 | 404; code: "invalid" | "not_found"; error: string; fields?: Record<string, string> };

/**
 * The test-mode processor's confirmCardPayment (contract: POST /api/payments/confirm).
 * Only the booking's guest may pay; a second confirm of a paid intent changes nothing.
 */
export async function confirmCardPayment(db: Db, input: { userId: string; body: unknown; now: Date }): Promise<{ ok: true; paymentIntent: PublicIntent } | ConfirmFailure> {
  const parsed = cardSchema.safeParse(input.body);
  if (!parsed.success) return { ok: false, status: 400, code: "invalid", error: translatable("Your card number is incorrect."), fields: { card: translatable("Your card number is incorrect.") } };
  const { clientSecret, card } = parsed.data;
  const known = await findIntent(db, { clientSecret });
  if (!known || known.userId !== input.userId || env().PAYMENT_PROVIDER !== "local") return { ok: false, status: 404, code: "not_found", error: CONFIRMATION_MESSAGES.somethingWrong };
  const remote = await localProvider(db).confirmCard(known.id, card as CardInput, input.now);
  const applied = await applyPayment(db, remote, input.now);
  return { ok: true, paymentIntent: publicIntent(applied?.intent ?? known) };
}

/**
 * A provider's word that a payment moved (a Stripe webhook, ADR 0130): the provider is
 * asked for the intent's current state, which is applied exactly as the card form and
 * the return URL apply it. Unknown intents are ignored; any order of events, and any
 * number of repeats, settles a booking once.
 */
export async function settleProviderPayment(db: Db, input: { intentId: string; now: Date }): Promise<Intent | null> {
  return (await syncIntent(db, input))?.intent ?? null;
}

function outcomeOf(intent: Intent, booking: BookingRecord | undefined): Outcome {
  if (booking?.endedReason === "late_payment") return "refunded";
  if (booking?.status === "requested") return "requested";
  // A request to book that ended unpaid (ADR 0280): its intent is cancelled, but that is no error.
  if (booking?.status === "declined") return "declined";
  if (booking?.endedReason === "request_expired") return "request_expired";
  if (booking?.endedReason === "request_withdrawn") return "withdrawn";
  if (intent.status === "processing") return "processing";
  if (intent.status === "requires_payment_method") return "failed";
  if (intent.status === "canceled" || !booking) return "error";
  if (["confirmed", "completed", "cancelled", "disputed"].includes(booking.status)) return "confirmed";
  return "error";
}

export type BookingSummary = {
  id: string;
  status: BookingRecord["status"];
  startTime: string;
  endTime: string;
  timeZone: string;
  currency: string;
  rental: number;
  fee: number;
  feePercent: number;
  total: number;
  /** The Protection line (ADR 0286) when bought: its rate in basis points and amount; null otherwise. */
  protection: PriceParts["protection"];
  /** The Delivery line (ADR 0287); 0 when not chosen. */
  delivery: number;
  refund: number | null;
  /** "3 seats" on a listing of several units or seats (issue #26); null for one. */
  units: string | null;
  space: { id: string; title: string; location: string; href: string };
};

export function summary(booking: BookingRecord, space: typeof spaces.$inferSelect): BookingSummary {
  return {
    id: booking.id,
    status: booking.status,
    startTime: booking.startTime.toISOString(),
    endTime: booking.endTime.toISOString(),
    timeZone: space.timezone,
    currency: booking.currency,
    rental: booking.rentalAmount,
    fee: booking.platformFeeAmount,
    feePercent: booking.platformFeePercentage,
    total: booking.totalPrice,
    protection: pricePartsOf(booking).protection,
    delivery: booking.deliveryAmount,
    refund: booking.refundAmount,
    units: space.quantity > 1 || booking.units > 1 ? countText(booking.units, unitWords(space.rentalType)) : null,
    space: { id: space.id, title: space.title, location: space.location, href: spacePath(space) },
  };
}

/**
 * The payment result for the confirmation page (contract: getPaymentOutcome). Only the
 * booking's guest gets an answer. Asking settles a succeeded payment idempotently, so a
 * reload, a second tab or a late event confirm the booking once.
 */
export async function getPaymentOutcome(db: Db, input: { userId: string; clientSecret: string; now: Date }) {
  if (typeof input.clientSecret !== "string" || input.clientSecret.length === 0 || input.clientSecret.length > 200) return null;
  const known = await findIntent(db, { clientSecret: input.clientSecret });
  if (!known || known.userId !== input.userId) return null;
  const synced = await syncIntent(db, { intentId: known.id, now: input.now });
  const intent = synced?.intent ?? known;
  const [row] = await db.select({ booking: bookings, space: spaces }).from(bookings).innerJoin(spaces, eq(spaces.id, bookings.spaceId)).where(eq(bookings.id, intent.bookingId));
  return { status: intent.status, outcome: outcomeOf(intent, row?.booking), booking: row ? summary(row.booking, row.space) : null };
}

/**
 * Part of the `provider-calls` job: payments whose booking is still undecided. The
 * built-in processor's processing payments whose delay has passed, and any succeeded
 * intent whose booking a crash left pending (or expired without a refund decided).
 * Stripe's are decided by its webhooks; this finds the ones a lost webhook or a crash left.
 */
export async function syncOpenPayments(db: Db, now: Date, limit = 100) {
  const rows = await db
    .select({ id: localPaymentIntents.id })
    .from(localPaymentIntents)
    .innerJoin(bookings, and(eq(bookings.id, localPaymentIntents.bookingId), eq(localPaymentIntents.purpose, "payment")))
    .where(
      or(
        and(eq(localPaymentIntents.provider, "local"), eq(localPaymentIntents.status, "processing"), lte(localPaymentIntents.processingUntil, now)),
        and(
          eq(localPaymentIntents.status, "succeeded"),
          or(eq(bookings.status, "pending_payment"), and(eq(bookings.status, "expired"), or(isNull(bookings.endedReason), sql`${bookings.endedReason} <> 'late_payment'`))),
        ),
        and(inArray(localPaymentIntents.status, ["processing"]), eq(bookings.status, "pending_payment"), lte(bookings.holdExpiresAt, now)),
      ),
    )
    .limit(limit);
  let settled = 0;
  for (const { id } of rows) {
    if (await syncIntent(db, { intentId: id, now })) settled++;
  }
  return settled;
}

