import { describe, it, expect } from 'vitest';
import { navItemsFor } from './nav-items.ts';

const pairs = (items: { label: string; to: string }[] | null) => items?.map((i) => [i.label, i.to]);

describe('navItemsFor', () => {
  it('offers the public links, sign-in and registration when logged out', () => {
    const model = navItemsFor(null);
    expect(pairs(model.links)).toEqual([
      ['Home', '/'],
      ['Gyms', '/gyms'],
      ['Coaches', '/coaches'],
      ['Dashboards', '/dashboards'],
      ['Sign In', '/auth/user'],
      ['Register', '/register'],
    ]);
    expect(model.profileMenu).toBeNull();
  });

  it('gives a member Home, Gyms, Coaches and a profile menu', () => {
    const model = navItemsFor('user');
    expect(pairs(model.links)).toEqual([
      ['Home', '/'],
      ['Gyms', '/gyms'],
      ['Coaches', '/coaches'],
    ]);
    expect(pairs(model.profileMenu)).toEqual([
      ['Profile', '/userdashboard/account'],
      ['My Day Passes', '/userdashboard/daypasses'],
      ['Private Sessions', '/userdashboard/privatesessions'],
    ]);
  });

  it('sends a signed-in gym or coach back to its own dashboard instead of sign-in links', () => {
    for (const [kind, dashboard] of [
      ['gym', '/gymdashboard'],
      ['coach', '/coachdashboard'],
    ] as const) {
      const model = navItemsFor(kind);
      const targets = model.links.map((l) => l.to);
      expect(targets).toContain(dashboard);
      expect(targets).not.toContain('/auth/user');
      expect(targets).not.toContain('/register');
      expect(model.profileMenu).toBeNull();
    }
  });
});
