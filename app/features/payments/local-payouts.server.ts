import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { localPayoutTransfers, payoutAccounts } from "~/db/schema/payouts";
import type { Db } from "~/lib/db.server";
import type { PayoutProvider } from "./payout-contracts";

/**
 * The built-in test-mode payout provider (PAYMENT_PROVIDER=local, ADR 0120). Its
 * "bank" is this database: onboarding is the page at /payouts/onboarding, an account
 * is complete once the host finished it, and a transfer is a row keyed by its
 * idempotency key, so a repeated call returns the first transfer. Transfers to
 * Stripe's failing test account numbers fail, so the retry path can be exercised.
 */
export const LOCAL_ONBOARDING_PATH = "/payouts/onboarding";

/** Stripe's test bank accounts whose payouts fail: a US account number and a German IBAN. */
export const FAILING_TEST_ACCOUNTS = ["000111111116", "DE62370400440532013001"] as const;

/** A one-way fingerprint of an account number (or IBAN), so the full number is never stored. */
export function accountFingerprint(accountNumber: string) {
  return crypto.createHash("sha256").update(`rentwell-payout:${accountNumber}`).digest("hex");
}

const failingFingerprints = new Set<string>(FAILING_TEST_ACCOUNTS.map(accountFingerprint));

export class PayoutTransferError extends Error {}

export function localPayoutProvider(db: Db): PayoutProvider {
  async function account(accountId: string) {
    const [row] = await db
      .select()
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.provider, "local"), eq(payoutAccounts.providerAccountId, accountId)));
    return row;
  }

  return {
    name: "local",

    async createAccount() {
      return { accountId: `acct_local_${crypto.randomBytes(10).toString("hex")}` };
    },

    async onboardingLink({ returnUrl }) {
      const url = new URL(LOCAL_ONBOARDING_PATH, "http://local");
      url.searchParams.set("return", new URL(returnUrl, "http://local").pathname);
      return { url: `${url.pathname}${url.search}` };
    },

    async retrieveAccount(accountId) {
      const row = await account(accountId);
      const complete = Boolean(row?.submittedAt);
      const currentlyDue = complete ? [] : ["external_account", "individual.name"];
      return { detailsSubmitted: complete, payoutsEnabled: complete, currentlyDue };
    },

    async transfer(input) {
      const [existing] = await db.select().from(localPayoutTransfers).where(eq(localPayoutTransfers.idempotencyKey, input.idempotencyKey));
      if (existing) return { transferId: existing.id };
      const row = await account(input.accountId);
      if (!row?.submittedAt) throw new PayoutTransferError("The payout account is not complete");
      if (row.accountFingerprint && failingFingerprints.has(row.accountFingerprint)) {
        throw new PayoutTransferError("The bank refused the transfer: the account cannot receive payouts");
      }
      const id = `tr_local_${crypto.randomBytes(10).toString("hex")}`;
      const [inserted] = await db
        .insert(localPayoutTransfers)
        .values({ id, idempotencyKey: input.idempotencyKey, accountId: input.accountId, amount: input.amount, currency: input.currency, transferGroup: input.transferGroup })
        .onConflictDoNothing()
        .returning({ id: localPayoutTransfers.id });
      if (inserted) return { transferId: inserted.id };
      const [winner] = await db.select().from(localPayoutTransfers).where(eq(localPayoutTransfers.idempotencyKey, input.idempotencyKey));
      return { transferId: winner!.id };
    },
  };
}
