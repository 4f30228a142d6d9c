import type { Page } from 'playwright-core';
import {
  COACH_NAV,
  GYM_DAY_PASS_TABS,
  GYM_NAV,
  USER_DAY_PASS_TABS,
  USER_NAV,
  USER_PRIVATE_SESSION_TABS,
} from '../../pwa/src/dashboard-frame/dashboard-navs.ts';
import { MEMBER_NOTIFICATIONS_PATH } from '../../pwa/src/member-notifications/member-notifications-model.ts';
import { navItemsFor } from '../../pwa/src/shell/nav-items.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { DEMO_COACHES, DEMO_GYM, DEMO_MEMBERS } from '../../sync-server/src/seed/demo-data.ts';

/** A demo account of each kind and the page its browser opens signed in. */
export const SIGNED_IN_ACCOUNTS: readonly { kind: AccountKind; email: string; home: string }[] = [
  { kind: 'user', email: DEMO_MEMBERS[0].email, home: '/userdashboard/account' },
  { kind: 'coach', email: DEMO_COACHES[0].email, home: '/coachdashboard' },
  { kind: 'gym', email: DEMO_GYM.email, home: '/gymdashboard' },
];

/** The smallest phone the app supports (issue 15). */
export const PHONE = { width: 360, height: 740 } as const;

/**
 * The common phone widths (issue 24): the smallest supported, then the most used iPhone and Android
 * sizes (390 × 844, 414 × 896, 430 × 932). The member's bar used to pass the edge from about 385 px
 * to 495 px, between the smallest-phone layout and the desktop one.
 */
export const PHONES = [
  PHONE,
  { width: 390, height: 844 },
  { width: 414, height: 896 },
  { width: 430, height: 932 },
] as const;

const unique = (paths: string[]) => [...new Set(paths)];

/**
 * Every route a signed-in account of `kind` reaches from the app's own menus: its dashboard's
 * sections and tabs (pwa/src/dashboard-frame/dashboard-navs.ts), the site's top navigation for that
 * session (pwa/src/shell/nav-items.ts) and, for members, the profile menu and the frame's bell.
 */
export function routesOf(kind: AccountKind): string[] {
  const site = navItemsFor(kind);
  const siteLinks = [...site.links, ...(site.profileMenu ?? [])].map((item) => item.to);
  const dashboard = {
    user: [
      ...USER_NAV,
      ...USER_DAY_PASS_TABS,
      ...USER_PRIVATE_SESSION_TABS,
      { to: MEMBER_NOTIFICATIONS_PATH },
      { to: '/userdashboard/settings' },
    ],
    gym: [...GYM_NAV, ...GYM_DAY_PASS_TABS],
    coach: COACH_NAV,
  }[kind].map((item) => item.to);
  return unique([...dashboard, ...siteLinks]);
}

export interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The elements whose right edge passes the viewport, as `tag.class "text"` (for the failure message). */
  culprits: string[];
}

/** How far the document is wider than the window, with the widest offenders named. */
export function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const culprits: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= innerWidth + 0.5) continue;
      // Report the outermost offender only: skip elements whose parent already passes the edge.
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && parent.right > innerWidth + 0.5) continue;
      const name = `${element.tagName.toLowerCase()}.${String(element.className).replace(/\s+/g, '.')}`;
      culprits.push(`${name} right=${Math.round(box.right)} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits: culprits.slice(0, 8) };
  });
}
