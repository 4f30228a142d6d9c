import type { Locator, Page } from 'playwright-core';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import { AppPage } from './app-page.ts';
import { FrontDeskPage } from './front-desk-page.ts';
import { GymProfilePage, pickerDayName } from './gym-profile-page.ts';
import { MemberPassesPage } from './member-passes-page.ts';

const text = async (locator: Locator, timeout = 15_000): Promise<string> =>
  ((await locator.textContent({ timeout })) ?? '').trim();

/** The "Test mode" marker of the site bar and the dashboard bars (absent for live payments). */
export const testModeBadge = (page: Page): Locator => page.locator('.test-mode-badge');

/**
 * Page model of the local test payment provider's hosted pages (dev-tools/stripe-test-provider):
 * the card checkout and the Connect onboarding, as the customer's browser sees them.
 */
export class HostedPaymentPage {
  constructor(
    readonly page: Page,
    /** The provider's origin, e.g. http://127.0.0.1:40123. */
    private readonly origin: string,
  ) {}

  /** Waits until the browser has been sent to the provider's checkout or onboarding page. */
  async waitFor(kind: 'checkout' | 'onboarding'): Promise<void> {
    await this.page.waitForURL((url) => url.origin === this.origin && url.pathname.startsWith(`/${kind}/`), {
      timeout: 15_000,
    });
  }

  banner(): Promise<string> {
    return text(this.page.locator('.banner'));
  }

  /** The amount the checkout charges, e.g. '£15.00' or '£29.99 per month'. */
  amount(): Promise<string> {
    return text(this.page.locator('.amount'));
  }

  /** What the checkout sells (product names and descriptions). */
  summary(): Promise<string> {
    return this.page.locator('main').innerText({ timeout: 15_000 });
  }

  async press(label: 'Pay' | 'Cancel' | 'Complete onboarding'): Promise<void> {
    await this.page.getByRole('button', { name: label, exact: true }).click({ timeout: 15_000 });
  }
}

/**
 * Waits for a fresh profile's first service worker and until the 'Mastr is ready to work offline.'
 * note it brings (once per profile) has shown and gone (it goes by itself after a few seconds; closed
 * here when still up), so it cannot cover a button the test presses.
 */
export async function settleInstalledApp(app: AppPage): Promise<void> {
  await app.waitForActiveServiceWorker();
  const toast = app.page.locator('.toast');
  await toast.waitFor({ timeout: 15_000 }).catch(() => undefined);
  await toast
    .getByRole('button', { name: 'Close', exact: true })
    .click({ timeout: 1_000 })
    .catch(() => undefined);
  await toast.waitFor({ state: 'detached', timeout: 10_000 });
}

/** A gym profile's 'Book Day Pass' dialog, booking a day pass for a given date. */
export class DayPassBookingPage extends GymProfilePage {
  /** Opens the dialog, picks the date (from the next week's page if needed) and presses 'Book Day Pass'. */
  async bookDayPass(dateKey: string): Promise<void> {
    await this.pressAction('Book Day Pass');
    const dialog = this.dialog('Book Day Pass');
    const header = dialog.locator('button.date-header');
    if ((await text(header)) !== formatWallClock(dateKey, DATE_FORMATS.dayMonth)) {
      await header.click();
      const picker = dialog.getByRole('group', { name: 'Day pass date' });
      const day = picker.getByRole('button', { name: pickerDayName(dateKey) });
      if ((await day.count()) === 0) await picker.getByRole('button', { name: 'Next week' }).click();
      await day.click({ timeout: 10_000 });
    }
    await dialog.getByRole('button', { name: 'Book Day Pass', exact: true }).click({ timeout: 15_000 });
  }
}

/** The member's passes after a checkout: the return notice and the cards by entry code. */
export class PaidPassesPage extends MemberPassesPage {
  /** The line shown back from a checkout ('Payment received…', then 'Your pass is ready.'), '' when none. */
  async checkoutNotice(): Promise<string> {
    const notice = this.page.locator('.checkout-notice__text');
    return (await notice.count()) ? text(notice) : '';
  }

  cardWithCode(code: string): Locator {
    return this.passCards().filter({
      has: this.page.locator('.entry-code__value', { hasText: new RegExp(`^${code}$`) }),
    });
  }

  /** The page's status line (e.g. the outcome of a cancellation), '' while empty. */
  statusLine(): Promise<string> {
    return text(this.page.locator('.dash-page .form-status'));
  }
}

/** The front desk, finding a pass by its entry code (a member may hold two passes for one day). */
export class FrontDeskByCode extends FrontDeskPage {
  rowWithCode(code: string): Locator {
    return this.page
      .locator('li.pass-list__item')
      .filter({ has: this.page.locator('.pass-list__code', { hasText: new RegExp(`^${code}$`) }) });
  }

  async tapCheckInOf(code: string): Promise<void> {
    await this.rowWithCode(code)
      .getByRole('button', { name: /^Check In\b/ })
      .click({ timeout: 10_000 });
  }
}

/** Page model of /gymdashboard/stripe (and /coachdashboard/stripe): the Stripe account and the plan sections. */
export class StripeSettingsPage extends AppPage {
  panel(title: string): Locator {
    return this.page
      .locator('section.dash-panel')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** The title of the Stripe account section: 'Complete Onboarding With Stripe' or 'Login To Stripe'. */
  async accountSectionTitle(): Promise<string> {
    const titles = this.page.locator('section.dash-panel h2', { hasText: /Stripe$/ });
    return text(titles.first());
  }

  async currentPlan(): Promise<string> {
    return text(this.panel('Current Plan').locator('.plan-name'));
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}
