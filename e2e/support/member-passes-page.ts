import type { Locator, Page } from 'playwright-core';
import { AppPage } from './app-page.ts';
import { SyncStatusBar } from './sync-status-bar.ts';

/** Page model of the member's passes (/userdashboard/daypasses and its Mastr Class tab). */
export class MemberPassesPage extends AppPage {
  readonly syncBar: SyncStatusBar;

  constructor(page: Page) {
    super(page);
    this.syncBar = new SyncStatusBar(page);
  }

  passCards(): Locator {
    return this.page.locator('li.pass-card');
  }

  /** The card marked 'Today' (the demo member has exactly one pass a day). */
  todayCard(): Locator {
    return this.passCards().filter({ has: this.page.locator('.badge', { hasText: /^Today$/ }) });
  }

  async entryCodeIn(card: Locator): Promise<string> {
    return ((await card.locator('.entry-code__value').textContent({ timeout: 15_000 })) ?? '').trim();
  }

  /** The QR code a card shows (an SVG drawn on the device, so it needs no network). */
  qrCodeIn(card: Locator): Locator {
    return card.locator('.entry-code__qr svg');
  }

  tab(name: 'Day Passes' | 'Mastr Class'): Locator {
    return this.page.getByRole('navigation', { name: 'Passes' }).getByRole('link', { name: new RegExp(`^${name}`) });
  }

  /** The count badge of a tab, once the device's copy has answered. */
  async tabCount(name: 'Day Passes' | 'Mastr Class'): Promise<number> {
    return Number(await this.tab(name).locator('.count-badge').textContent({ timeout: 15_000 }));
  }

  async pageTitle(): Promise<string> {
    return ((await this.page.locator('h1.dash-page__title').textContent({ timeout: 15_000 })) ?? '').trim();
  }
}
