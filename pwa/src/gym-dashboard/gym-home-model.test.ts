import { describe, expect, it } from 'vitest';
import { coachesFigure, coachesText, requestsCount, requestsText } from './gym-home-model.ts';

describe("the gym home's coach pods", () => {
  it('counts registered coaches, and the Active ones among them', () => {
    const figure = coachesFigure({ coachesInformation: [{ status: true }, { status: false }, { status: true }] });
    expect(figure).toEqual({ registered: 3, active: 2 });
    expect(coachesText(figure!)).toBe('2 Active');
  });

  it("says §8's empty states at zero", () => {
    expect(coachesText(coachesFigure({ coachesInformation: [] })!)).toBe('No Coaches Registered to your Gym.');
    expect(requestsCount({ requestsInformation: [] })).toBe(0);
    expect(requestsText(0)).toBe('No Coach requests.');
  });

  it('counts pending coach requests', () => {
    expect(requestsCount({ requestsInformation: [{ status: true }] })).toBe(1);
    expect(requestsText(1)).toBe('1 coach asks to join.');
    expect(requestsText(3)).toBe('3 coaches ask to join.');
  });

  it('leaves a list the answer does not carry unknown, not zero', () => {
    expect(coachesFigure({})).toBeNull();
    expect(requestsCount({})).toBeNull();
  });
});
