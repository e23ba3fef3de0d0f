import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const PAYOUT_BANK_KINDS = ["iban", "us"] as const;

/**
 * A host's payout account with the configured provider (issue #13, ADR 0120): the
 * provider's status as last asked from it (never from a browser's return alone), and
 * for the built-in provider the bank details the host gave — the last four digits and
 * a fingerprint, never the full account number.
 */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    currentlyDue: jsonb("currently_due").$type<string[]>().notNull().default([]),
    accountHolder: text("account_holder"),
    country: text("country"),
    currency: text("currency"),
    bankKind: text("bank_kind", { enum: PAYOUT_BANK_KINDS }),
    routingNumber: text("routing_number"),
    accountLast4: text("account_last4"),
    accountFingerprint: text("account_fingerprint"),
    /** Built-in provider: when the host finished onboarding (null while half done). */
    submittedAt: ts("submitted_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payout_accounts_host_key").on(t.hostId),
    uniqueIndex("payout_accounts_provider_account_key").on(t.provider, t.providerAccountId),
    check("payout_accounts_bank_kind_check", sql`${t.bankKind} is null or ${t.bankKind} in ('iban', 'us')`),
  ],
);

/** Transfers of the built-in provider, one per idempotency key: a repeated call returns the first. */
export const localPayoutTransfers = pgTable(
  "local_payout_transfers",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    accountId: text("account_id").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    transferGroup: text("transfer_group").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("local_payout_transfers_idempotency_key").on(t.idempotencyKey)],
);

export const LEDGER_KINDS = ["charge", "refund", "fee", "fee_refund", "transfer", "reversal", "deduction", "dispute_loss", "protection", "protection_refund"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Every movement of money, append-only, in integer minor units (ADR 0122). `amount`
 * is positive; the kind says which way it goes. `key` is unique, so a replayed event
 * or a repeated job run cannot write a movement twice. A trigger (migration 0008)
 * refuses UPDATE and DELETE.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    providerReference: text("provider_reference"),
    key: text("key").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_entries_key").on(t.key),
    index("ledger_entries_booking_idx").on(t.bookingId, t.createdAt),
    check("ledger_entries_kind_check", sql`${t.kind} in ('charge', 'refund', 'fee', 'fee_refund', 'transfer', 'reversal', 'deduction', 'dispute_loss', 'protection', 'protection_refund')`),
    check("ledger_entries_amount_check", sql`${t.amount} > 0`),
  ],
);
