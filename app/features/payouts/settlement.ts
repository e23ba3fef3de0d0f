import { percentOf, POLICY_RULES, refundForCancellation, type CancellationPolicy } from "~/features/bookings/pricing";

/**
 * Who keeps what of a booking's money (issue #13, ADR 0122): pure integer arithmetic
 * on minor units, shared by the payout hooks, the reconciliation and the property
 * test. The guest paid rental + fee; the host's share is the rental; a cancellation
 * refund comes out of the rental first and, when the service fee is refunded too,
 * out of the fee by the same share.
 */
export type Split = {
  /** What goes back to the guest. */
  refund: number;
  /** The part of the refund taken from the platform fee. */
  feeRefund: number;
  /** What the host is paid. */
  hostShare: number;
  /** What the platform keeps. */
  platformFee: number;
};

/**
 * The split after a guest's cancellation at `now`, from the same refund rule the
 * cancellation uses. Always refund + hostShare + platformFee = rental + fee.
 */
export function cancellationSplit(input: {
  policy: CancellationPolicy;
  startTime: Date | string;
  now: Date;
  rentalMinor: number;
  feeMinor: number;
  refundServiceFee: boolean;
}): Split {
  const { refundMinor, rule } = refundForCancellation(input);
  return splitOfRefund({ rentalMinor: input.rentalMinor, feeMinor: input.feeMinor, refundMinor, percent: rule === "none" ? 0 : (POLICY_RULES[input.policy] ?? POLICY_RULES.flexible).percent });
}

/**
 * Splits a refund already decided: the rental's part is `percent` of the rental (the
 * rule's share), the rest comes from the fee, capped so no side goes below zero.
 */
export function splitOfRefund(input: { rentalMinor: number; feeMinor: number; refundMinor: number; percent: number }): Split {
  const { rentalMinor, feeMinor, refundMinor } = input;
  const total = rentalMinor + feeMinor;
  if (!Number.isSafeInteger(refundMinor) || refundMinor < 0 || refundMinor > total) throw new RangeError(`Invalid refund: ${refundMinor}`);
  const fromRental = Math.min(refundMinor, rentalMinor, percentOf(rentalMinor, input.percent));
  const feeRefund = Math.min(feeMinor, refundMinor - fromRental);
  const rentalRefund = refundMinor - feeRefund;
  return { refund: refundMinor, feeRefund, hostShare: rentalMinor - rentalRefund, platformFee: feeMinor - feeRefund };
}
