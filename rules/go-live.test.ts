import { describe, expect, it } from 'vitest';
import { INVITATION_ONLY } from './constants.ts';
import type { ClassItem, ScheduleWeekDoc } from './documents.ts';
import { coachMissingSteps, gymMissingSteps, type CoachGoLiveFacts, type GymGoLiveFacts } from './go-live.ts';

const mondayClass: ClassItem = {
  _id: 'c1',
  startTime: 18 * 3600,
  endTime: 19 * 3600,
  discipline: 'Boxing',
  difficulty: 'Any',
  location: 'Ring',
  kidsClass: false,
};
/** A default week with these classes on Monday and nothing on the other days. */
const defaultWith = (classes: ClassItem[]): Pick<ScheduleWeekDoc, 'days'> => ({
  days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    _id: `d${weekday}`,
    weekday,
    abbreviation: 'Mon',
    classes: weekday === 1 ? classes : [],
  })),
});

const completeGym: GymGoLiveFacts = {
  gymName: 'Iron Temple',
  address: {
    addressLineOne: '1 High St',
    addressLineTwo: '',
    addressTownOrCity: 'Leeds',
    addressPostalCode: 'LS1 1AA',
  },
  adultDayPassPrice: 1500,
  kidsDayPassPrice: 800,
  chargesEnabled: true,
  defaultSchedule: defaultWith([mondayClass]),
};
const completeCoach: CoachGoLiveFacts = {
  firstName: 'Casey',
  lastName: 'Jones',
  discipline: 'Boxing',
  sessionPreferenceType: '1 to 1',
  price: 4000,
  detailsSubmitted: true,
};
const keys = (steps: { key: string }[]) => steps.map((s) => s.key);

describe('gymMissingSteps', () => {
  it('is empty for a complete gym whose payments account takes charges', () => {
    expect(gymMissingSteps(completeGym)).toEqual([]);
  });
  it('lists each missing detail in order, payments last, linking to the page that sets it', () => {
    const steps = gymMissingSteps({
      gymName: ' ',
      address: { ...completeGym.address, addressPostalCode: '' },
      adultDayPassPrice: 0,
      kidsDayPassPrice: 0,
      chargesEnabled: false,
      defaultSchedule: null,
    });
    expect(keys(steps)).toEqual(['gymName', 'address', 'adultDayPass', 'kidsDayPass', 'timetable', 'payments']);
    expect(steps.at(-1)!.page).toBe('stripe');
  });
  it('needs a class in the default schedule, done on the Schedule page (issue 24: no more empty weeks)', () => {
    const steps = gymMissingSteps({ ...completeGym, defaultSchedule: null });
    expect(steps).toEqual([
      { key: 'timetable', label: 'Add a class members can book to your Default Schedule', page: 'schedule' },
    ]);
    expect(keys(gymMissingSteps({ ...completeGym, defaultSchedule: defaultWith([]) }))).toEqual(['timetable']);
  });
  it('counts a kids class, but not invitation-only classes alone: members could book none of them', () => {
    const kids = { ...mondayClass, discipline: 'Kids Boxing', kidsClass: true };
    expect(gymMissingSteps({ ...completeGym, defaultSchedule: defaultWith([kids]) })).toEqual([]);
    const invited = { ...mondayClass, difficulty: INVITATION_ONLY };
    expect(keys(gymMissingSteps({ ...completeGym, defaultSchedule: defaultWith([invited]) }))).toEqual(['timetable']);
    expect(gymMissingSteps({ ...completeGym, defaultSchedule: defaultWith([invited, mondayClass]) })).toEqual([]);
  });
  it('drops back when the last class of the default schedule is deleted', () => {
    expect(keys(gymMissingSteps({ ...completeGym, defaultSchedule: defaultWith([]) }))).toEqual(['timetable']);
  });
  it('drops back when charges are disabled again', () => {
    expect(keys(gymMissingSteps({ ...completeGym, chargesEnabled: false }))).toEqual(['payments']);
  });
  it('needs prices card checkout can take (at least £0.30)', () => {
    expect(keys(gymMissingSteps({ ...completeGym, adultDayPassPrice: 29, kidsDayPassPrice: 30 }))).toEqual([
      'adultDayPass',
    ]);
  });
  it('does not need address line two', () => {
    expect(gymMissingSteps({ ...completeGym, address: { ...completeGym.address, addressLineTwo: '' } })).toEqual([]);
  });
});

describe('coachMissingSteps', () => {
  it('is empty for a complete coach with payments details submitted', () => {
    expect(coachMissingSteps(completeCoach)).toEqual([]);
  });
  it('needs both names, a §9 discipline and preference, a price and the payments details', () => {
    expect(
      keys(
        coachMissingSteps({
          firstName: 'Casey',
          lastName: '',
          discipline: 'Karate',
          sessionPreferenceType: '',
          price: 0,
          detailsSubmitted: false,
        }),
      ),
    ).toEqual(['name', 'discipline', 'sessionPreferenceType', 'price', 'payments']);
  });
});
