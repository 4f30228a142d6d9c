import { describe, expect, it } from 'vitest';
import { coachMissingSteps, gymMissingSteps, type CoachGoLiveFacts, type GymGoLiveFacts } from './go-live.ts';

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
    });
    expect(keys(steps)).toEqual(['gymName', 'address', 'adultDayPass', 'kidsDayPass', 'payments']);
    expect(steps.at(-1)!.page).toBe('stripe');
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
