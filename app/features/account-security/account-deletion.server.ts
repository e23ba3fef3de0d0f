import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import {
  bookingDeposits,
  bookingDisputes,
  bookingRequirements,
  bookings,
  dataExports,
  emailOutbox,
  emailPreferences,
  emailTokens,
  hostBalanceEntries,
  identityUploads,
  identityVerifications,
  messages,
  newsletterSubscribers,
  payoutAccounts,
  payouts,
  profileLinks,
  profiles,
  profileUpdates,
  providerCalls,
  savedSearches,
  sessions,
  spaces,
  twoStepCredentials,
  twoStepRecoveryCodes,
  users,
  wishlists,
} from "~/db/schema/index";
import { privateStorage } from "~/features/identity/private-storage.server";
import type { Db, Tx } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { SECURITY_TEXT } from "./security-form";

/**
 * 'Delete my account' (issue #29 point 5, ADR 0248). Refused — with what to do first —
 * while the member has a booking that has not ended (as guest or host) or money is still
 * on its way to or from them (a deposit still held or claimed included). Otherwise, in one
 * transaction: the account's personal data (what they gave at checkout included) is erased
 * or replaced ('Deleted user'), listings are unpublished, every session ends,
 * and the money records (bookings, payments, payouts, ledger) stay, pointing at an
 * account that no longer names anyone.
 */
export const DELETED_NAME = "Deleted user";
/** A request to book waiting for the host's answer holds the guest's card (ADR 0280): not ended either. */
const LIVE_BOOKING_STATUSES = ["pending_payment", "requested", "confirmed", "disputed"] as const;
/** A deposit still held on the guest's card, or under a damage claim not yet settled (ADR 0283, 0284). */
const OPEN_DEPOSIT_STATUSES = ["authorised", "claimed"] as const;
const OPEN_PAYOUT_STATUSES = ["scheduled", "processing", "failed", "held"] as const;

/** Why the account cannot be deleted yet, or null. */
export async function deletionBlocker(db: Db | Tx, userId: string, now: Date): Promise<string | null> {
  const [live] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        or(eq(bookings.userId, userId), eq(bookings.hostId, userId)),
        inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
        gt(bookings.endTime, now),
      ),
    )
    .limit(1);
  if (live) return SECURITY_TEXT.deleteBlockedBookings;
  const [payout] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.hostId, userId), inArray(payouts.status, [...OPEN_PAYOUT_STATUSES])))
    .limit(1);
  if (payout) return SECURITY_TEXT.deleteBlockedPayouts;
  const owed = await db
    .select({ currency: hostBalanceEntries.currency, balance: sql<string>`sum(${hostBalanceEntries.amount})` })
    .from(hostBalanceEntries)
    .where(eq(hostBalanceEntries.hostId, userId))
    .groupBy(hostBalanceEntries.currency);
  if (owed.some((row) => Number(row.balance) > 0)) return SECURITY_TEXT.deleteBlockedBalance;
  const [refund] = await db
    .select({ id: providerCalls.id })
    .from(providerCalls)
    .innerJoin(bookings, eq(bookings.id, providerCalls.bookingId))
    .where(and(or(eq(bookings.userId, userId), eq(bookings.hostId, userId)), eq(providerCalls.status, "pending")))
    .limit(1);
  const [dispute] = await db
    .select({ id: bookingDisputes.id })
    .from(bookingDisputes)
    .innerJoin(bookings, eq(bookings.id, bookingDisputes.bookingId))
    .where(and(or(eq(bookings.userId, userId), eq(bookings.hostId, userId)), eq(bookingDisputes.status, "open")))
    .limit(1);
  if (refund || dispute) return SECURITY_TEXT.deleteBlockedRefunds;
  const [deposit] = await db
    .select({ id: bookingDeposits.id })
    .from(bookingDeposits)
    .innerJoin(bookings, eq(bookings.id, bookingDeposits.bookingId))
    .where(and(or(eq(bookings.userId, userId), eq(bookings.hostId, userId)), inArray(bookingDeposits.status, [...OPEN_DEPOSIT_STATUSES])))
    .limit(1);
  if (deposit) return SECURITY_TEXT.deleteBlockedDeposits;
  return null;
}

export type DeleteAccountResult = { ok: true } | { ok: false; error: string };

/** Erases the account (the caller checked the password). Refused, changing nothing, while `deletionBlocker` says so. */
export async function deleteAccount(db: Db, userId: string, now: Date): Promise<DeleteAccountResult> {
  const outcome = await db.transaction(async (tx) => {
    // One deletion at a time per account; the refusals are checked inside the transaction
    // that erases, so nothing changes when one applies.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const blocker = await deletionBlocker(tx, userId, now);
    if (blocker) return { blocker, storageKeys: [] };
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!account) return { blocker: null, storageKeys: [] };
    await tx
      .update(users)
      .set({ email: `deleted-${userId}@deleted.invalid`, passwordHash: "deleted", emailVerifiedAt: null, lastSignInAt: null })
      .where(eq(users.id, userId));
    await tx
      .update(profiles)
      .set({
        fullName: DELETED_NAME,
        avatarUrl: null,
        bannerUrl: null,
        bio: null,
        website: null,
        location: null,
        instagram: null,
        twitter: null,
        facebook: null,
        linkedin: null,
        youtube: null,
        tiktok: null,
      })
      .where(eq(profiles.id, userId));
    await tx.delete(profileLinks).where(eq(profileLinks.profileId, userId));
    await tx.delete(profileUpdates).where(eq(profileUpdates.profileId, userId));
    await tx.update(spaces).set({ isPublished: false }).where(eq(spaces.userId, userId));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await tx.update(messages).set({ body: SECURITY_TEXT.deletedMessage }).where(eq(messages.senderId, userId));
    await tx
      .update(payoutAccounts)
      .set({ accountHolder: null, routingNumber: null, accountLast4: null, accountFingerprint: null })
      .where(eq(payoutAccounts.hostId, userId));
    await tx.update(identityVerifications).set({ reason: null }).where(eq(identityVerifications.userId, userId));
    // What they gave at checkout as a guest (ADR 0279, 0286, 0287, 0290): date of birth, licence,
    // the waiver's address, cover and delivery address erased. The waiver's text and time, and
    // the choices the money rests on (Protection or own cover, delivery or pickup), stay.
    await tx
      .update(bookingRequirements)
      .set({
        dateOfBirth: null,
        licenceNumber: null,
        licenceCountry: null,
        licenceExpiry: null,
        waiverAcceptedIp: null,
        insurerName: null,
        policyNumber: null,
        deliveryStreet: null,
        deliveryCity: null,
        deliveryPostalCode: null,
        deliveryCountry: null,
        erasedAt: now,
      })
      .where(and(isNull(bookingRequirements.erasedAt), inArray(bookingRequirements.bookingId, tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId)))));
    const uploads = await tx.delete(identityUploads).where(eq(identityUploads.userId, userId)).returning({ key: identityUploads.storageKey });
    for (const table of [twoStepRecoveryCodes, twoStepCredentials, emailTokens, dataExports, wishlists, savedSearches, emailPreferences] as const) {
      await tx.delete(table).where(eq(table.userId, userId));
    }
    await tx.delete(emailOutbox).where(or(eq(emailOutbox.userId, userId), eq(sql`lower(${emailOutbox.toEmail})`, account.email.toLowerCase())));
    await tx.delete(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, account.email.toLowerCase()));
    return { blocker: null, storageKeys: uploads.map((upload) => upload.key) };
  });
  if (outcome.blocker) return { ok: false, error: outcome.blocker };
  // The private photo files go after the commit (no file work inside the transaction); a
  // file that cannot be deleted is logged with the reason, for the operator.
  for (const key of outcome.storageKeys) {
    await privateStorage()
      .delete(key)
      .catch((error: unknown) => logger.warn({ reason: "deleted-account-photo", err: String(error) }, "photo not deleted"));
  }
  return { ok: true };
}
