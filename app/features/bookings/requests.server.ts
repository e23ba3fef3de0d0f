import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { bookings, providerCalls, spaceAvailability } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { queueRequestEmails } from "~/features/mail/booking-emails.server";
import { postRequestMessage } from "~/features/messages/messages.server";
import type { Db, Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isUuid } from "~/lib/uuid";
import type { Intent } from "./intent-mirror.server";
import { lockIntentOf } from "./intent-mirror.server";
import { BOOKING_PROCESS } from "./process";
import { fromStates, lockBooking, PROCESS_MESSAGES, recordProviderCall, runTransition, type BookingRecord } from "./process.server";
import { REASON_MAX, REQUEST_TEXT, requestExpiry } from "./request-rules";
import { requestAnswerPath } from "./request-links.server";

/**
 * Request to book (issue #28 point 1, ADR 0280): the transitions `authorise`, `accept`,
 * `decline`, `withdraw` and `expire_request` of the booking process (process.ts).
 *
 * The card is authorised, not charged (manual capture). The host's accept records a
 * capture_intent call in the transaction that checks the request is still open; the call
 * is performed after the commit, and its recorded answer confirms the booking (settlement
 * `accept`, the same confirmation as an instant booking's). While a capture is recorded
 * and not failed, the request counts as answered: nothing can decline, withdraw or expire
 * it, and a second accept is refused, so an authorisation is captured at most once (and
 * the call's idempotency key makes a repeated call the first capture's answer).
 */

export type RequestFailure = { ok: false; status: 404 | 409 | 422; error: string; fields?: Record<string, string> };
export type AnswerResult = { ok: true; status: BookingRecord["status"] } | RequestFailure;

const notFound: RequestFailure = { ok: false, status: 404, error: REQUEST_TEXT.notFound };
const conflict = (error: string): RequestFailure => ({ ok: false, status: 409, error });

/** `authorise`: a request listing's payment was authorised; the host is asked. Run by settleIntent, booking and intent locked. */
export async function authoriseRequest(tx: Tx, booking: BookingRecord, intent: Intent, now: Date): Promise<string[]> {
  if (booking.startTime.getTime() <= now.getTime()) return [];
  const [live] = await tx
    .select({ id: spaceAvailability.id })
    .from(spaceAvailability)
    .where(and(eq(spaceAvailability.bookingId, booking.id), eq(spaceAvailability.kind, "hold"), gt(spaceAvailability.expiresAt, now)));
  // Lapsed or released: the hold sweep expires the booking and cancels the intent (the authorisation released).
  if (!live) return [];
  await runTransition(tx, booking, "authorise", now, async () => {
    const expiresAt = requestExpiry(now, booking.startTime, env().REQUEST_RESPONSE_HOURS);
    await tx.update(spaceAvailability).set({ expiresAt }).where(eq(spaceAvailability.id, live.id));
    await tx.update(bookings).set({ requestExpiresAt: expiresAt, holdExpiresAt: expiresAt, paymentIntentId: intent.id, updatedAt: now }).where(eq(bookings.id, booking.id));
    const [space] = await tx.select({ hostId: spaces.userId }).from(spaces).where(eq(spaces.id, booking.spaceId));
    if (booking.requestMessage && space) {
      await postRequestMessage(tx, { bookingId: booking.id, spaceId: booking.spaceId, guestId: booking.userId, hostId: space.hostId, body: booking.requestMessage, now });
    }
    await queueRequestEmails(tx, booking.id, "received", now, { answerPath: requestAnswerPath(booking.id, space?.hostId ?? "") });
    return {};
  });
  return [];
}

/** A capture recorded for the booking that has not failed: the host accepted. */
async function captureRecorded(tx: Tx, bookingId: string): Promise<boolean> {
  const [call] = await tx
    .select({ id: providerCalls.id })
    .from(providerCalls)
    .where(and(eq(providerCalls.bookingId, bookingId), eq(providerCalls.kind, "capture_intent"), inArray(providerCalls.status, ["pending", "succeeded"])));
  return Boolean(call);
}

/** Why a request cannot be answered now, or null when it is open. */
async function closedProblem(tx: Tx, booking: BookingRecord, now: Date): Promise<RequestFailure | null> {
  if (booking.status === "requested") {
    if (await captureRecorded(tx, booking.id)) return conflict(REQUEST_TEXT.answered);
    if (booking.requestExpiresAt && booking.requestExpiresAt.getTime() <= now.getTime()) return conflict(REQUEST_TEXT.expired);
    return null;
  }
  if (booking.status === "expired" && booking.endedReason === "request_expired") return conflict(REQUEST_TEXT.expired);
  if (booking.requestMessage !== null && booking.status !== "pending_payment" && booking.status !== "expired") return conflict(REQUEST_TEXT.answered);
  return conflict(PROCESS_MESSAGES.notAllowed);
}

/** The booking, locked, when `userId` is its host (or its guest, with `as: "guest"`). */
async function lockRequest(tx: Tx, bookingId: string, userId: string, as: "host" | "guest") {
  const booking = await lockBooking(tx, bookingId);
  if (!booking) return null;
  if (as === "guest") return booking.userId === userId ? booking : null;
  const [space] = await tx.select({ hostId: spaces.userId }).from(spaces).where(eq(spaces.id, booking.spaceId));
  return space?.hostId === userId ? booking : null;
}

/**
 * The host accepts (`accept`): the capture is recorded if the request is still open,
 * performed after the commit, and its answer confirms the booking. Answers the booking's
 * state after the capture: `confirmed`, or still `requested` while the capture is retried.
 */
export async function acceptRequest(db: Db, input: { hostId: string; bookingId: unknown; now: Date }, perform: (callIds: string[]) => Promise<void>): Promise<AnswerResult> {
  if (!isUuid(input.bookingId)) return notFound;
  const bookingId = input.bookingId;
  const recorded = await db.transaction(async (tx): Promise<{ ok: true; callId: string } | RequestFailure> => {
    const booking = await lockRequest(tx, bookingId, input.hostId, "host");
    if (!booking) return notFound;
    const problem = await closedProblem(tx, booking, input.now);
    if (problem) return problem;
    const intent = await lockIntentOf(tx, booking.id);
    if (!intent || intent.status !== "requires_capture") return conflict(PROCESS_MESSAGES.notAllowed);
    const callId = await recordProviderCall(tx, { bookingId: booking.id, kind: "capture_intent", amount: intent.amount, currency: intent.currency, intentId: intent.id, reason: "accept", now: input.now });
    return { ok: true, callId };
  });
  if (!recorded.ok) return recorded;
  await perform([recorded.callId]);
  const [after] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  return { ok: true, status: after!.status };
}

/** `decline` (the host, an optional reason) or `withdraw` (the guest): the hold is deleted and the authorisation released. */
export async function closeRequest(
  db: Db,
  input: { by: { kind: "host"; hostId: string; reason?: unknown } | { kind: "guest"; guestId: string }; bookingId: unknown; now: Date },
  perform: (callIds: string[]) => Promise<void>,
): Promise<AnswerResult> {
  if (!isUuid(input.bookingId)) return notFound;
  const bookingId = input.bookingId;
  const { by, now } = input;
  let reason: string | null = null;
  if (by.kind === "host" && by.reason !== undefined && by.reason !== null) {
    if (typeof by.reason !== "string") return { ok: false, status: 422, error: REQUEST_TEXT.reasonTooLong, fields: { reason: REQUEST_TEXT.reasonTooLong } };
    reason = by.reason.trim() || null;
    if (reason && reason.length > REASON_MAX) return { ok: false, status: 422, error: REQUEST_TEXT.reasonTooLong, fields: { reason: REQUEST_TEXT.reasonTooLong } };
  }
  const name = by.kind === "host" ? "decline" : "withdraw";
  const done = await db.transaction(async (tx): Promise<{ ok: true; calls: string[]; status: BookingRecord["status"] } | RequestFailure> => {
    const booking = await lockRequest(tx, bookingId, by.kind === "host" ? by.hostId : by.guestId, by.kind);
    if (!booking) return notFound;
    const problem = await closedProblem(tx, booking, now);
    if (problem) return problem;
    const calls: string[] = [];
    const result = await runTransition(tx, booking, name, now, async () => {
      await tx.delete(spaceAvailability).where(eq(spaceAvailability.bookingId, booking.id));
      await tx
        .update(bookings)
        .set({ holdExpiresAt: null, cancellationReason: reason, cancelledAt: now, ...(by.kind === "guest" ? { cancelledBy: "guest" as const, endedReason: "request_withdrawn" as const } : {}), updatedAt: now })
        .where(eq(bookings.id, booking.id));
      if (booking.paymentIntentId) {
        calls.push(await recordProviderCall(tx, { bookingId: booking.id, kind: "cancel_intent", amount: 0, currency: booking.currency, intentId: booking.paymentIntentId, reason: name, now }));
      }
      await queueRequestEmails(tx, booking.id, by.kind === "host" ? "declined" : "withdrawn", now);
      return {};
    });
    if (!result.ok) return conflict(result.error);
    return { ok: true, calls, status: result.to };
  });
  if (!done.ok) return done;
  await perform(done.calls);
  return { ok: true, status: done.status };
}

/**
 * The clock's `expire_request`, in one statement like the hold sweep: open requests whose
 * expiry passed and that no capture answered are claimed with SKIP LOCKED (a request being
 * answered right now is left to its answer), their holds deleted, the bookings expired
 * (`request_expired`) and the release of their authorisations recorded (cancel_intent
 * calls, returned for the caller to perform after the commit); the e-mails are queued in
 * the same transaction. `only`: one listing's requests (the hold-sweep job limited to it).
 */
export async function sweepExpiredRequests(db: Db, now: Date, limit = 200, only?: { spaceId: string }): Promise<{ expired: string[]; calls: string[] }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const scope = only ? sql`and b.space_id = ${only.spaceId}` : sql``;
  const from = sql.join(fromStates("expire_request").map((state) => sql`${state}`), sql`, `);
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ expired: string; calls: string }>(sql`
      with due as (
        select b.id from ${bookings} b
         where b.status in (${from}) and b.request_expires_at <= ${at} ${scope}
           and not exists (select 1 from ${providerCalls} c where c.booking_id = b.id and c.kind = 'capture_intent' and c.status in ('pending', 'succeeded'))
         order by b.request_expires_at
         limit ${limit}
         for update of b skip locked
      ), gone as (
        delete from ${spaceAvailability} a where a.booking_id in (select id from due) returning a.booking_id
      ), ended as (
        update ${bookings} b
           set status = ${BOOKING_PROCESS.expire_request.to}, ended_reason = 'request_expired', hold_expires_at = null, updated_at = ${at}
          from due where b.id = due.id
        returning b.id, b.payment_intent_id, b.currency
      ), calls as (
        insert into ${providerCalls} (booking_id, kind, provider, amount, currency, intent_id, reason, next_attempt_at, created_at, updated_at)
        select ended.id, 'cancel_intent', ${env().PAYMENT_PROVIDER}, 0, ended.currency, ended.payment_intent_id, 'expire_request', ${at}, ${at}, ${at}
          from ended where ended.payment_intent_id is not null
        returning id
      )
      select (select coalesce(json_agg(id), '[]') from ended)::text as expired,
             (select coalesce(json_agg(id), '[]') from calls)::text as calls,
             (select count(*) from gone)::int as holds`);
    const expired = JSON.parse(rows[0]?.expired ?? "[]") as string[];
    for (const id of expired) await queueRequestEmails(tx, id, "expired", now);
    return { expired, calls: JSON.parse(rows[0]?.calls ?? "[]") as string[] };
  });
}

export type OpenRequest = {
  bookingId: string;
  spaceTitle: string;
  timeZone: string;
  startTime: string;
  endTime: string;
  total: number;
  earnings: number;
  currency: string;
  message: string | null;
  expiresAt: string;
  guestName: string;
  /** The host accepted; the payment is being captured. */
  capturing: boolean;
};

/**
 * The host's requests waiting for an answer (the dashboard's "Requests"), soonest to expire
 * first; with `guestId`, only that guest's (the conversation with them).
 */
export async function listOpenRequests(db: Db | Tx, hostId: string, now: Date, filter: { guestId?: string } = {}): Promise<OpenRequest[]> {
  const rows = await db.execute<{
    id: string;
    title: string;
    timezone: string;
    start_time: string | Date;
    end_time: string | Date;
    total_price: string | number;
    /** What the host earns (ADR 0287): the rental and the delivery fee. */
    earnings: string | number;
    currency: string;
    request_message: string | null;
    request_expires_at: string | Date;
    guest_name: string | null;
    capturing: boolean;
  }>(sql`
    select b.id, s.title, s.timezone, b.start_time, b.end_time, b.total_price, b.rental_amount + b.delivery_amount as earnings, b.currency, b.request_message, b.request_expires_at,
           p.full_name as guest_name,
           exists (select 1 from ${providerCalls} c where c.booking_id = b.id and c.kind = 'capture_intent' and c.status in ('pending', 'succeeded')) as capturing
      from ${bookings} b
      join ${spaces} s on s.id = b.space_id
      left join profiles p on p.id = b.user_id
     where s.user_id = ${hostId} and b.status = 'requested' and b.request_expires_at > ${now.toISOString()}::timestamptz
       ${filter.guestId ? sql`and b.user_id = ${filter.guestId}` : sql``}
     order by b.request_expires_at, b.id
     limit 100`);
  const iso = (value: string | Date) => new Date(value).toISOString();
  return rows.rows.map((row) => ({
    bookingId: row.id,
    spaceTitle: row.title,
    timeZone: row.timezone,
    startTime: iso(row.start_time),
    endTime: iso(row.end_time),
    total: Number(row.total_price),
    earnings: Number(row.earnings),
    currency: row.currency,
    message: row.request_message,
    expiresAt: iso(row.request_expires_at),
    guestName: row.guest_name?.trim() || "A guest",
    capturing: row.capturing,
  }));
}

/** One request for the host's answer page (the e-mail link) or a conversation, when `hostId` hosts it. */
export async function requestForHost(db: Db, bookingId: unknown, hostId: string) {
  if (!isUuid(bookingId)) return null;
  const [row] = await db
    .select({ booking: bookings, space: { title: spaces.title, timezone: spaces.timezone, hostId: spaces.userId } })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(bookings.id, bookingId))
    .orderBy(asc(bookings.createdAt));
  if (!row || row.space.hostId !== hostId || row.booking.requestMessage === null) return null;
  return row;
}
