/** design/payments.md "Fees": every split is computed from these (the server's config reads them). */
export interface FeeSettings {
  platformFeePercent: number;
  platformFeeMinPence: number;
  gymSpacePercent: number;
  basicPlanPricePence: number;
}

/**
 * How a payment is split (design/payments.md "Fees"). Pure and in whole pence: Stripe takes
 * integer amounts in the smallest unit, and every split here adds up exactly to the price.
 */

const percentOf = (pricePence: number, percent: number) => Math.round((pricePence * percent) / 100);

/** Mastr's fee on a sale: the percentage, at least the minimum, never more than the price. */
export function platformFeePence(
  pricePence: number,
  fees: Pick<FeeSettings, 'platformFeePercent' | 'platformFeeMinPence'>,
): number {
  return Math.min(pricePence, Math.max(fees.platformFeeMinPence, percentOf(pricePence, fees.platformFeePercent)));
}

/** A pass paid to a gym (destination charge): the application fee and what the gym receives. */
export function passSplit(pricePence: number, fees: FeeSettings) {
  const applicationFeePence = platformFeePence(pricePence, fees);
  return { applicationFeePence, gymReceivesPence: pricePence - applicationFeePence };
}

/**
 * A PT session paid to the coach (destination charge) at a gym: the application fee holds Mastr's
 * fee and the gym's share for use of its space, which is then transferred to the gym. When the two
 * exceed the price (tiny prices), the gym's share gives way first.
 */
export function ptSessionSplit(pricePence: number, fees: FeeSettings) {
  const platformPence = platformFeePence(pricePence, fees);
  const gymSharePence = Math.min(percentOf(pricePence, fees.gymSpacePercent), pricePence - platformPence);
  const applicationFeePence = platformPence + gymSharePence;
  return {
    applicationFeePence,
    platformFeePence: platformPence,
    gymSharePence,
    coachReceivesPence: pricePence - applicationFeePence,
  };
}

/**
 * How much of the gym's space share goes back when `refundedPence` of a PT payment of `amountPence`
 * has been refunded in all: the same proportion, rounded to whole pence (a full refund takes it all).
 */
export function spaceShareReversalPence(gymSharePence: number, amountPence: number, refundedPence: number): number {
  if (amountPence <= 0) return 0;
  return Math.round((gymSharePence * Math.min(refundedPence, amountPence)) / amountPence);
}
