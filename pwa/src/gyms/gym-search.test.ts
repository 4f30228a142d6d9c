import { describe, expect, it } from 'vitest';
import type { GymListItem } from '@mastr/rules/api/directory.ts';
import { filterGyms } from './gym-search.ts';

function gym(_id: string, gymName: string, town: string, postcode: string): GymListItem {
  return {
    _id,
    gymName,
    address: {
      addressLineOne: '1 High Street',
      addressLineTwo: '',
      addressTownOrCity: town,
      addressPostalCode: postcode,
    },
    bio: '',
    adultDayPassPrice: 1200,
    kidsDayPassPrice: 800,
    profileImage: '',
    coverImage: '',
    mastrClassActive: false,
    coachesInformation: [],
  };
}

describe('gym search', () => {
  const gyms = [gym('a', 'Iron Fist MMA', 'Manchester', 'M1 1AA'), gym('b', 'Harbour Boxing', 'Bristol', 'BS1 4QA')];

  it('matches name, town and postcode case-insensitively', () => {
    expect(filterGyms(gyms, 'iron').map((g) => g._id)).toEqual(['a']);
    expect(filterGyms(gyms, 'BRISTOL').map((g) => g._id)).toEqual(['b']);
    expect(filterGyms(gyms, 'bs1').map((g) => g._id)).toEqual(['b']);
    expect(filterGyms(gyms, 'high street').map((g) => g._id)).toEqual(['a', 'b']);
    expect(filterGyms(gyms, 'Leeds')).toEqual([]);
  });

  it('shows every gym for an empty or blank query, ignoring surrounding spaces', () => {
    expect(filterGyms(gyms, '')).toBe(gyms);
    expect(filterGyms(gyms, '   ')).toBe(gyms);
    expect(filterGyms(gyms, 'boxing ').map((g) => g._id)).toEqual(['b']);
  });
});
