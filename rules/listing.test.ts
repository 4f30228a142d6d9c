import { describe, expect, it } from 'vitest';
import {
  cardAvatars,
  holdsPassAt,
  isPublicCoach,
  isPublicGym,
  matchesCoachSearch,
  matchesGymSearch,
} from './listing.ts';

const gym = {
  gymName: 'Iron Temple',
  address: {
    addressLineOne: '12 Forge Lane',
    addressLineTwo: 'Unit B',
    addressTownOrCity: 'Manchester',
    addressPostalCode: 'M1 4AB',
  },
};

describe('listing visibility (§4)', () => {
  it('shows a gym only when it is both active and subscribed', () => {
    expect(isPublicGym({ status: true, subscribed: true })).toBe(true);
    expect(isPublicGym({ status: true, subscribed: false })).toBe(false);
    expect(isPublicGym({ status: false, subscribed: true })).toBe(false);
    expect(isPublicGym({ status: false, subscribed: false })).toBe(false);
  });

  it('shows a coach only when active', () => {
    expect(isPublicCoach({ status: true })).toBe(true);
    expect(isPublicCoach({ status: false })).toBe(false);
  });

  it('puts at most nine avatars on a card, active ones only, in the given order', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ id: i, status: i % 4 !== 0 }));
    const shown = cardAvatars(items);
    expect(shown).toHaveLength(9);
    expect(shown.every((a) => a.status)).toBe(true);
    expect(shown.map((a) => a.id)).toEqual([1, 2, 3, 5, 6, 7, 9, 10, 11]);
  });

  it('shows exactly nine of nine and all of fewer', () => {
    expect(cardAvatars(Array.from({ length: 9 }, () => ({ status: true })))).toHaveLength(9);
    expect(cardAvatars([{ status: false }, { status: true }])).toEqual([{ status: true }]);
    expect(cardAvatars([])).toEqual([]);
  });
});

describe('gym search (§5)', () => {
  it('matches a case-insensitive substring of the name and every address field', () => {
    for (const query of ['iron', 'TEMPLE', 'forge', 'unit b', 'manch', 'm1 4ab'])
      expect(matchesGymSearch(gym, query)).toBe(true);
  });

  it('matches nothing else', () => {
    expect(matchesGymSearch(gym, 'london')).toBe(false);
    expect(matchesGymSearch(gym, 'iron  temple')).toBe(false);
  });

  it('matches every gym with an empty query and tolerates missing address parts', () => {
    expect(matchesGymSearch(gym, '')).toBe(true);
    expect(matchesGymSearch({ gymName: 'Dojo', address: { addressTownOrCity: 'Leeds' } }, 'leeds')).toBe(true);
    expect(matchesGymSearch({ gymName: 'Dojo', address: null }, 'leeds')).toBe(false);
  });
});

describe('coach search (§5)', () => {
  const coach = { firstName: 'Bruce', lastName: 'McLean' };

  it('matches the first or the last name, case-insensitively', () => {
    expect(matchesCoachSearch(coach, 'bru')).toBe(true);
    expect(matchesCoachSearch(coach, 'MCL')).toBe(true);
    expect(matchesCoachSearch(coach, '')).toBe(true);
  });

  it('does not match across the two names or other text', () => {
    expect(matchesCoachSearch(coach, 'bruce mclean')).toBe(false);
    expect(matchesCoachSearch(coach, 'london')).toBe(false);
  });

  it('matches the discipline too, case-insensitively', () => {
    const boxer = { ...coach, discipline: 'Boxing' };
    expect(matchesCoachSearch(boxer, 'boxing')).toBe(true);
    expect(matchesCoachSearch(boxer, 'BOX')).toBe(true);
    expect(matchesCoachSearch(boxer, 'judo')).toBe(false);
  });
});

describe('holdsPassAt', () => {
  const today = '2026-11-27';
  const dayPass = (day: string, more: object = {}) => ({
    gymId: 'g1',
    expired: false,
    cancelled: false,
    dayDateStart: `${day}T00:00:00`,
    ...more,
  });
  it('is true for an uncancelled day pass today or later, or a Mastr pass still to use, at that gym', () => {
    expect(holdsPassAt([dayPass('2026-11-27')], 'g1', today)).toBe(true);
    expect(holdsPassAt([dayPass('2026-12-03')], 'g1', today)).toBe(true);
    expect(holdsPassAt([{ gymId: 'g1', expired: false, dateAndTimeStart: null }], 'g1', today)).toBe(true);
    expect(holdsPassAt([{ gymId: 'g1', expired: false, dateAndTimeStart: '2026-12-01T18:00:00' }], 'g1', today)).toBe(
      true,
    );
  });
  it('is false for past, cancelled, expired passes and passes at other gyms', () => {
    expect(holdsPassAt([dayPass('2026-11-26')], 'g1', today)).toBe(false);
    expect(holdsPassAt([dayPass('2026-12-03', { cancelled: true })], 'g1', today)).toBe(false);
    expect(holdsPassAt([dayPass('2026-12-03', { expired: true })], 'g1', today)).toBe(false);
    expect(holdsPassAt([dayPass('2026-12-03', { gymId: 'g2' })], 'g1', today)).toBe(false);
    expect(holdsPassAt([], 'g1', today)).toBe(false);
  });
});
