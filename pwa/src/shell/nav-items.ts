/**
 * What the top navigation offers for each session state (§2 "Top navigation"). Pure so the rules
 * are tested without rendering.
 */
import type { AccountKind } from '@mastr/rules/roles.ts';

export interface NavItem {
  label: string;
  to: string;
  /** Drawn as the bar's call to action. */
  cta?: boolean;
}

export interface NavModel {
  /** Links shown in the bar (collapsed behind the menu button on phones). */
  links: NavItem[];
  /** A signed-in member's profile menu; Logout is added by the menu itself (it is a button, not a link). */
  profileMenu: NavItem[] | null;
}

const HOME: NavItem = { label: 'Home', to: '/' };
const GYMS: NavItem = { label: 'Gyms', to: '/gyms' };
const COACHES: NavItem = { label: 'Coaches', to: '/coaches' };

const MEMBER_MENU: NavItem[] = [
  { label: 'Profile', to: '/userdashboard/account' },
  { label: 'My Day Passes', to: '/userdashboard/daypasses' },
  { label: 'Private Sessions', to: '/userdashboard/privatesessions' },
];

export function navItemsFor(kind: AccountKind | null): NavModel {
  switch (kind) {
    case 'user':
      return { links: [HOME, GYMS, COACHES], profileMenu: MEMBER_MENU };
    // The spec defines only the logged-out and member bars. A signed-in gym or coach browsing the
    // public pages gets the public links and a way back to its own dashboard instead of Sign In
    // and Register, which would make no sense while signed in; Logout lives in the dashboard.
    case 'gym':
      return { links: [HOME, GYMS, COACHES, { label: 'Gym Dashboard', to: '/gymdashboard' }], profileMenu: null };
    case 'coach':
      return { links: [HOME, GYMS, COACHES, { label: 'Coach Dashboard', to: '/coachdashboard' }], profileMenu: null };
    case null:
      return {
        links: [
          HOME,
          GYMS,
          COACHES,
          { label: 'Dashboards', to: '/dashboards' },
          { label: 'Sign In', to: '/auth/user' },
          { label: 'Register', to: '/register', cta: true },
        ],
        profileMenu: null,
      };
  }
}
