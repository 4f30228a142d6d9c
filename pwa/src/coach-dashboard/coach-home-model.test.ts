import { describe, expect, it } from 'vitest';
import {
  NO_REGISTERED_GYMS,
  pendingGymRequestsCount,
  registeredGymsFigure,
  sessionRequestsFigure,
} from './coach-home-model.ts';

const gym = (n: number) => ({ _id: `gym-${n}`, gymName: `Gym ${n}`, profileImage: n === 2 ? '' : `/img/${n}.jpg` });

describe("the coach home's pods", () => {
  it('shows at most two registered gyms, in the order given, and counts them all', () => {
    const figure = registeredGymsFigure({ registeredGymsInformation: [gym(1), gym(2), gym(3)] });
    expect(figure?.count).toBe(3);
    expect(figure?.shown.map((g) => g._id)).toEqual(['gym-1', 'gym-2']);
  });

  it("has §2's text for a coach at no gym", () => {
    expect(registeredGymsFigure({ registeredGymsInformation: [] })).toEqual({ count: 0, shown: [] });
    expect(NO_REGISTERED_GYMS).toBe('You are not registered to any gyms.');
  });

  it('splits session requests into waiting and accepted', () => {
    const requests = [{ accepted: false }, { accepted: true }, { accepted: false }];
    expect(sessionRequestsFigure({ privateSessionRequestsInformation: requests })).toEqual({
      requested: 2,
      accepted: 1,
    });
    expect(pendingGymRequestsCount({ pendingRequestsInformation: [{}, {}] })).toBe(2);
  });

  it('leaves a list the answer does not carry unknown, not zero', () => {
    expect(registeredGymsFigure({})).toBeNull();
    expect(sessionRequestsFigure({})).toBeNull();
    expect(pendingGymRequestsCount({})).toBeNull();
  });
});
