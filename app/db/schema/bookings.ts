import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { CANCELLATION_POLICIES, CURRENCIES, spaces } from "./listings";

/** The booking process's states (app/features/bookings/process.ts declares how a booking moves between them). */
export const BOOKING_STATUSES = ["pending_payment", "requested", "confirmed", "declined", "cancelled", "expired", "completed", "disputed"] as const;
/** Who cancelled a booking. */
export const CANCELLED_BY = ["guest", "host", "admin"] as const;
/** Why a booking that was never confirmed ended (expired). */
export const ENDED_REASONS = ["lapsed", "released", "late_payment", "intent_failed", "request_expired", "request_withdrawn"] as const;
export const PRICING_UNITS = ["hour", "day", "week", "month"] as const;

/** Amounts in integer minor units of the row's currency (ADR 0102). */
const money = (name: string) => bigint(name, { mode: "number" });
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "restrict" }),
    /** The listing's owner, set by the trigger `bookings_set_host` (migration 0011) for the host's dashboard. */
    hostId: uuid("host_id"),
    startTime: ts("start_time").notNull(),
    endTime: ts("end_time").notNull(),
    pricingUnit: text("pricing_unit", { enum: PRICING_UNITS }).notNull().default("hour"),
    quantity: integer("quantity").notNull().default(1),
    /** Units or seats booked (issue #26): the price is per unit, `rental_amount` covers them all. */
    units: integer("units").notNull().default(1),
    /** What the host earns: the listing's price for the chosen duration. */
    rentalAmount: money("rental_amount").notNull(),
    /** What the guest pays: rental plus platform fee, plus protection and delivery when chosen (ADR 0286, 0287). */
    totalPrice: money("total_price").notNull(),
    platformFeePercentage: numeric("platform_fee_percentage", { precision: 5, scale: 2, mode: "number" }).notNull(),
    platformFeeAmount: money("platform_fee_amount").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull().default("USD"),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("pending_payment"),
    paymentIntentId: text("payment_intent_id"),
    refundAmount: money("refund_amount"),
    refundedAt: ts("refunded_at"),
    cancelledAt: ts("cancelled_at"),
    holdExpiresAt: ts("hold_expires_at"),
    /**
     * A request to book (issue #28, ADR 0280): when the host's time to answer ends, the
     * earliest of the authorisation + REQUEST_RESPONSE_HOURS and the booking's start.
     */
    requestExpiresAt: ts("request_expires_at"),
    /** The guest's message with a request (1..1000 characters), posted into the conversation when the card is authorised. */
    requestMessage: text("request_message"),
    payoutReleaseAt: ts("payout_release_at").notNull(),
    /**
     * The terms the guest accepted, as they were when the slot was held (issue #25): every
     * refund reads these, never the listing's or the platform's current settings.
     */
    cancellationPolicy: text("cancellation_policy", { enum: CANCELLATION_POLICIES }).notNull().default("flexible"),
    refundServiceFee: boolean("refund_service_fee").notNull().default(false),
    /** The platform's protection bought at checkout (ADR 0286): its rate in basis points then (null when none) and its amount, the platform's revenue. */
    protectionPercent: integer("protection_percent"),
    protectionAmount: money("protection_amount").notNull().default(0),
    /** The listing's delivery fee when the guest chose delivery (ADR 0287): the host's revenue, paid out with the rental. */
    deliveryAmount: money("delivery_amount").notNull().default(0),
    cancelledBy: text("cancelled_by", { enum: CANCELLED_BY }),
    cancellationReason: text("cancellation_reason"),
    endedReason: text("ended_reason", { enum: ENDED_REASONS }),
    /**
     * A change of a confirmed booking (issue #26 point 7, ADR 0205): this booking, paid in
     * full, replaces that one, which is then cancelled with a full refund.
     */
    replacesBookingId: uuid("replaces_booking_id").references((): AnyPgColumn => bookings.id, { onDelete: "restrict" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("bookings_user_idx").on(t.userId, t.startTime),
    index("bookings_space_time_idx").on(t.spaceId, t.startTime),
    index("bookings_status_idx").on(t.status, t.createdAt),
    // The dashboard's recent bookings of a guest, newest first (ADR 0150).
    index("bookings_user_created_idx").on(t.userId, t.createdAt),
    index("bookings_host_created_idx").on(t.hostId, t.createdAt),
    uniqueIndex("bookings_payment_intent_key").on(t.paymentIntentId),
    check("bookings_time_order_check", sql`${t.endTime} > ${t.startTime}`),
    check(
      "bookings_status_check",
      sql`${t.status} in ('pending_payment', 'requested', 'confirmed', 'declined', 'cancelled', 'expired', 'completed', 'disputed')`,
    ),
    check("bookings_cancelled_by_check", sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('guest', 'host', 'admin')`),
    check("bookings_ended_reason_check", sql`${t.endedReason} is null or ${t.endedReason} in ('lapsed', 'released', 'late_payment', 'intent_failed', 'request_expired', 'request_withdrawn')`),
    check("bookings_cancellation_policy_check", sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`),
    index("bookings_host_cancelled_idx").on(t.hostId).where(sql`${t.cancelledBy} = 'host'`),
    index("bookings_requested_expiry_idx").on(t.requestExpiresAt).where(sql`${t.status} = 'requested'`),
    index("bookings_replaces_idx").on(t.replacesBookingId).where(sql`${t.replacesBookingId} is not null`),
    check("bookings_request_message_check", sql`char_length(${t.requestMessage}) between 1 and 1000`),
    check("bookings_units_check", sql`${t.units} >= 1`),
    check("bookings_amounts_check", sql`${t.rentalAmount} >= 0 and ${t.platformFeeAmount} >= 0 and ${t.totalPrice} >= 0`),
    check("bookings_extras_check", sql`${t.protectionAmount} >= 0 and ${t.deliveryAmount} >= 0 and (${t.protectionAmount} = 0 or ${t.protectionPercent} is not null)`),
  ],
);

export const AVAILABILITY_KINDS = ["booking", "hold", "blocked"] as const;

/**
 * The calendar. Every booking or hold owns exactly one row, covering its time and the
 * listing's buffers; a host's block is a row of its own. On a listing of one unit an
 * exclusion constraint (migrations 0002, 0016) makes overlapping rows impossible; rows
 * of a listing with several units or seats are `shared` and are counted under the
 * listing's calendar lock instead (app/features/availability/calendar-rows.server.ts,
 * ADR 0202).
 */
export const spaceAvailability = pgTable(
  "space_availability",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: AVAILABILITY_KINDS }).notNull(),
    startTime: ts("start_time").notNull(),
    endTime: ts("end_time").notNull(),
    /** When a hold lapses (null for bookings and blocked ranges); the sweep deletes lapsed holds. */
    expiresAt: ts("expires_at"),
    /** Units or seats the row takes (a block takes them all). */
    units: integer("units").notNull().default(1),
    /** A row of a listing with several units: counted, not excluded (ADR 0202). */
    shared: boolean("shared").notNull().default(false),
    /** The host's private note on a block. */
    note: text("note"),
    /**
     * A block kept by calendar import (issue #26 point 6, ADR 0203): the union of the
     * listing's imported events (calendar_import_events) less its bookings, holds and the
     * host's own blocks, rewritten by every sync. Not the host's to edit or merge.
     */
    imported: boolean("imported").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("space_availability_booking_key").on(t.bookingId),
    check("space_availability_units_check", sql`${t.units} >= 1`),
    check("space_availability_note_check", sql`char_length(${t.note}) <= 500`),
    index("space_availability_hold_expiry_idx").on(t.expiresAt).where(sql`${t.kind} = 'hold'`),
    check("space_availability_time_order_check", sql`${t.endTime} > ${t.startTime}`),
    check("space_availability_kind_check", sql`${t.kind} in ('booking', 'hold', 'blocked')`),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    failureMessage: text("failure_message"),
    /** The provider call (provider_calls) that made this refund; null for charges and for refunds made elsewhere. */
    callId: uuid("call_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_provider_payment_key").on(t.provider, t.providerPaymentId),
    index("payments_booking_idx").on(t.bookingId),
  ],
);

/**
 * scheduled: held until release_at, or waiting for the host's payout account;
 * processing: claimed by the payout job (until claimed_until); paid; failed: the last
 * transfer failed, retried at next_attempt_at; cancelled: nothing left for the host;
 * reversed: the transfer was taken back (ADR 0121); held: kept back while the booking's
 * payment is disputed (issue #25).
 */
export const PAYOUT_STATUSES = ["scheduled", "processing", "paid", "failed", "cancelled", "reversed", "held"] as const;

export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    /** What the host owed from earlier refunds and was taken from this payout (host_balance_entries); the transfer is amount − deducted. */
    deductedAmount: money("deducted_amount").notNull().default(0),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("scheduled"),
    releaseAt: ts("release_at").notNull(),
    transferredAt: ts("transferred_at"),
    providerTransferId: text("provider_transfer_id"),
    failureMessage: text("failure_message"),
    /** Transfer attempts so far; a failure is retried at next_attempt_at with back-off. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    /** A claim by the payout job lapses then, so a run that died is finished by the next. */
    claimedUntil: ts("claimed_until"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payouts_booking_key").on(t.bookingId),
    index("payouts_due_idx").on(t.status, t.releaseAt),
    index("payouts_host_idx").on(t.hostId, t.createdAt),
    uniqueIndex("payouts_provider_transfer_key").on(t.providerTransferId),
    check("payouts_status_check", sql`${t.status} in ('scheduled', 'processing', 'paid', 'failed', 'cancelled', 'reversed', 'held')`),
    check("payouts_amount_check", sql`${t.amount} >= 0 and ${t.deductedAmount} >= 0 and ${t.deductedAmount} <= ${t.amount}`),
  ],
);

/**
 * Replays of a mutating request with the same key return the stored response. A key
 * in flight (no response yet) is leased until `locked_until`: a request that died is
 * resumed or released by the next request with the key once the lease lapses, and
 * keys are deleted 24 hours after they were made (issue #25).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    requestHash: text("request_hash").notNull(),
    response: jsonb("response"),
    /** The booking the request held, so a retry after a crash can finish it. */
    bookingId: uuid("booking_id"),
    lockedUntil: ts("locked_until"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("idempotency_keys_created_idx").on(t.createdAt)],
);

export const PROVIDER_CALL_KINDS = ["create_intent", "capture_intent", "cancel_intent", "refund"] as const;
export type ProviderCallKind = (typeof PROVIDER_CALL_KINDS)[number];
export const PROVIDER_CALL_STATUSES = ["pending", "succeeded", "failed"] as const;

/**
 * Durable provider calls (issue #25, ADR 0200): every call that moves money at the card
 * provider is first written here, in the transaction of the state change that needs it,
 * then performed outside any transaction (by the request that made it, else by the
 * `provider-calls` job) with the idempotency key `rentwell-<kind>-<id>`, and marked
 * succeeded or failed from the provider's answer or webhook. A pending row is work the
 * next run finishes exactly once. (Transfers to hosts have their durable row in
 * `payouts`, ADR 0121.)
 */
export const providerCalls = pgTable(
  "provider_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: PROVIDER_CALL_KINDS }).notNull(),
    provider: text("provider", { enum: ["local", "stripe"] }).notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    /** The payment intent a cancel or refund acts on (null for create_intent until it succeeds). */
    intentId: text("intent_id"),
    /** The booking transition that made the call (guest_cancel, refund_late_payment, …). */
    reason: text("reason").notNull(),
    status: text("status", { enum: PROVIDER_CALL_STATUSES }).notNull().default("pending"),
    /** The provider's id for what the call made (intent id, refund id). */
    providerReference: text("provider_reference"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    /** A performer's lease: another performer may take the call after it lapses. */
    claimedUntil: ts("claimed_until"),
    lastError: text("last_error"),
    completedAt: ts("completed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("provider_calls_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("provider_calls_booking_idx").on(t.bookingId, t.createdAt),
    uniqueIndex("provider_calls_reference_key").on(t.provider, t.providerReference),
    check("provider_calls_kind_check", sql`${t.kind} in ('create_intent', 'capture_intent', 'cancel_intent', 'refund')`),
    check("provider_calls_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check("provider_calls_provider_check", sql`${t.provider} in ('local', 'stripe')`),
    check("provider_calls_amount_check", sql`${t.amount} >= 0`),
  ],
);

export const HOST_BALANCE_KINDS = ["refund_after_payout", "dispute_loss", "deducted"] as const;

/**
 * What a host owes the platform (issue #25): a refund or a lost dispute after the host
 * was paid writes a positive entry for the booking; the next payouts in that currency
 * settle it first with negative `deducted` entries. A host's balance is the sum.
 */
export const hostBalanceEntries = pgTable(
  "host_balance_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    currency: text("currency").notNull(),
    kind: text("kind", { enum: HOST_BALANCE_KINDS }).notNull(),
    /** Positive: owed by the host; negative: taken from a payout. */
    amount: money("amount").notNull(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
    key: text("key").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("host_balance_entries_key").on(t.key),
    index("host_balance_entries_host_idx").on(t.hostId, t.currency),
    check("host_balance_entries_kind_check", sql`${t.kind} in ('refund_after_payout', 'dispute_loss', 'deducted')`),
    check("host_balance_entries_sign_check", sql`(${t.kind} = 'deducted') = (${t.amount} < 0) and ${t.amount} <> 0`),
  ],
);

export const DISPUTE_STATUSES = ["open", "won", "lost"] as const;

/** Card disputes (chargebacks) of a booking's payment, as the provider reports them (issue #25). */
export const bookingDisputes = pgTable(
  "booking_disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    providerDisputeId: text("provider_dispute_id").notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: DISPUTE_STATUSES }).notNull().default("open"),
    /** The booking's state before the dispute, restored when it closes. */
    previousStatus: text("previous_status", { enum: BOOKING_STATUSES }).notNull(),
    openedAt: ts("opened_at").notNull(),
    closedAt: ts("closed_at"),
  },
  (t) => [
    uniqueIndex("booking_disputes_provider_key").on(t.providerDisputeId),
    index("booking_disputes_booking_idx").on(t.bookingId),
    check("booking_disputes_status_check", sql`${t.status} in ('open', 'won', 'lost')`),
  ],
);

/** Provider webhook events already handled (deduplication by event id). */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: ts("received_at").notNull().defaultNow(),
});

export const PAYMENT_INTENT_STATUSES = ["requires_payment_method", "requires_capture", "processing", "succeeded", "canceled"] as const;
export const CAPTURE_METHODS = ["automatic", "manual"] as const;
export const PAYMENT_PROVIDERS = ["local", "stripe"] as const;

/**
 * Payment intents with Stripe's states. For the built-in test-mode processor
 * (provider `local`) this table is the processor: a `processing` intent succeeds
 * once `processing_until` has passed, read against the clock (ADR 0103). For
 * `stripe` it mirrors Stripe's PaymentIntent, refreshed from Stripe's API on the
 * return URL and on every webhook (ADR 0130); `latest_charge` is the charge a
 * payout's transfer names as its source_transaction.
 */
export const localPaymentIntents = pgTable(
  "local_payment_intents",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull().default("local"),
    clientSecret: text("client_secret").notNull(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: PAYMENT_INTENT_STATUSES }).notNull().default("requires_payment_method"),
    /** Manual: the card is authorised (`requires_capture`) and charged only when captured (a request to book, ADR 0280). */
    captureMethod: text("capture_method", { enum: CAPTURE_METHODS }).notNull().default("automatic"),
    lastErrorMessage: text("last_error_message"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    processingUntil: ts("processing_until"),
    latestCharge: text("latest_charge"),
    amountRefunded: money("amount_refunded").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("local_payment_intents_client_secret_key").on(t.clientSecret),
    index("local_payment_intents_booking_idx").on(t.bookingId),
    check(
      "local_payment_intents_status_check",
      sql`${t.status} in ('requires_payment_method', 'requires_capture', 'processing', 'succeeded', 'canceled')`,
    ),
    check("local_payment_intents_capture_method_check", sql`${t.captureMethod} in ('automatic', 'manual')`),
    check("local_payment_intents_provider_check", sql`${t.provider} in ('local', 'stripe')`),
    check("local_payment_intents_amounts_check", sql`${t.amount} >= 0 and ${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amount}`),
  ],
);

/**
 * Paid bookings (confirmed or completed) per UTC month of `created_at` and currency,
 * kept by the trigger `bookings_track_month_totals` (migration 0011, ADR 0152). The
 * `total_platform_fees` view reads it; so do /admin's revenue and growth.
 */
export const bookingMonthTotals = pgTable(
  "booking_month_totals",
  {
    month: ts("month").notNull(),
    currency: text("currency").notNull(),
    paidBookings: integer("paid_bookings").notNull().default(0),
    totalPrice: money("total_price").notNull().default(0),
    platformFees: money("platform_fees").notNull().default(0),
  },
  (t) => [primaryKey({ name: "booking_month_totals_month_currency_pk", columns: [t.month, t.currency] })],
);

/**
 * Hours that replace a weekday's on one date of one listing (issue #26): extra or
 * different opening hours, or none (closed). Same shape as one day of
 * `spaces.opening_hours`.
 */
export const spaceDateHours = pgTable(
  "space_date_hours",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    hours: jsonb("hours").$type<{ start: string; end: string }[]>().notNull(),
    note: text("note"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.date] }), check("space_date_hours_date_check", sql`${t.date} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`)],
);
