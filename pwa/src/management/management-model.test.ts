import { describe, expect, it } from 'vitest';
import type { GymListItem } from '@mastr/rules/api/directory.ts';
import {
  availabilityWeeks,
  currentCoachesTitle,
  MANAGEMENT_TEXTS,
  managementErrorText,
  requestableGyms,
  shownSearch,
} from './management-model.ts';

const gym = (id: string, gymName: string, town = 'London'): GymListItem =>
  ({
    _id: id,
    gymName,
    address: { addressLineOne: '1 High St', addressLineTwo: '', addressTownOrCity: town, addressPostalCode: 'N1 1AA' },
  }) as unknown as GymListItem;

describe('requestableGyms', () => {
  const gyms = [gym('a', 'Southbank Combat Club'), gym('b', 'Ironhouse MMA', 'Manchester'), gym('c', 'Harbourside')];

  it('leaves out gyms the coach is registered at or waiting on', () => {
    const ids = requestableGyms(gyms, { registeredGyms: ['a'], pendingRequests: ['c'] }, '').map((g) => g._id);
    expect(ids).toEqual(['b']);
  });

  it('searches case-insensitively on name and address', () => {
    const none = { registeredGyms: [], pendingRequests: [] };
    expect(requestableGyms(gyms, none, 'IRONHOUSE').map((g) => g._id)).toEqual(['b']);
    expect(requestableGyms(gyms, none, 'manchester ').map((g) => g._id)).toEqual(['b']);
    expect(requestableGyms(gyms, none, 'zzz')).toEqual([]);
  });
});

describe('texts', () => {
  it('shows the search upper-cased and counts current coaches', () => {
    expect(shownSearch('iron')).toBe('IRON');
    expect(currentCoachesTitle(2)).toBe('Current Coaches (2)');
  });

  it("gives §8's text per call and status, and says when the server was not reached", () => {
    expect(managementErrorText('accept', 400)).toBe('Missing Coach ID');
    expect(managementErrorText('accept', 500)).toBe('Accept Failed');
    expect(managementErrorText('terminate', 400)).toBe("Missing ID's");
    expect(managementErrorText('reject', 503)).toBe('Delete Coach Failed');
    expect(managementErrorText('request', 400)).toBe('Missing ID - gym_id / Coach ID in token');
    expect(managementErrorText('request', 500)).toBe('Send Request Failed');
    expect(managementErrorText('cancel', 400)).toBe('Missing gym ID in Params / Coach ID in token');
    expect(managementErrorText('leave', 401)).toBe('Unauthorized');
    expect(managementErrorText('leave', 0)).toBe(MANAGEMENT_TEXTS.offlineAction);
  });
});

describe('availabilityWeeks', () => {
  const slot = (time: number) => ({ _id: `t${time}`, time, booked: false, requested: false });
  const day = (weekday: number, abbreviation: string, current: number[], next: number[]) => ({
    _id: `d${weekday}`,
    weekday,
    abbreviation,
    defaultTimes: [],
    currentWeekTimes: current.map(slot),
    nextWeekTimes: next.map(slot),
  });
  const coach = {
    currentWeekStart: '2026-11-22',
    nextWeekStart: '2026-11-29',
    availability: [day(0, 'Sun', [25200], [25200]), day(5, 'Fri', [25200, 64800], []), day(6, 'Sat', [], [36000])],
  };

  it('names each week and each day with its date, leaving out past days and days without hours', () => {
    // Friday 27 November 2026, midday in the UK: this week's Sunday has passed.
    expect(availabilityWeeks(coach, new Date('2026-11-27T12:00:00Z'))).toEqual([
      { title: 'This week, 22 Nov – 28 Nov', lines: ['Fri 27 Nov: 07:00, 18:00'], empty: 'No hours left this week.' },
      {
        title: 'Next week, 29 Nov – 5 Dec',
        lines: ['Sun 29 Nov: 07:00', 'Sat 5 Dec: 10:00'],
        empty: 'No hours next week.',
      },
    ]);
  });
});
