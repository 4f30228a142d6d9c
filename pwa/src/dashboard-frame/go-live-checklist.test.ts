import { describe, expect, it } from 'vitest';
import { coachMissingSteps, gymMissingSteps } from '@mastr/rules/go-live.ts';
import { NOT_FINISHED_SIGNING_UP } from '@mastr/rules/texts.ts';
import {
  BASIC_PLAN_ITEM,
  coachChecklist,
  gymChecklist,
  hasChecklist,
  type CoachChecklistFacts,
  type GymChecklistFacts,
} from './go-live-checklist.ts';

const liveGym: GymChecklistFacts = { status: true, subscribed: true, missingSteps: [] };
/** A new gym as the server answers it: steps from the same rule it applies. */
const newGym: GymChecklistFacts = {
  status: false,
  subscribed: false,
  missingSteps: gymMissingSteps({
    gymName: 'Iron Temple',
    address: { addressLineOne: '', addressLineTwo: '', addressTownOrCity: '', addressPostalCode: '' },
    adultDayPassPrice: 0,
    kidsDayPassPrice: 0,
    chargesEnabled: false,
    defaultSchedule: null,
  }),
};
const liveCoach: CoachChecklistFacts = { status: true, missingSteps: [] };
const newCoach: CoachChecklistFacts = {
  status: false,
  missingSteps: coachMissingSteps({
    firstName: 'Casey',
    lastName: '',
    discipline: '',
    sessionPreferenceType: '',
    price: 0,
    detailsSubmitted: false,
  }),
};
const links = (items: { key: string; to: string }[]) => items.map((i) => [i.key, i.to]);

describe("a gym's go-live checklist", () => {
  it('is not shown for an Active, subscribed gym', () => {
    const checklist = gymChecklist(liveGym);
    expect(checklist).toEqual({ active: true, steps: [], plan: null, banner: null });
    expect(hasChecklist(checklist)).toBe(false);
  });

  it("lists a new gym's missing steps in the rule's order, each linking to its page, and the Basic plan", () => {
    const checklist = gymChecklist(newGym);
    expect(links(checklist.steps)).toEqual([
      ['address', '/gymdashboard/account'],
      ['adultDayPass', '/gymdashboard/account'],
      ['kidsDayPass', '/gymdashboard/account'],
      ['timetable', '/gymdashboard/schedule'],
      ['payments', '/gymdashboard/stripe'],
    ]);
    expect(checklist.steps[0].label).toBe('Add your address');
    expect(checklist.plan).toEqual(BASIC_PLAN_ITEM);
    expect(checklist.plan?.to).toBe('/gymdashboard/stripe');
    expect(checklist.banner).toBeNull();
    expect(hasChecklist(checklist)).toBe(true);
  });

  it('says an Active gym without the Basic plan is not listed, with no steps', () => {
    const checklist = gymChecklist({ ...liveGym, subscribed: false });
    expect(checklist.steps).toEqual([]);
    expect(checklist.plan?.to).toBe('/gymdashboard/stripe');
    expect(hasChecklist(checklist)).toBe(true);
  });

  it('lists payments alone when only the payments account keeps the gym from being Active', () => {
    const missingSteps = [{ key: 'payments', label: 'Set up payments with Stripe', page: 'stripe' as const }];
    expect(gymChecklist({ ...liveGym, status: false, missingSteps }).steps).toEqual([
      { key: 'payments', label: 'Set up payments with Stripe', to: '/gymdashboard/stripe' },
    ]);
  });

  it('links the timetable step to the Schedule page, where the Default Schedule is edited (issue 24)', () => {
    const missingSteps = [
      { key: 'timetable', label: 'Add a class members can book to your Default Schedule', page: 'schedule' as const },
    ];
    expect(gymChecklist({ ...liveGym, status: false, missingSteps }).steps).toEqual([
      {
        key: 'timetable',
        label: 'Add a class members can book to your Default Schedule',
        to: '/gymdashboard/schedule',
      },
    ]);
  });
});

describe("a coach's go-live checklist", () => {
  it('is not shown for an Active coach', () => {
    const checklist = coachChecklist(liveCoach);
    expect(checklist).toEqual({ active: true, steps: [], plan: null, banner: null });
    expect(hasChecklist(checklist)).toBe(false);
  });

  it("shows §2's banner and the missing steps, each linking to the coach's pages", () => {
    const checklist = coachChecklist(newCoach);
    expect(checklist.banner).toBe('You have not finished signing up.');
    expect(NOT_FINISHED_SIGNING_UP).toBe('You have not finished signing up.');
    expect(links(checklist.steps)).toEqual([
      ['name', '/coachdashboard/account'],
      ['discipline', '/coachdashboard/account'],
      ['sessionPreferenceType', '/coachdashboard/account'],
      ['price', '/coachdashboard/account'],
      ['payments', '/coachdashboard/stripe'],
    ]);
    expect(checklist.plan).toBeNull();
    expect(hasChecklist(checklist)).toBe(true);
  });
});
