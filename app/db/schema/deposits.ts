import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings, payouts } from "./bookings";

const money = (name: string) => bigint(name, { mode: "number" });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * scheduled: to be authorised at `authorise_at`; authorised: held on the guest's card
 * (manual capture) until `release_at`; released: let go, never captured; claimed: a damage
 * claim is open on it; captured: a claim's amount was taken (the rest let go); failed: the
 * saved card declined the authorisation (ADR 0283).
 */
export const DEPOSIT_STATUSES = ["scheduled", "authorised", "released", "claimed", "captured", "failed"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/**
 * A booking's security deposit (issue #28 point 2, ADR 0283): amount and currency copied
 * from the listing when the booking was confirmed (the host may change the listing later).
 */
export const bookingDeposits = pgTable(
  "booking_deposits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: DEPOSIT_STATUSES }).notNull().default("scheduled"),
    authoriseAt: ts("authorise_at").notNull(),
    releaseAt: ts("release_at").notNull(),
    /** The deposit's own provider intent (purpose 'deposit'), once asked for. */
    intentId: text("intent_id"),
    /** The card the booking's payment saved, charged off-session. */
    paymentMethodId: text("payment_method_id"),
    failureMessage: text("failure_message"),
    /** The provider call in flight for it (authorise, release, capture), so a sweep records one at a time. */
    callId: uuid("call_id"),
    capturedAmount: money("captured_amount").notNull().default(0),
    authorisedAt: ts("authorised_at"),
    releasedAt: ts("released_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("booking_deposits_booking_key").on(t.bookingId),
    index("booking_deposits_authorise_due_idx").on(t.authoriseAt).where(sql`${t.status} = 'scheduled'`),
    index("booking_deposits_release_due_idx").on(t.releaseAt).where(sql`${t.status} = 'authorised'`),
    check("booking_deposits_status_check", sql`${t.status} in ('scheduled', 'authorised', 'released', 'claimed', 'captured', 'failed')`),
    check("booking_deposits_amount_check", sql`${t.amount} > 0 and ${t.capturedAmount} >= 0 and ${t.capturedAmount} <= ${t.amount}`),
    check("booking_deposits_released_check", sql`${t.status} <> 'released' or ${t.capturedAmount} = 0`),
  ],
);

/** open: the guest has 72 h to answer; accepted (by the guest, or by the clock); disputed: an admin decides; decided. */
export const CLAIM_STATUSES = ["open", "accepted", "disputed", "decided"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** A host's damage claim on a booking's deposit: one per booking (ADR 0284). */
export const depositClaims = pgTable(
  "deposit_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    depositId: uuid("deposit_id")
      .notNull()
      .references(() => bookingDeposits.id, { onDelete: "restrict" }),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull(),
    /** Uploads of the host through the media pipeline (≤ 6). */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("open"),
    guestAnswerBy: ts("guest_answer_by").notNull(),
    answeredAt: ts("answered_at"),
    acceptedBy: text("accepted_by", { enum: ["guest", "clock"] }),
    decidedAmount: money("decided_amount"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decisionNote: text("decision_note"),
    /** What was taken from the guest's card for it; its payout to the host. */
    capturedAmount: money("captured_amount").notNull().default(0),
    capturedAt: ts("captured_at"),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deposit_claims_booking_key").on(t.bookingId),
    uniqueIndex("deposit_claims_deposit_key").on(t.depositId),
    index("deposit_claims_answer_due_idx").on(t.guestAnswerBy).where(sql`${t.status} = 'open'`),
    index("deposit_claims_disputed_idx").on(t.createdAt).where(sql`${t.status} = 'disputed'`),
    check("deposit_claims_status_check", sql`${t.status} in ('open', 'accepted', 'disputed', 'decided')`),
    check("deposit_claims_accepted_by_check", sql`${t.acceptedBy} is null or ${t.acceptedBy} in ('guest', 'clock')`),
    check(
      "deposit_claims_amount_check",
      sql`${t.amount} > 0 and (${t.decidedAmount} is null or ${t.decidedAmount} between 0 and ${t.amount}) and ${t.capturedAmount} >= 0 and ${t.capturedAmount} <= ${t.amount}`,
    ),
    check("deposit_claims_description_check", sql`char_length(${t.description}) between 1 and 2000`),
    check("deposit_claims_note_check", sql`char_length(${t.decisionNote}) <= 2000`),
    check("deposit_claims_photos_check", sql`jsonb_typeof(${t.photos}) = 'array' and jsonb_array_length(${t.photos}) <= 6`),
    check("deposit_claims_decided_check", sql`(${t.status} = 'decided') = (${t.decidedAmount} is not null)`),
  ],
);
