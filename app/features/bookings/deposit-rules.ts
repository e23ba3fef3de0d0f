import type { FieldErrors } from "~/lib/forms";
import { formatMinor } from "~/lib/money";
import { z } from "~/lib/zod";
import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { english, type Translate } from "~/features/i18n/translate";

/**
 * Security deposits and damage claims (issue #28 point 2, ADRs 0283 and 0284): the texts and
 * the claim form's schema, shared by the server and the browser. Browser-safe.
 */
export const MAX_CLAIM_PHOTOS = 6;
export const MAX_CLAIM_DESCRIPTION = 2000;
export const CLAIM_ANSWER_HOURS = 72;

export const DEPOSIT_MESSAGES = {
  notFound: translatable("This booking has no security deposit."),
  notHost: translatable("Only the listing's host can open a damage claim."),
  notGuest: translatable("Only the booking's guest can answer this claim."),
  notEnded: translatable("A damage claim can be opened once the booking has ended."),
  notHeld: translatable("The deposit is not held on the guest's card, so there is nothing to claim."),
  released: translatable("The deposit was already released."),
  alreadyClaimed: translatable("A damage claim was already opened for this booking."),
  amountRequired: translatable("Enter the amount you claim."),
  amountInvalid: translatable("Enter an amount such as 120 or 120.50."),
  amountTooSmall: translatable("The claim must be more than zero."),
  descriptionRequired: translatable("Describe the damage."),
  descriptionTooLong: translatable("Keep the description under 2,000 characters."),
  tooManyPhotos: translatable("Add at most 6 photos."),
  badPhoto: translatable("A photo could not be used. Please remove it and upload it again."),
  notOpen: translatable("This claim is no longer open."),
  answerLate: translatable("The 72 hours to answer this claim have passed: it was accepted."),
  notDisputed: translatable("Only a disputed claim can be decided."),
  decisionAmount: translatable("Enter an amount between 0 and the claim"),
  noteRequired: translatable("Give the reason for the decision."),
  saveFailed: translatable("The claim could not be saved. Please try again."),
} as const;

/** A claim over the deposit, in `_`'s language with the deposit written in `locale` (English when left out). */
export function claimTooHigh(deposit: number, currency: string, _: Translate = english, locale?: string): string {
  const amount = formatMinor(deposit, currency, locale);
  return _(msg`The claim can't be more than the deposit (${amount}).`);
}

/** What checkout says next to the total: the deposit is held, not charged. */
export const depositLine = (amount: number, currency: string) => `Security deposit: ${formatMinor(amount, currency)} — held, not charged`;

export const DEPOSIT_STATUS_TEXT: Record<string, string> = {
  scheduled: translatable("To be held on the card before the start"),
  authorised: translatable("Held on the card, not charged"),
  released: translatable("Released, nothing charged"),
  claimed: translatable("A damage claim is open"),
  captured: translatable("Claim charged from the deposit"),
  failed: translatable("Could not be authorised"),
};

export const CLAIM_STATUS_TEXT: Record<string, string> = {
  open: translatable("Waiting for the guest's answer"),
  accepted: translatable("Accepted"),
  disputed: translatable("Disputed: an admin decides"),
  decided: translatable("Decided by an admin"),
};

const text = (max: number, required: string, tooLong: string) =>
  z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().trim().min(1, { error: required }).max(max, { error: tooLong }));

/** The host's claim form: amount (checked against the deposit on the server), description, photos. */
export const claimSchema = z.object({
  amount: z.preprocess(
    (value) => (typeof value === "string" ? value : ""),
    z
      .string()
      .trim()
      .min(1, { error: DEPOSIT_MESSAGES.amountRequired })
      .regex(/^\d{1,9}([.,]\d{1,2})?$/, { error: DEPOSIT_MESSAGES.amountInvalid }),
  ),
  description: text(MAX_CLAIM_DESCRIPTION, DEPOSIT_MESSAGES.descriptionRequired, DEPOSIT_MESSAGES.descriptionTooLong),
  photos: z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]),
    z.array(z.string().max(500, { error: DEPOSIT_MESSAGES.badPhoto })).max(MAX_CLAIM_PHOTOS, { error: DEPOSIT_MESSAGES.tooManyPhotos }),
  ),
});
export type ClaimField = "amount" | "description" | "photos";
export const CLAIM_ARRAY_FIELDS = ["photos"] as const;

/** An admin's decision: amount 0..claim, a note. */
export const decisionSchema = z.object({
  amount: z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().trim().regex(/^\d{1,9}([.,]\d{1,2})?$/, { error: DEPOSIT_MESSAGES.amountInvalid })),
  note: text(MAX_CLAIM_DESCRIPTION, DEPOSIT_MESSAGES.noteRequired, DEPOSIT_MESSAGES.descriptionTooLong),
});
export type DecisionField = "amount" | "note";

export type DepositActionData =
  | { deposit: true; ok: true; message: string }
  | { deposit: true; ok: false; error: string | null; fieldErrors: FieldErrors<ClaimField> | null };
