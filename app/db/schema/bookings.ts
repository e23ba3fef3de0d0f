import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { CURRENCIES, spaces } from "./listings";

export const BOOKING_STATUSES = ["pending_payment", "confirmed", "cancelled", "expired", "completed"] as const;
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
    startTime: ts("start_time").notNull(),
    endTime: ts("end_time").notNull(),
    pricingUnit: text("pricing_unit", { enum: PRICING_UNITS }).notNull().default("hour"),
    quantity: integer("quantity").notNull().default(1),
    /** What the host earns: the listing's price for the chosen duration. */
    rentalAmount: money("rental_amount").notNull(),
    /** What the guest pays: rental plus platform fee. */
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
    payoutReleaseAt: ts("payout_release_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("bookings_user_idx").on(t.userId, t.startTime),
    index("bookings_space_time_idx").on(t.spaceId, t.startTime),
    index("bookings_status_idx").on(t.status, t.createdAt),
    uniqueIndex("bookings_payment_intent_key").on(t.paymentIntentId),
    check("bookings_time_order_check", sql`${t.endTime} > ${t.startTime}`),
    check(
      "bookings_status_check",
      sql`${t.status} in ('pending_payment', 'confirmed', 'cancelled', 'expired', 'completed')`,
    ),
    check("bookings_amounts_check", sql`${t.rentalAmount} >= 0 and ${t.platformFeeAmount} >= 0 and ${t.totalPrice} >= 0`),
  ],
);

export const AVAILABILITY_KINDS = ["booking", "hold", "blocked"] as const;

/**
 * The calendar. Every booking or hold owns exactly one row; an exclusion
 * constraint (migration 0002) makes overlapping rows for one space impossible.
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
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("space_availability_booking_key").on(t.bookingId),
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
 * reversed: the transfer was taken back (ADR 0121).
 */
export const PAYOUT_STATUSES = ["scheduled", "processing", "paid", "failed", "cancelled", "reversed"] as const;

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
    check("payouts_status_check", sql`${t.status} in ('scheduled', 'processing', 'paid', 'failed', 'cancelled', 'reversed')`),
    check("payouts_amount_check", sql`${t.amount} >= 0`),
  ],
);

/** Replays of a mutating request with the same key return the stored response. */
export const idempotencyKeys = pgTable("idempotency_keys", {
  key: text("key").primaryKey(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  requestHash: text("request_hash").notNull(),
  response: jsonb("response"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Provider webhook events already handled (deduplication by event id). */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: ts("received_at").notNull().defaultNow(),
});

export const PAYMENT_INTENT_STATUSES = ["requires_payment_method", "processing", "succeeded", "canceled"] as const;

/**
 * Payment intents of the built-in test-mode processor (PAYMENT_PROVIDER=local),
 * with Stripe's states. A `processing` intent succeeds once `processing_until`
 * has passed, read against the clock (ADR 0103).
 */
export const localPaymentIntents = pgTable(
  "local_payment_intents",
  {
    id: text("id").primaryKey(),
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
    lastErrorMessage: text("last_error_message"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    processingUntil: ts("processing_until"),
    amountRefunded: money("amount_refunded").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("local_payment_intents_client_secret_key").on(t.clientSecret),
    index("local_payment_intents_booking_idx").on(t.bookingId),
    check(
      "local_payment_intents_status_check",
      sql`${t.status} in ('requires_payment_method', 'processing', 'succeeded', 'canceled')`,
    ),
    check("local_payment_intents_amounts_check", sql`${t.amount} >= 0 and ${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amount}`),
  ],
);
