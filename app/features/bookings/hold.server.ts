import crypto from "node:crypto";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { bookingRequirements } from "~/db/schema/booking-requirements";
import { bookings, idempotencyKeys, localPaymentIntents, providerCalls, spaceAvailability, spaceDateHours } from "~/db/schema/bookings";
import type { HoursRange } from "~/db/opening-hours";
import { lockCalendar, unitsInUse } from "~/features/availability/calendar-rows.server";
import { occupiedRange, scheduledEnd, scheduleOf, startProblem, unitWords } from "~/features/availability/schedule";
import type { Currency } from "~/db/listing-enums";
import { spaces } from "~/db/schema/listings";
import { platformSettings, PROTECTION_PERCENT_DEFAULT } from "~/db/schema/admin";
import { IDENTITY_TEXT } from "~/features/identity/identity-text";
import { isVerifiedSql } from "~/features/identity/verified-sql.server";
import type { Db, Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { preparedQuery } from "~/lib/prepared.server";
import { isUuid } from "~/lib/uuid";
import { z } from "~/lib/zod";
import { BOOKING_MESSAGES, HOLD_MS, PAYOUT_DELAY_MS, bookability, durationProblem, feePercent, pgErrorCode, unitNotOffered, type BookingFailure } from "./booking-rules.server";
import { PRICING_UNITS, quoteBooking, unitPrice, UNIT_HOURS, type CancellationPolicy, type PricingUnit } from "./pricing";
import { BOOKING_PROCESS } from "./process";
import { fromStates, lockBooking, providerCallInsert } from "./process.server";
import { LEASE_MS, performCall, performProviderCalls, type ClaimedCall } from "./provider-calls.server";
import { abandonCheckout } from "./settlement.server";
import { checkRequirements, extrasOf, listingRequirements, requirementFieldsOf, type ListingRequirements, type RequirementAnswers } from "./requirements";
import { addDays } from "./slots";
import { requestMessageProblem } from "./request-rules";
import { sweepExpiredRequests } from "./requests.server";
import { arrival, takeInTurn, takenAhead } from "./slot-line.server";
import { translatable } from "~/features/i18n/translatable";
import { english, type Translate } from "~/features/i18n/translate";

/**
 * The booking process's `hold` (issue #12, #25, ADR 0104, 0200): a guest's request is
 * validated and priced on the server, the slot is held for 15 minutes with the terms of
 * the moment, and the payment intent is made. And the clock's `expire` and the guest's
 * `release` of holds. The exclusion constraint on space_availability, not this code, is
 * what makes double booking impossible.
 */

/**
 * How long a request holds its Idempotency-Key before a retry may resume or release it:
 * the lease of its intent call, so a retry never takes over a call still being made.
 */
export const KEY_LEASE_MS = LEASE_MS;
/** Keys are forgotten a day after they were made. */
export const KEY_TTL_MS = 24 * 3_600_000;

/**
 * The clock's `expire` and the guest's `release` transitions (process.ts), in one
 * statement: deletes lapsed holds (all of them, or those overlapping one range of one
 * space), marks their bookings expired and records the cancellation of their payment
 * intents (provider calls, performed by the provider-calls job). Safe with several
 * processes: the hold and its booking are claimed together with SKIP LOCKED, so two
 * sweeps never wait on or double-handle one hold, and a payment settling that booking
 * (which locks the booking first) is skipped rather than deadlocked. A hold whose
 * payment succeeded (and whose booking a crash left undecided) is left to the payment's
 * settlement (confirmation.server.ts `syncOpenPayments`), which refunds it if it lapsed.
 *
 * A range without `start` and `end` is the whole of its space (the hold-sweep job limited
 * to one listing, `sweepAllExpiredHolds`).
 *
 * With `releaseCheckoutOf`, the same statement also releases that guest's open checkout
 * on the space (waiting for it if it is locked): one open checkout per guest and
 * listing, so a guest who goes back and picks another time frees the slot they held
 * before, instead of keeping it from everyone for the rest of its 15 minutes. A payment
 * that still arrives for it is refunded in full (`refund_late_payment`).
 */
export async function sweepExpiredHolds(db: Db | Tx, now: Date, range?: { spaceId: string; start?: Date; end?: Date; releaseCheckoutOf?: string }) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const overlap =
    range?.start && range.end
      ? sql` and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${range.start.toISOString()}::timestamptz, ${range.end.toISOString()}::timestamptz, '[)')`
      : sql``;
  const scope = range ? sql`and a.space_id = ${range.spaceId}${overlap}` : sql``;
  // The guest's own open checkout is waited for, not skipped, when it is locked: it may
  // be their previous choice, still getting its payment intent. The booking is locked
  // before its hold, in the order a payment settling it takes them, so the two never
  // wait on each other; once paid, it is no longer an open checkout.
  const openCheckout = range?.releaseCheckoutOf
    ? sql`, open_checkout as (
      select a.id from ${bookings} b join ${spaceAvailability} a on a.booking_id = b.id
       where a.kind = 'hold' and a.space_id = ${range.spaceId} and b.user_id = ${range.releaseCheckoutOf} and b.status = 'pending_payment'
       for update of b, a
    )`
    : sql`, open_checkout as (select null::uuid as id where false)`;
  const from = sql.join(fromStates("expire").map((state) => sql`${state}`), sql`, `);
  const result = await db.execute<{ expired: number; calls: string }>(sql`
    with lapsed as (
      select a.id from ${spaceAvailability} a join ${bookings} b on b.id = a.booking_id
       where a.kind = 'hold' and (a.expires_at <= ${at} ${scope})
         and b.status <> 'requested'
         and not exists (select 1 from ${localPaymentIntents} i where i.booking_id = b.id and i.status = 'succeeded')
       for update of a, b skip locked
    )${openCheckout}, gone as (
      delete from ${spaceAvailability} a
       where a.id in (select id from lapsed union select id from open_checkout)
      returning a.id, a.booking_id
    ), ended as (
      update ${bookings} b
         set status = ${BOOKING_PROCESS.expire.to}, hold_expires_at = null, updated_at = ${at},
             ended_reason = case when gone.id in (select id from open_checkout) then 'released' else 'lapsed' end
        from gone where b.id = gone.booking_id and b.status in (${from})
      returning b.id, b.payment_intent_id, b.currency, b.ended_reason
    ), calls as (
      insert into ${providerCalls} (booking_id, kind, provider, amount, currency, intent_id, reason, next_attempt_at, created_at, updated_at)
      select ended.id, 'cancel_intent', ${env().PAYMENT_PROVIDER}, 0, ended.currency, ended.payment_intent_id,
             case when ended.ended_reason = 'released' then 'release' else 'expire' end, ${at}, ${at}, ${at}
        from ended where ended.payment_intent_id is not null
      returning id
    )
    select (select count(*) from ended)::int as expired, (select coalesce(json_agg(id), '[]') from calls)::text as calls`);
  const row = result.rows[0];
  return { expired: Number(row?.expired ?? 0), calls: JSON.parse(row?.calls ?? "[]") as string[] };
}

const holdSchema = z.object({
  spaceId: z.string(),
  startTime: z.string({ error: BOOKING_MESSAGES.dateTime }).min(1, BOOKING_MESSAGES.dateTime),
  endTime: z.string().optional(),
  duration: z.number({ error: translatable("Duration must be a whole number") }).int(translatable("Duration must be a whole number")),
  pricingUnit: z.enum(PRICING_UNITS, { error: translatable("Choose a pricing option") }),
  amount: z.number({ error: translatable("Amount must be a whole number of minor units") }).int(translatable("Amount must be a whole number of minor units")).min(0),
  currency: z.string({ error: translatable("Currency is required") }).max(10),
  units: z.number({ error: BOOKING_MESSAGES.unitsWhole }).int(BOOKING_MESSAGES.unitsWhole).min(1, BOOKING_MESSAGES.unitsWhole).max(100_000, BOOKING_MESSAGES.unitsWhole).optional(),
  // The listing's checkout requirements (issue #28 point 3, ADR 0279), checked against the listing by `checkRequirements`.
  dateOfBirth: z.unknown().optional(),
  licenceNumber: z.unknown().optional(),
  licenceCountry: z.unknown().optional(),
  licenceExpiry: z.unknown().optional(),
  waiverAccepted: z.unknown().optional(),
  // Insurance and delivery or pickup (ADR 0286, 0287), checked by the same `checkRequirements`.
  insurance: z.unknown().optional(),
  insurerName: z.unknown().optional(),
  policyNumber: z.unknown().optional(),
  fulfilment: z.unknown().optional(),
  deliveryStreet: z.unknown().optional(),
  deliveryCity: z.unknown().optional(),
  deliveryPostalCode: z.unknown().optional(),
  deliveryCountry: z.unknown().optional(),
  // A request to book's message to the host (issue #28, ADR 0280): required, 1..1000 characters, on a request listing.
  message: z.unknown().optional(),
});

export type HoldResponse = {
  clientSecret: string;
  bookingId: string;
  holdExpiresAt: string;
  platformFee: { percentage: number; amount: number };
  rental: number;
  /** The 'Protection' line (ADR 0286): its rate in basis points and amount; null when not bought. */
  protection: { basisPoints: number; amount: number } | null;
  /** The 'Delivery' line (ADR 0287); 0 when not chosen. */
  delivery: number;
  total: number;
  currency: string;
};

export type HoldResult = ({ ok: true } & HoldResponse) | BookingFailure;

type HoldInput = {
  userId: string;
  body: unknown;
  idempotencyKey: string | null;
  now: Date;
  /** The client's address as the server resolved it (client-ip.server.ts), stored with an accepted waiver; null when unknown. */
  clientIp?: string | null;
  /** The request's language, for the refusals that carry values ("Only 2 seats left …"); English when left out. */
  translate?: Translate;
};

/** The hold request's shape, before anything is read: its fields, its Idempotency-Key and its listing's id. */
function readHoldRequest(body: unknown, idempotencyKey: string | null): { ok: true; request: z.infer<typeof holdSchema> } | BookingFailure {
  const parsed = holdSchema.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
    return invalid(fields, 400);
  }
  if (idempotencyKey !== null && !isUuid(idempotencyKey)) return invalid({ idempotencyKey: "Idempotency-Key must be a UUID" }, 400);
  if (!isUuid(parsed.data.spaceId)) return { ok: false, status: 404, code: "not_found", error: BOOKING_MESSAGES.notFound };
  return { ok: true, request: parsed.data };
}

function invalid(fields: Record<string, string>, status: 400 | 422 = 422): BookingFailure {
  return { ok: false, status, code: "invalid", error: Object.values(fields)[0] ?? "Invalid request", fields };
}

/**
 * Validates and prices a booking request from the listing (contract: POST
 * /api/bookings/payment-intent). One read gives the listing, the key's earlier answer
 * and whether the range is taken; then a short transaction sweeps lapsed holds in the
 * range and inserts the pending_payment booking and, last, its hold; then the payment
 * intent is made (ADR 0190). Replaying the same Idempotency-Key returns the first answer.
 */
export async function createBookingHold(db: Db, input: HoldInput): Promise<HoldResult> {
  const arrived = arrival();
  const { userId, now } = input;
  const _ = input.translate ?? english;
  const parsed = readHoldRequest(input.body, input.idempotencyKey);
  if (!parsed.ok) return parsed;
  const body = parsed.request;

  const requestHash = crypto.createHash("sha256").update(JSON.stringify([body.spaceId, body.startTime, body.endTime ?? null, body.duration, body.pricingUnit, body.amount, body.currency, ...(body.units && body.units > 1 ? [body.units] : []), ...requirementFieldsOf(body), ...(typeof body.message === "string" ? [body.message] : [])])).digest("hex");
  const key = input.idempotencyKey ? `booking-hold:${userId}:${input.idempotencyKey}` : null;

  const range = requestedRange(body.startTime, body.pricingUnit, body.duration);
  // In a rush, an attempt that arrives while others at the listing are taking their slot
  // waits for them, and is answered at once when one took an overlapping time (an hourly
  // request's range is its booking's own time; the line learns no ranges for seats).
  if (range && body.pricingUnit === "hour" && (await takenAhead(body.spaceId, { range: { start: Date.parse(range.start), end: Date.parse(range.end) }, guest: userId, arrived }))) {
    return { ok: false, status: 409, code: "slot_taken", error: BOOKING_MESSAGES.slotTaken };
  }

  // The listing, this key's earlier answer and whether the range is taken, in one round trip.
  const [found] = await attemptQuery(db).execute({
    id: body.spaceId,
    key,
    userId,
    start: range?.start ?? null,
    end: range?.end ?? null,
    byTheDay: body.pricingUnit !== "hour",
    fromDate: range ? addDays(range.start.slice(0, 10), -2) : null,
    toDate: range ? addDays(range.end.slice(0, 10), 2) : null,
    now: now.toISOString(),
  });
  if (key) {
    const earlier = found ? found.earlier : await keyRow(db, key);
    const replay = await replayOrResume(db, key, earlier, requestHash, now);
    if (replay) return replay;
  }

  const space = found?.space;
  if (!space || !space.isPublished) return { ok: false, status: 404, code: "not_found", error: BOOKING_MESSAGES.notFound };
  const refusal = bookability(space, userId);
  if (refusal === "owner") return { ok: false, status: 403, code: "not_bookable", error: BOOKING_MESSAGES.ownListing };
  if (refusal) return { ok: false, status: 409, code: "not_bookable", error: BOOKING_MESSAGES.unavailable };
  if (space.requiresVerifiedGuests && !found.guestVerified) return { ok: false, status: 403, code: "identity_required", error: IDENTITY_TEXT.booking.required };

  const unit = body.pricingUnit;
  const price = unitPrice(space, unit);
  if (price === null) return invalid({ pricingUnit: unitNotOffered(unit, _) });
  const tooLong = durationProblem(unit, body.duration, space, _);
  if (tooLong) return invalid({ duration: tooLong });
  const start = new Date(body.startTime);
  if (Number.isNaN(start.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(body.startTime)) return invalid({ startTime: BOOKING_MESSAGES.dateTime });
  if (start.getTime() <= now.getTime()) return invalid({ startTime: BOOKING_MESSAGES.future });
  // The listing's hours, dated hours and rules (issue #26): the schedule engine the widget offers starts from.
  const schedule = scheduleOf(space, found.dated ?? {});
  const endDate = scheduledEnd(schedule, start, unit, body.duration);
  const problem = startProblem(schedule, { start, end: endDate, byTheDay: unit !== "hour", now }, _);
  if (problem) return invalid({ startTime: problem });
  if (body.endTime !== undefined && Date.parse(body.endTime) !== endDate.getTime()) return invalid({ endTime: BOOKING_MESSAGES.endMismatch });
  // The listing's checkout requirements (ADR 0279): refused here, before the slot is taken, with a message per field.
  // Insurance and delivery or pickup (ADR 0286, 0287) too; a delivery asked of a listing that offers neither is refused by the same check.
  const needs = listingRequirements(space);
  let requirements: { answers: RequirementAnswers; ip: string | null } | null = null;
  if (needs || body.fulfilment !== undefined) {
    const checked = checkRequirements(needs ?? NO_REQUIREMENTS, body, { start, end: endDate, now, timeZone: space.timezone }, _);
    if (!checked.ok) return invalid(checked.fields);
    if (needs) requirements = { answers: checked.answers, ip: input.clientIp ?? null };
  }
  // A request to book (ADR 0280): the guest's message to the host goes with it.
  let requestMessage: string | null = null;
  if (space.bookingMode === "request") {
    const message = requestMessageProblem(body.message);
    if (!message.ok) return invalid({ message: message.error });
    requestMessage = message.text;
  }
  const units = body.units ?? 1;
  if (units > space.quantity) return invalid({ units: BOOKING_MESSAGES.tooManyUnits(space.quantity, unitWords(space.rentalType), _) });

  // The protection's rate is the platform's setting of the moment (read in the same round trip), kept on the booking.
  const extras = extrasOf(needs, requirements?.answers ?? {}, found.protectionPercent ?? PROTECTION_PERCENT_DEFAULT);
  const quote = quoteBooking({ unitPriceMinor: price, quantity: body.duration * units, feePercent: feePercent(), currency: space.currency, ...extras });
  if (body.amount !== quote.totalMinor || body.currency !== space.currency) {
    return {
      ok: false,
      status: 409,
      code: "price_changed",
      error: BOOKING_MESSAGES.priceChanged,
      price: { rental: quote.rentalMinor, fee: quote.feeMinor, protection: quote.protectionMinor, delivery: quote.deliveryMinor, total: quote.totalMinor, currency: space.currency },
    };
  }

  const holdExpiresAt = new Date(now.getTime() + HOLD_MS);
  // A slot already taken is answered at once, without opening a transaction that would
  // only wait for the holder and fail (the constraint below still decides every race).
  // The guest's own open checkout does not count: the transaction releases it.
  if (found.taken) return { ok: false, status: 409, code: "slot_taken", error: space.quantity > 1 ? BOOKING_MESSAGES.noUnitsLeft(unitWords(space.rentalType), _) : BOOKING_MESSAGES.slotTaken };
  // The row keeps the listing's buffers free around the booking's own time.
  const occupied = occupiedRange(schedule.rules, start, endDate);
  const seats = space.quantity > 1 ? { units, quantity: space.quantity, words: unitWords(space.rentalType) } : null;
  // 1. Take the slot: a short transaction whose last statement is the calendar row the
  //    exclusion constraint checks, so a competing request waits on it for one round trip
  //    (the commit), not for the whole checkout (bench/README.md, bench:booking). Attempts
  //    at one listing in this process take their turn, and one that arrived before the
  //    range was found taken is answered at once (slot-line.server.ts, ADR 0191).
  const taking = await takeInTurn(
    space.id,
    { range: { start: start.getTime(), end: endDate.getTime() }, guest: userId, arrived },
    () => takeSlot(db, { key, userId, requestHash, now, _, range: { spaceId: space.id, start: occupied.start, end: occupied.end }, seats, hold: { unit, quantity: body.duration, units, start, end: endDate, quote, currency: space.currency, expiresAt: holdExpiresAt, terms: { cancellationPolicy: space.cancellationPolicy, refundServiceFee: env().REFUND_SERVICE_FEE }, requirements, requestMessage } }),
    // With seats, neither a hold nor a refusal means the time is taken for everyone.
    (outcome) => !seats && (outcome.held || (!outcome.answer.ok && outcome.answer.code === "slot_taken")),
  );
  if (taking === "taken") return { ok: false, status: 409, code: "slot_taken", error: BOOKING_MESSAGES.slotTaken };
  if (!taking.held) return taking.answer;

  // 2. The payment intent: the call recorded (and claimed) with the hold is made now,
  //    outside any transaction (with Stripe it is a call over the network). If it does not
  //    go through, the checkout is abandoned: the slot is free again and the key released.
  const claimed: ClaimedCall = {
    call: { id: taking.callId, kind: "create_intent", bookingId: taking.bookingId, amount: quote.totalMinor, currency: space.currency, intentId: null, attempts: 1 },
    booking: { userId, spaceId: space.id, requestMessage },
    hold: {
      bookingId: taking.bookingId,
      holdExpiresAt: holdExpiresAt.toISOString(),
      platformFee: { percentage: quote.feePercent, amount: quote.feeMinor },
      rental: quote.rentalMinor,
      protection: quote.protectionBasisPoints === null ? null : { basisPoints: quote.protectionBasisPoints, amount: quote.protectionMinor },
      delivery: quote.deliveryMinor,
      total: quote.totalMinor,
      currency: space.currency,
    },
  };
  return intentAnswer(db, taking.bookingId, taking.callId, now, claimed);
}

/**
 * Makes a held booking's create_intent call and answers with its client secret. A call
 * that fails, or whose answer is unknown, abandons the checkout (the request fails and
 * may be sent again with the same key); an intent made whose answer was lost is never
 * paid (nobody has its client secret) and is left unpaid at the provider.
 */
export async function intentAnswer(db: Db, bookingId: string, callId: string, now: Date, claimed?: ClaimedCall): Promise<HoldResult> {
  const { outcome, made } = await performCall(db, callId, now, claimed);
  // Made: answered even when the guest's own later choice released this checkout meanwhile
  // (its intent is then cancelled by the provider-calls job, and a payment refunded).
  if (made) return { ok: true, ...made };
  // Another performer holds the call (a request still in flight): nothing is undone.
  if (outcome === "busy") return { ok: false, status: 409, code: "invalid", error: BOOKING_MESSAGES.inFlight };
  await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    const [call] = await tx.select().from(providerCalls).where(eq(providerCalls.id, callId)).for("update");
    if (!booking || !call || call.status === "succeeded") return;
    if (call.status === "pending") {
      await tx.update(providerCalls).set({ status: "failed", lastError: `abandoned by the request (${outcome})`, claimedUntil: null, completedAt: now, updatedAt: now }).where(eq(providerCalls.id, callId));
    }
    if (booking.status === "pending_payment") await abandonCheckout(tx, booking, now);
  });
  throw new Error(`The payment intent for booking ${bookingId} could not be made (${outcome})`);
}

/**
 * The slot transaction of a booking attempt, in two statements: the first sweeps lapsed
 * holds in the range and releases the guest's own open checkout on the listing; the
 * second claims the Idempotency-Key and inserts the pending_payment booking and, last,
 * its hold. A taken slot or a key already in use is an answer, not an error.
 */
async function takeSlot(
  db: Db,
  input: {
    key: string | null;
    userId: string;
    requestHash: string;
    now: Date;
    /** The request's language, for a refusal with values. */
    _: Translate;
    /** The calendar row's range: the booking's time and the listing's buffers. */
    range: { spaceId: string; start: Date; end: Date };
    /** A listing of several units or seats: its rows are counted, not excluded. */
    seats: { units: number; quantity: number; words: { one: string; many: string } } | null;
    hold: {
      unit: PricingUnit;
      quantity: number;
      units: number;
      start: Date;
      end: Date;
      quote: ReturnType<typeof quoteBooking>;
      currency: Currency;
      expiresAt: Date;
      terms: { cancellationPolicy: CancellationPolicy; refundServiceFee: boolean };
      /** What the guest gave for the listing's requirements, and from which address; null when it asks nothing. */
      requirements: { answers: RequirementAnswers; ip: string | null } | null;
      /** A request to book's message (its intent is made for manual capture); null for an instant booking. */
      requestMessage: string | null;
    };
  },
): Promise<{ held: true; bookingId: string; callId: string } | { held: false; answer: HoldResult }> {
  const { key, userId, requestHash, now, range, seats, hold } = input;
  try {
    const held = await db.transaction(async (tx) => {
      await lockCalendar(tx, range.spaceId);
      await sweepExpiredHolds(tx, now, { ...range, releaseCheckoutOf: userId });
      if (seats) {
        const used = await unitsInUse(tx, { spaceId: range.spaceId, start: range.start, end: range.end, quantity: seats.quantity, now });
        if (used + seats.units > seats.quantity) throw new SeatsTaken(Math.max(0, seats.quantity - used));
      }
      // The key, the booking, its payment intent's provider call and, last, its hold in one
      // statement: the hold is inserted only when the key was claimed here. The key names
      // its booking, so a retry after a crash can finish the checkout.
      const bookingId = crypto.randomUUID();
      const booking = tx
        .insert(bookings)
        .values({
          id: bookingId,
          userId,
          spaceId: range.spaceId,
          startTime: hold.start,
          endTime: hold.end,
          pricingUnit: hold.unit,
          quantity: hold.quantity,
          units: hold.units,
          rentalAmount: hold.quote.rentalMinor,
          totalPrice: hold.quote.totalMinor,
          platformFeePercentage: hold.quote.feePercent,
          platformFeeAmount: hold.quote.feeMinor,
          protectionPercent: hold.quote.protectionBasisPoints,
          protectionAmount: hold.quote.protectionMinor,
          deliveryAmount: hold.quote.deliveryMinor,
          currency: hold.currency,
          status: BOOKING_PROCESS.hold.to,
          holdExpiresAt: hold.expiresAt,
          payoutReleaseAt: new Date(hold.end.getTime() + PAYOUT_DELAY_MS),
          cancellationPolicy: hold.terms.cancellationPolicy,
          refundServiceFee: hold.terms.refundServiceFee,
          requestMessage: hold.requestMessage,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: bookings.id });
      const claim = key
        ? tx.insert(idempotencyKeys).values({ key, userId, requestHash, bookingId, lockedUntil: new Date(now.getTime() + KEY_LEASE_MS), createdAt: now }).onConflictDoNothing().returning({ key: idempotencyKeys.key })
        : null;
      // Claimed by this request, which makes the call right after the commit (a crash leaves it to a retry or the job once the lease lapses).
      // What the guest gave for the listing's requirements (ADR 0279), in the same statement: gone with the rollback when the key was not claimed.
      const given = hold.requirements;
      const required = given
        ? tx.insert(bookingRequirements).values({
            bookingId,
            dateOfBirth: given.answers.dateOfBirth ?? null,
            licenceNumber: given.answers.licence?.number ?? null,
            licenceCountry: given.answers.licence?.country ?? null,
            licenceExpiry: given.answers.licence?.expiry ?? null,
            waiverText: given.answers.waiver?.text ?? null,
            waiverAcceptedAt: given.answers.waiver ? now : null,
            waiverAcceptedIp: given.answers.waiver ? given.ip : null,
            insurance: given.answers.insurance?.kind ?? null,
            insurerName: given.answers.insurance?.kind === "own" ? given.answers.insurance.insurerName : null,
            policyNumber: given.answers.insurance?.kind === "own" ? given.answers.insurance.policyNumber : null,
            fulfilment: given.answers.fulfilment?.kind ?? null,
            deliveryStreet: given.answers.fulfilment?.kind === "delivery" ? given.answers.fulfilment.address.street : null,
            deliveryCity: given.answers.fulfilment?.kind === "delivery" ? given.answers.fulfilment.address.city : null,
            deliveryPostalCode: given.answers.fulfilment?.kind === "delivery" ? given.answers.fulfilment.address.postalCode : null,
            deliveryCountry: given.answers.fulfilment?.kind === "delivery" ? given.answers.fulfilment.address.country : null,
            createdAt: now,
          })
        : null;
      const call = providerCallInsert(tx, { bookingId, kind: "create_intent", amount: hold.quote.totalMinor, currency: hold.currency, intentId: null, reason: "hold", now, claimedUntil: new Date(now.getTime() + LEASE_MS) });
      const { rows } = await tx.execute<{ booking_id: string; call_id: string }>(sql`
        with made as (${booking.getSQL()}), ${claim ? sql`claimed as (${claim.getSQL()}), ` : sql``}${required ? sql`required as (${required.getSQL()}), ` : sql``}called as (${call.getSQL()}),
        held as (
          insert into ${spaceAvailability} (space_id, booking_id, kind, start_time, end_time, expires_at, units, shared, created_at)
          select ${range.spaceId}, made.id, 'hold', ${range.start.toISOString()}::timestamptz, ${range.end.toISOString()}::timestamptz,
                 ${hold.expiresAt.toISOString()}::timestamptz, ${hold.units}::int, ${seats !== null}, ${now.toISOString()}::timestamptz
            from made ${claim ? sql`where exists (select 1 from claimed)` : sql``}
          returning booking_id
        )
        select held.booking_id, (select id from called) as call_id from held`);
      // Not claimed: the same key is in use by a request in flight (the rollback undoes the booking and its call).
      if (rows.length === 0) throw new ReplayInFlight();
      const callId = rows[0]!.call_id;
      return { bookingId, callId };
    });
    return { held: true, ...held };
  } catch (error) {
    if (pgErrorCode(error) === "23P01") return { held: false, answer: { ok: false, status: 409, code: "slot_taken", error: BOOKING_MESSAGES.slotTaken } };
    if (error instanceof SeatsTaken && seats) {
      const error_ = error.left === 0 ? BOOKING_MESSAGES.noUnitsLeft(seats.words, input._) : BOOKING_MESSAGES.unitsLeft(error.left, seats.words, input._);
      return { held: false, answer: { ok: false, status: 409, code: "slot_taken", error: error_, fields: { units: error_ } } };
    }
    if (error instanceof ReplayInFlight || pgErrorCode(error) === "23505") {
      const replay = key ? replayOf(await keyRow(db, key), requestHash, now) : null;
      return { held: false, answer: replay ?? { ok: false, status: 409, code: "invalid", error: BOOKING_MESSAGES.inFlight } };
    }
    throw error;
  }
}

class ReplayInFlight extends Error {}

/** A listing that asks nothing: only a delivery or pickup the guest sends anyway is checked (and refused). */
const NO_REQUIREMENTS: ListingRequirements = { minimumAge: null, licence: false, waiver: null, insurance: false, fulfilment: null };

/** Fewer units or seats are left at the time than the request asks for. */
class SeatsTaken extends Error {
  constructor(readonly left: number) {
    super(`${left} left`);
  }
}

type KeyRow = { requestHash: string; response: unknown; bookingId: string | null; lockedUntil: string | null } | null;

async function keyRow(db: Db, key: string): Promise<KeyRow> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  return row ? { requestHash: row.requestHash, response: row.response, bookingId: row.bookingId, lockedUntil: row.lockedUntil?.toISOString() ?? null } : null;
}

/**
 * The answer for a key used before. Its first answer; a refusal when the request
 * differs or while the request that holds it is still within its lease. A key whose
 * request died (lease lapsed, no answer) is resumed when its checkout is still open
 * (the recorded payment intent call is made now) or else released, and this request
 * goes on as a new one.
 */
async function replayOrResume(db: Db, key: string, row: KeyRow, requestHash: string, now: Date): Promise<HoldResult | null> {
  const replay = replayOf(row, requestHash, now);
  if (replay || !row || row.response) return replay;
  const [pending] = row.bookingId
    ? await db
        .select({ id: providerCalls.id })
        .from(providerCalls)
        .innerJoin(bookings, eq(bookings.id, providerCalls.bookingId))
        .where(and(eq(providerCalls.bookingId, row.bookingId), eq(providerCalls.kind, "create_intent"), eq(providerCalls.status, "pending"), eq(bookings.status, "pending_payment")))
    : [];
  if (pending) return intentAnswer(db, row.bookingId!, pending.id, now);
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), isNull(idempotencyKeys.response), or(isNull(idempotencyKeys.lockedUntil), lte(idempotencyKeys.lockedUntil, now))));
  return null;
}

/** The range a request asks for, if its start is a date and its length positive (it is validated in full later). */
function requestedRange(startTime: string, unit: PricingUnit, quantity: number): { start: string; end: string } | null {
  const startMs = /^\d{4}-\d{2}-\d{2}T/.test(startTime) ? Date.parse(startTime) : Number.NaN;
  const endMs = startMs + quantity * UNIT_HOURS[unit] * 3_600_000;
  const representable = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= 8.64e15;
  if (!representable(startMs) || !representable(endMs) || endMs <= startMs) return null;
  return { start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() };
}

/** The answer to give again for a key used before: its first answer, or a refusal when the request differs. */
function replayOf(row: KeyRow, requestHash: string, now: Date): HoldResult | null {
  if (!row) return null;
  if (row.requestHash !== requestHash) return { ok: false, status: 422, code: "invalid", error: BOOKING_MESSAGES.idempotencyReuse };
  if (row.response) return { ok: true, ...(row.response as HoldResponse) };
  if (row.lockedUntil && Date.parse(row.lockedUntil) > now.getTime()) return { ok: false, status: 409, code: "invalid", error: BOOKING_MESSAGES.inFlight };
  return null;
}

/**
 * Everything a booking attempt reads before it writes, in one prepared statement: the
 * listing, the earlier answer to this Idempotency-Key, and whether a live hold or booking
 * (not the guest's own open checkout, which the transaction releases) overlaps the range.
 * Most attempts in a rush for one slot end here with 'slot taken' (bench:booking), and
 * the exclusion constraint still decides every race that gets past it.
 */
function attemptQuery(db: Db) {
  // The request's range with the listing's buffers around it.
  const padded = {
    start: sql`(${sql.placeholder("start")}::timestamptz - make_interval(mins => ${spaces.bufferBeforeMinutes}))`,
    end: sql`(${sql.placeholder("end")}::timestamptz + make_interval(mins => ${spaces.bufferAfterMinutes}))`,
  };
  // Live rows of the listing over that range, leaving out the guest's own open checkout (the transaction releases it).
  const overlapping = sql`a.space_id = ${spaces.id}
    and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(${padded.start}, ${padded.end}, '[)')
    and (a.expires_at is null or a.expires_at > ${sql.placeholder("now")}::timestamptz)
    and not exists (select 1 from ${bookings} b where b.id = a.booking_id and b.user_id = ${sql.placeholder("userId")} and b.status = 'pending_payment')`;
  return preparedQuery(db, "booking_attempt_units", (db, name) =>
    db
      .select({
        space: {
          id: spaces.id,
          userId: spaces.userId,
          isPublished: spaces.isPublished,
          available: spaces.available,
          status: spaces.status,
          hourlyPrice: spaces.hourlyPrice,
          dailyPrice: spaces.dailyPrice,
          weeklyPrice: spaces.weeklyPrice,
          monthlyPrice: spaces.monthlyPrice,
          minRentalDuration: spaces.minRentalDuration,
          maxRentalDuration: spaces.maxRentalDuration,
          currency: spaces.currency,
          timezone: spaces.timezone,
          cancellationPolicy: spaces.cancellationPolicy,
          rentalType: spaces.rentalType,
          openingHours: spaces.openingHours,
          checkInTime: spaces.checkInTime,
          checkOutTime: spaces.checkOutTime,
          bufferBeforeMinutes: spaces.bufferBeforeMinutes,
          bufferAfterMinutes: spaces.bufferAfterMinutes,
          minNoticeMinutes: spaces.minNoticeMinutes,
          maxAdvanceDays: spaces.maxAdvanceDays,
          quantity: spaces.quantity,
          requiresVerifiedGuests: spaces.requiresVerifiedGuests,
          bookingMode: spaces.bookingMode,
          // Checkout requirements (issue #28 point 3, ADR 0279); the waiver's text only when it is asked for.
          ageRestriction: spaces.ageRestriction,
          licenseRequired: spaces.licenseRequired,
          waiverRequired: spaces.waiverRequired,
          waiverText: sql<string | null>`case when ${spaces.waiverRequired} then ${spaces.waiverText} end`,
          insuranceRequired: spaces.insuranceRequired,
          deliveryAvailable: spaces.deliveryAvailable,
          deliveryFee: spaces.deliveryFee,
          pickupAvailable: spaces.pickupAvailable,
        },
        // The protection's rate of the moment (ADR 0286), in the same round trip.
        protectionPercent: sql<number | null>`(select ${platformSettings.protectionPercent} from ${platformSettings} limit 1)`,
        // Issue #29 point 3 (ADR 0253): whether the guest is identity-verified.
        guestVerified: isVerifiedSql(sql.placeholder("userId")),
        dated: sql<Record<string, HoursRange[]> | null>`(
          select json_object_agg(d.date, d.hours) from ${spaceDateHours} d
           where d.space_id = ${spaces.id} and d.date between ${sql.placeholder("fromDate")} and ${sql.placeholder("toDate")})`,
        earlier: sql<KeyRow>`(
          select json_build_object('requestHash', k.request_hash, 'response', k.response, 'bookingId', k.booking_id, 'lockedUntil', k.locked_until)
            from ${idempotencyKeys} k where k.key = ${sql.placeholder("key")})`,
        // Only when the range is the request's (a check-out time moves the end of a rental
        // by the day): on a listing of one unit, any live row over the range (with the
        // buffers); on one of several units or seats, a moment of the range with none left.
        // The transaction decides every other case.
        taken: sql<boolean>`(${spaces.checkInTime} is null or not ${sql.placeholder("byTheDay")}::boolean) and case
          when ${spaces.quantity} = 1 then exists (select 1 from ${spaceAvailability} a where ${overlapping})
          else coalesce((
            with r as (
              select greatest(a.start_time, ${padded.start}) as s, least(a.end_time, ${padded.end}) as e,
                     case when a.kind = 'blocked' then ${spaces.quantity} else a.units end as units
                from ${spaceAvailability} a where ${overlapping}
            )
            select max(running) from (
              select sum(d) over (order by t, d rows between unbounded preceding and current row) as running
                from (select s as t, units as d from r union all select e as t, -units as d from r) events) totals), 0) >= ${spaces.quantity}
          end`,
      })
      .from(spaces)
      .where(eq(spaces.id, sql.placeholder("id")))
      .prepare(name),
  );
}


/**
 * The `hold-sweep` job: lapsed holds of every space expire and their intents are
 * cancelled, and Idempotency-Keys older than a day are forgotten. Several processes may run it.
 * `only` limits it to one listing's holds and requests, and then forgets no keys: a browser
 * journey running it at its own later clock (ADR 0095) must not end other journeys' checkouts.
 */
export async function sweepAllExpiredHolds(db: Db, now: Date = new Date(), only?: { spaceId: string }) {
  const { expired, calls } = await sweepExpiredHolds(db, now, only ? { spaceId: only.spaceId } : undefined);
  // Requests to book nobody answered in time (`expire_request`, ADR 0280): their holds are theirs, not the sweep's above.
  const requests = await sweepExpiredRequests(db, now, undefined, only);
  if (!only) await db.delete(idempotencyKeys).where(lte(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_TTL_MS)));
  await performProviderCalls(db, [...calls, ...requests.calls], now);
  return expired + requests.expired.length;
}
