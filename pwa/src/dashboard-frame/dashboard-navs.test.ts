import { describe, it, expect } from 'vitest';
import {
  COACH_NAV,
  GYM_DAY_PASS_TABS,
  GYM_NAV,
  USER_DAY_PASS_TABS,
  USER_NAV,
  USER_PRIVATE_SESSION_TABS,
} from './dashboard-navs.ts';

const labels = (items: { label: string }[]) => items.map((i) => i.label);
const paths = (items: { to: string }[]) => items.map((i) => i.to);

describe('dashboard navigation', () => {
  it('lists the gym sections of §2 in order, home first, and Analytics after Bookings', () => {
    expect(labels(GYM_NAV)).toEqual([
      'Home',
      'Day Passes',
      'Visitors',
      'Schedule',
      'Management',
      'Bookings',
      'Analytics',
      'Account',
      'Stripe',
      'Notifications',
      'Settings',
    ]);
    expect(GYM_NAV[0].to).toBe('/gymdashboard');
    expect(GYM_NAV.find((i) => i.label === 'Day Passes')?.to).toBe('/gymdashboard/daypasses');
    expect(GYM_NAV.find((i) => i.label === 'Analytics')?.to).toBe('/gymdashboard/analytics');
  });

  it('gives the gym day passes their four lists', () => {
    expect(paths(GYM_DAY_PASS_TABS)).toEqual([
      '/gymdashboard/daypasses',
      '/gymdashboard/daypasses/today',
      '/gymdashboard/daypasses/upcoming',
      '/gymdashboard/daypasses/mastr',
    ]);
  });

  it("labels the coach's session requests 'PT Requests'", () => {
    expect(labels(COACH_NAV)).toEqual([
      'Home',
      'Account',
      'Availability',
      'Bookings',
      'PT Requests',
      'Auction',
      'Management',
      'Stripe',
      'Notifications',
      'Settings',
    ]);
    expect(COACH_NAV.find((i) => i.label === 'PT Requests')?.to).toBe('/coachdashboard/sessionrequests');
  });

  it('gives members a bottom navigation of four sections', () => {
    expect(USER_NAV.map((i) => [i.label, i.to])).toEqual([
      ['Account', '/userdashboard/account'],
      ['Day Passes', '/userdashboard/daypasses'],
      ['Private Sessions', '/userdashboard/privatesessions'],
      ['Bookings', '/userdashboard/bookings'],
    ]);
  });

  it('splits member passes and private sessions into their sub-pages', () => {
    expect(paths(USER_DAY_PASS_TABS)).toEqual(['/userdashboard/daypasses', '/userdashboard/daypasses/mastr']);
    expect(paths(USER_PRIVATE_SESSION_TABS)).toEqual([
      '/userdashboard/privatesessions',
      '/userdashboard/privatesessions/coachrequests',
      '/userdashboard/privatesessions/gymrequests',
    ]);
  });
});
