import { describe, expect, it } from 'vitest';
import { MASTR_CLASS_PRICE_PENCE } from './money.ts';
import { type FeeSettings, passSplit, platformFeePence, ptSessionSplit, spaceShareReversalPence } from './fees.ts';

const defaults: FeeSettings = {
  platformFeePercent: 10,
  platformFeeMinPence: 30,
  gymSpacePercent: 15,
  basicPlanPricePence: 2999,
};

describe('fees', () => {
  it('takes the percentage of a day pass, rounded to whole pence', () => {
    expect(passSplit(1500, defaults)).toEqual({ applicationFeePence: 150, gymReceivesPence: 1350 });
    expect(platformFeePence(1234, defaults)).toBe(123);
    expect(platformFeePence(1235, { ...defaults, platformFeePercent: 12.5 })).toBe(154);
  });

  it('takes the minimum fee on small sales such as the £1 Mastr class, never more than the price', () => {
    expect(passSplit(MASTR_CLASS_PRICE_PENCE, defaults)).toEqual({ applicationFeePence: 30, gymReceivesPence: 70 });
    expect(platformFeePence(20, defaults)).toBe(20);
    expect(platformFeePence(0, defaults)).toBe(0);
  });

  it('honours configured fees, including none', () => {
    expect(passSplit(1500, { ...defaults, platformFeePercent: 0, platformFeeMinPence: 0 })).toEqual({
      applicationFeePence: 0,
      gymReceivesPence: 1500,
    });
    expect(passSplit(1500, { ...defaults, platformFeePercent: 20 })).toEqual({
      applicationFeePence: 300,
      gymReceivesPence: 1200,
    });
  });

  it("splits a PT session between Mastr, the gym's space share and the coach, adding up to the price", () => {
    expect(ptSessionSplit(4000, defaults)).toEqual({
      applicationFeePence: 1000,
      platformFeePence: 400,
      gymSharePence: 600,
      coachReceivesPence: 3000,
    });
    for (const price of [1, 45, 999, 4001, 12345]) {
      const split = ptSessionSplit(price, defaults);
      expect(split.platformFeePence + split.gymSharePence + split.coachReceivesPence).toBe(price);
      expect(split.coachReceivesPence).toBeGreaterThanOrEqual(0);
    }
  });

  it("takes the gym's space share back in the proportion refunded, to the penny", () => {
    expect(spaceShareReversalPence(675, 4500, 4500)).toBe(675);
    expect(spaceShareReversalPence(675, 4500, 2250)).toBe(338); // 337.5 rounds half up
    expect(spaceShareReversalPence(300, 2000, 0)).toBe(0);
    expect(spaceShareReversalPence(300, 2000, 9999)).toBe(300);
  });
});
