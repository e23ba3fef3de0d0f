/**
 * Booking prices, durations and refunds: pure, integer arithmetic on minor units
 * (cents; yen and won have none), safe in the browser and on the server. The
 * server prices every booking with these functions; the widget shows the same
 * figures. ADR 0100 explains the duration and rounding rules.
 */

export const PRICING_UNITS = ["hour", "day", "week", "month"] as const;
export type PricingUnit = (typeof PRICING_UNITS)[number];

/** Elapsed hours per unit: a day is 24 h, a week 168 h, a month 720 h. */
export const UNIT_HOURS: Record<PricingUnit, number> = { hour: 1, day: 24, week: 168, month: 720 };

/** How many of each unit one booking may take, before the listing's own limits. */
export const DURATION_LIMITS: Record<PricingUnit, { min: number; max: number }> = {
  hour: { min: 1, max: 24 },
  day: { min: 1, max: 30 },
  week: { min: 1, max: 12 },
  month: { min: 1, max: 12 },
};

export const CANCELLATION_POLICIES = ["flexible", "moderate", "strict"] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

export function isPricingUnit(value: unknown): value is PricingUnit {
  return typeof value === "string" && (PRICING_UNITS as readonly string[]).includes(value);
}

/**
 * The quantities of `unit` a booking may take: the unit's own limits, clamped by
 * the listing's minimum and maximum rental duration (in hours). A duration's
 * hours are quantity × UNIT_HOURS[unit]. The range is empty (min > max) when no
 * quantity of that unit fits the listing's limits.
 */
export function durationRange(
  unit: PricingUnit,
  listing: { minRentalDuration: number; maxRentalDuration: number | null },
): { min: number; max: number } {
  const hours = UNIT_HOURS[unit];
  const limits = DURATION_LIMITS[unit];
  const minHours = Math.max(1, Math.floor(listing.minRentalDuration || 1));
  const min = Math.max(limits.min, Math.ceil(minHours / hours));
  const max =
    listing.maxRentalDuration == null || listing.maxRentalDuration <= 0
      ? limits.max
      : Math.min(limits.max, Math.floor(listing.maxRentalDuration / hours));
  return { min, max };
}

export function isDurationAllowed(
  unit: PricingUnit,
  quantity: number,
  listing: { minRentalDuration: number; maxRentalDuration: number | null },
) {
  const { min, max } = durationRange(unit, listing);
  return Number.isInteger(quantity) && quantity >= min && quantity <= max;
}

export type UnitPrices = {
  hourlyPrice: number | null;
  dailyPrice: number | null;
  weeklyPrice: number | null;
  monthlyPrice: number | null;
};

/** The listing's price for one unit, in minor units, or null when it does not price that unit. */
export function unitPrice(listing: UnitPrices, unit: PricingUnit): number | null {
  const price = { hour: listing.hourlyPrice, day: listing.dailyPrice, week: listing.weeklyPrice, month: listing.monthlyPrice }[unit];
  return price != null && price > 0 ? price : null;
}

/** The units the listing prices (price set and above zero), in display order. */
export function pricedUnits(listing: UnitPrices): PricingUnit[] {
  return PRICING_UNITS.filter((unit) => unitPrice(listing, unit) !== null);
}

/** A percentage with up to two decimals as basis points (10 → 1000, 12.5 → 1250). */
export function percentToBasisPoints(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`Invalid fee percentage: ${percent}`);
  return Math.round(percent * 100);
}

/** `percent`% of `amountMinor`, rounded half-up to the minor unit, exact for any safe integer. */
export function percentOf(amountMinor: number, percent: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`Invalid amount: ${amountMinor}`);
  const bp = BigInt(percentToBasisPoints(percent));
  return Number((BigInt(amountMinor) * bp + 5000n) / 10000n);
}

export type Quote = {
  rentalMinor: number;
  feeMinor: number;
  /** The platform's 'Protection' line (ADR 0286): 0 when not bought. */
  protectionMinor: number;
  /** Its rate in basis points (800 = 8 %), null when not bought. */
  protectionBasisPoints: number | null;
  /** The listing's delivery fee when the guest chose delivery (ADR 0287): 0 otherwise. */
  deliveryMinor: number;
  totalMinor: number;
  feePercent: number;
  currency: string;
};

/** `basisPoints` / 10 000 of `amountMinor`, rounded half-up to the minor unit, in integers only. */
export function basisPointsOf(amountMinor: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`Invalid amount: ${amountMinor}`);
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) throw new RangeError(`Invalid basis points: ${basisPoints}`);
  return Number((BigInt(amountMinor) * BigInt(basisPoints) + 5000n) / 10000n);
}

/**
 * The guest's price: rental = unit price × quantity; fee = feePercent of rental, half-up;
 * protection (when bought) = its basis points of the rental, half-up; delivery (when chosen)
 * = the listing's fee, which the service fee does not apply to; total = all of them.
 */
export function quoteBooking(input: {
  unitPriceMinor: number;
  quantity: number;
  feePercent: number;
  currency: string;
  protectionBasisPoints?: number | null;
  deliveryFeeMinor?: number;
}): Quote {
  const { unitPriceMinor, quantity, feePercent, currency } = input;
  if (!Number.isSafeInteger(unitPriceMinor) || unitPriceMinor < 0) throw new RangeError(`Invalid unit price: ${unitPriceMinor}`);
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`Invalid quantity: ${quantity}`);
  const rentalMinor = unitPriceMinor * quantity;
  if (!Number.isSafeInteger(rentalMinor)) throw new RangeError("Amount too large");
  const feeMinor = percentOf(rentalMinor, feePercent);
  const protectionBasisPoints = input.protectionBasisPoints ?? null;
  const protectionMinor = protectionBasisPoints === null ? 0 : basisPointsOf(rentalMinor, protectionBasisPoints);
  const deliveryMinor = input.deliveryFeeMinor ?? 0;
  if (!Number.isSafeInteger(deliveryMinor) || deliveryMinor < 0) throw new RangeError(`Invalid delivery fee: ${deliveryMinor}`);
  const totalMinor = rentalMinor + feeMinor + protectionMinor + deliveryMinor;
  if (!Number.isSafeInteger(totalMinor)) throw new RangeError("Amount too large");
  return { rentalMinor, feeMinor, protectionMinor, protectionBasisPoints, deliveryMinor, totalMinor, feePercent, currency };
}

const HOUR_MS = 3_600_000;

/** Hours before the start at or above which each policy refunds, and the share it refunds. */
export const POLICY_RULES: Record<CancellationPolicy, { hoursBefore: number; percent: number }> = {
  flexible: { hoursBefore: 24, percent: 100 },
  moderate: { hoursBefore: 5 * 24, percent: 100 },
  strict: { hoursBefore: 7 * 24, percent: 50 },
};

export type RefundRule = "full" | "half" | "none";

/**
 * What a guest's cancellation gives back: Flexible refunds the rental in full at
 * least 24 h before the start, Moderate at least 5 days before, Strict half at
 * least 7 days before; otherwise nothing. The service fee is kept unless
 * `refundServiceFee`, in which case the same share of it is refunded too.
 */
export function refundForCancellation(input: {
  policy: CancellationPolicy;
  startTime: Date | string;
  now: Date;
  rentalMinor: number;
  feeMinor: number;
  refundServiceFee: boolean;
}): { refundMinor: number; rule: RefundRule } {
  const rule = POLICY_RULES[input.policy] ?? POLICY_RULES.flexible;
  const start = new Date(input.startTime).getTime();
  const msBefore = start - input.now.getTime();
  if (!(msBefore >= rule.hoursBefore * HOUR_MS)) return { refundMinor: 0, rule: "none" };
  const base = input.rentalMinor + (input.refundServiceFee ? input.feeMinor : 0);
  return { refundMinor: percentOf(base, rule.percent), rule: rule.percent === 100 ? "full" : "half" };
}
