import { percentOf, POLICY_RULES, refundForCancellation, type CancellationPolicy } from "~/features/bookings/pricing";

/**
 * Who keeps what of a booking's money (issue #13, ADR 0122): pure integer arithmetic
 * on minor units, shared by the payout hooks, the reconciliation and the property
 * test. The guest paid rental + fee (+ protection + delivery, ADR 0286, 0287); the host's
 * share is the rental and the delivery fee (`rentalMinor` here is both: the host's part); a
 * cancellation refund comes out of the host's part first, then out of the protection by
 * the same share, and, when the service fee is refunded too, out of the fee by the same
 * share.
 */
export type Split = {
  /** What goes back to the guest. */
  refund: number;
  /** The part of the refund taken from the platform fee. */
  feeRefund: number;
  /** What the host is paid. */
  hostShare: number;
  /** What the platform keeps of its service fee. */
  platformFee: number;
  /** The part of the refund taken from the protection (ADR 0286). */
  protectionRefund: number;
  /** What the platform keeps of the protection. */
  protection: number;
};

/**
 * The split after a guest's cancellation at `now`, from the same refund rule the
 * cancellation uses: the protection is refunded with the rental, by the same share.
 * Always refund + hostShare + platformFee + protection = rental + fee + protection.
 */
export function cancellationSplit(input: {
  policy: CancellationPolicy;
  startTime: Date | string;
  now: Date;
  rentalMinor: number;
  feeMinor: number;
  protectionMinor?: number;
  refundServiceFee: boolean;
}): Split {
  const protectionMinor = input.protectionMinor ?? 0;
  const { refundMinor, rule } = refundForCancellation({ ...input, rentalMinor: input.rentalMinor + protectionMinor });
  return splitOfRefund({ rentalMinor: input.rentalMinor, feeMinor: input.feeMinor, protectionMinor, refundMinor, percent: rule === "none" ? 0 : (POLICY_RULES[input.policy] ?? POLICY_RULES.flexible).percent });
}

/**
 * Splits a refund already decided: the rental's part is `percent` of the rental (the
 * rule's share), then the protection's part is at most `percent` of the protection, the
 * rest comes from the fee, capped so no side goes below zero (a rounding cent left over
 * comes from the rental).
 */
export function splitOfRefund(input: { rentalMinor: number; feeMinor: number; protectionMinor?: number; refundMinor: number; percent: number }): Split {
  const { rentalMinor, feeMinor, refundMinor } = input;
  const protectionMinor = input.protectionMinor ?? 0;
  const total = rentalMinor + feeMinor + protectionMinor;
  if (!Number.isSafeInteger(refundMinor) || refundMinor < 0 || refundMinor > total) throw new RangeError(`Invalid refund: ${refundMinor}`);
  const fromRental = Math.min(refundMinor, rentalMinor, percentOf(rentalMinor, input.percent));
  const protectionRefund = Math.min(protectionMinor, refundMinor - fromRental, percentOf(protectionMinor, input.percent));
  const feeRefund = Math.min(feeMinor, refundMinor - fromRental - protectionRefund);
  let rentalRefund = refundMinor - feeRefund - protectionRefund;
  // Only when the rental cannot take the rest (a refund decided as nearly everything): the protection takes it.
  const over = Math.max(0, rentalRefund - rentalMinor);
  rentalRefund -= over;
  return {
    refund: refundMinor,
    feeRefund,
    hostShare: rentalMinor - rentalRefund,
    platformFee: feeMinor - feeRefund,
    protectionRefund: protectionRefund + over,
    protection: protectionMinor - protectionRefund - over,
  };
}
