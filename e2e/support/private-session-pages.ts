import type { Locator, Page } from 'playwright-core';
import { BOOKINGS_TEXTS } from '../../pwa/src/coach-sessions/coach-bookings-model.ts';

/** Bounds a wait inside one page (a modal, a status line). */
export const UI_WAIT = { timeout: 15_000, interval: 100 };
/** Bounds a wait for a write on the server to reach a device by live replication. */
export const SYNC_WAIT = { timeout: 30_000, interval: 200 };

/** A dashboard panel (`section.dash-panel`) by its heading; a RegExp matches headings with counts. */
export const panel = (page: Page, title: string | RegExp): Locator =>
  page
    .locator('section.dash-panel')
    .filter({ has: page.getByRole('heading', { name: title, exact: typeof title === 'string' ? true : undefined }) });

/**
 * The member's and gym's session lists (pwa/src/private-sessions/): titled sections of cards, e.g.
 * 'Upcoming Sessions' on Bookings, 'Accepted' and 'Requested' under Coach Requests.
 */
export class SessionCardsPage {
  constructor(readonly page: Page) {}

  section(title: string): Locator {
    return panel(this.page, title);
  }

  cards(title: string): Locator {
    return this.section(title).locator('.session-card');
  }

  /** The card texts of a section ([] when it shows its empty text). */
  cardTexts(title: string): Promise<string[]> {
    return this.cards(title).allTextContents();
  }
}

/** The coach's PT Requests and Bookings (pwa/src/coach-sessions/): panels of rows named by the client. */
export class CoachSessionsPage {
  constructor(readonly page: Page) {}

  /** The client names of a panel; its heading may carry a count ('Upcoming Sessions (1 Session)'). */
  clients(title: string | RegExp): Promise<string[]> {
    return panel(this.page, title).locator('.session-row__name').allTextContents();
  }

  /** The count a Bookings heading states, e.g. 'Upcoming Sessions (2 Sessions)'. */
  heading(title: string): Promise<string | null> {
    return panel(this.page, new RegExp(`^${title}`))
      .locator('h2')
      .textContent();
  }

  private row(title: string | RegExp, client: string): Locator {
    return panel(this.page, title).locator('.session-row').filter({ hasText: client });
  }

  /** PT Requests: Accept on the client's request, confirmed in the 'Accept Session' modal. */
  async accept(client: string): Promise<void> {
    await this.row('Requested Sessions', client).getByRole('button', { name: 'Accept' }).click(UI_WAIT);
    const modal = this.page.getByRole('dialog', { name: 'Accept Session' });
    await modal.getByRole('button', { name: 'Confirm' }).click(UI_WAIT);
    await modal.waitFor({ state: 'detached', timeout: UI_WAIT.timeout });
  }

  /** Bookings: 'Cancel PT' on the client's upcoming session; returns the modal's text, then confirms it. */
  async cancelUpcoming(client: string): Promise<string> {
    await this.row(/^Upcoming Sessions/, client)
      .getByRole('button', { name: 'Cancel PT' })
      .click(UI_WAIT);
    const modal = this.page.getByRole('dialog', { name: BOOKINGS_TEXTS.cancelTitle });
    const text = (await modal.textContent(UI_WAIT)) ?? '';
    await modal.getByRole('button', { name: BOOKINGS_TEXTS.cancelLabel, exact: true }).click(UI_WAIT);
    await modal.waitFor({ state: 'detached', timeout: UI_WAIT.timeout });
    return text;
  }

  /** The page's status line after an action ('Session Accepted', 'Session Cancelled'). */
  status(): Promise<string | null> {
    return this.page.locator('.dash-page .form-status').textContent();
  }
}

/** The member's Notifications (pwa/src/member-notifications/): the frame's bell and the page's list. */
export class MemberNotificationsPage {
  constructor(readonly page: Page) {}

  private bell(): Locator {
    return this.page.locator('.notifications-bell');
  }

  /** The bell's accessible name: 'Notifications' or 'Notifications, 2 new'. */
  bellLabel(): Promise<string | null> {
    return this.bell().getAttribute('aria-label');
  }

  async openFromBell(): Promise<void> {
    await this.bell().click(UI_WAIT);
    await this.page.waitForURL((url) => url.pathname === '/userdashboard/notifications', UI_WAIT);
  }

  /** Each alert's line, newest first. */
  texts(): Promise<string[]> {
    return this.page.locator('.notifications__item > span').allTextContents();
  }

  /** Follows an alert's link to its list. */
  async follow(text: string, link: string): Promise<void> {
    await this.page
      .locator('.notifications__item')
      .filter({ hasText: text })
      .getByRole('link', { name: link })
      .click(UI_WAIT);
  }
}
