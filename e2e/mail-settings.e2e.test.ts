import { describe, expect, it } from 'vitest';
import { DEMO_COACHES, DEMO_GYM, DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { measureOverflow, PHONE, PHONES } from './support/phone-layout.ts';

const UI_WAIT = { timeout: 15_000, interval: 100 };

/**
 * Issue 26: the account page's email switches and calendar link on the common phone widths, and the page
 * an unsubscribe link opens in a browser.
 */
describe('email choices and the calendar link on phones (360 to 430 px)', () => {
  const e2e = setUpAppAndBrowser();

  it('a member turns reminders off (kept after a reload), makes a calendar link, and nothing scrolls sideways', async () => {
    const page = await e2e.newPage(PHONE);
    await openSignedIn(page, '/userdashboard/account', 'user', DEMO_MEMBERS[0].email);
    const reminders = page.getByRole('switch', { name: 'Reminders' });
    await reminders.waitFor(UI_WAIT);
    expect(await page.getByRole('switch', { name: 'Receipts and booking changes' }).isDisabled()).toBe(true);
    expect(await reminders.isChecked()).toBe(true);
    await reminders.click();
    await expect.poll(() => page.getByRole('status').allTextContents(), UI_WAIT).toContain('Reminders turned off.');

    await page.getByRole('button', { name: 'Make my calendar link' }).click();
    const url = page.getByRole('textbox', { name: 'Your calendar link' });
    await url.waitFor(UI_WAIT);
    expect(await url.inputValue()).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toMatch(/^webcal:\/\//);
    const feed = await fetch(await url.inputValue());
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const overflow = await measureOverflow(page);
    expect(overflow.scrollWidth, overflow.culprits.join(' | ')).toBeLessThanOrEqual(overflow.innerWidth);

    await page.reload();
    await page.getByRole('switch', { name: 'Reminders' }).waitFor(UI_WAIT);
    expect(await page.getByRole('switch', { name: 'Reminders' }).isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: 'Request alerts' }).isChecked()).toBe(true);
    await expect
      .poll(() => page.locator('.dash-panel').last().textContent(), UI_WAIT)
      .toContain('Your calendar link was made on');
  });

  it('a coach makes a link and turns it off; the panels fit every common phone width with the link shown', async () => {
    const page = await e2e.newPage(PHONE);
    await openSignedIn(page, '/coachdashboard/account', 'coach', DEMO_COACHES[0].email);
    await page.getByRole('button', { name: 'Make my calendar link' }).click(UI_WAIT);
    const url = page.getByRole('textbox', { name: 'Your calendar link' });
    await url.waitFor(UI_WAIT);
    const link = await url.inputValue();
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      const overflow = await measureOverflow(page);
      expect(overflow.scrollWidth, `${phone.width}px: ${overflow.culprits.join(' | ')}`).toBeLessThanOrEqual(
        overflow.innerWidth,
      );
      const box = await url.boundingBox();
      expect(box!.x + box!.width, `${phone.width}px`).toBeLessThanOrEqual(phone.width);
    }
    expect((await fetch(link)).status).toBe(200);

    await page.getByRole('button', { name: 'Turn off link' }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents(), UI_WAIT)
      .toContain('Your calendar link is off. Calendars that used it stop updating; make a new link to start again.');
    expect(await url.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Make my calendar link' }).isVisible()).toBe(true);
    expect((await fetch(link)).status).toBe(404);
  });

  it('the gym’s account page fits too, at every common phone width', async () => {
    const page = await e2e.newPage(PHONE);
    await openSignedIn(page, '/gymdashboard/account', 'gym', DEMO_GYM.email);
    await page.getByRole('switch', { name: 'Request alerts' }).waitFor(UI_WAIT);
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      const overflow = await measureOverflow(page);
      expect(overflow.scrollWidth, `${phone.width}px: ${overflow.culprits.join(' | ')}`).toBeLessThanOrEqual(
        overflow.innerWidth,
      );
    }
  });

  it('an unsubscribe link opened in a browser asks first, and a link no server signed is refused', async () => {
    const page = await e2e.newPage(PHONE);
    // The mail's link is the API's; a browser's GET is sent on to the page.
    await page.goto(`/api/mail/unsubscribe/${'a'.repeat(24)}.reminders.${'x'.repeat(43)}`);
    await page.waitForURL('**/mail/unsubscribe/**', UI_WAIT);
    await expect.poll(() => page.locator('h1').textContent(), UI_WAIT).toBe('Stop reminders?');
    expect(await page.locator('main').textContent()).toContain(
      'Receipts, booking changes and account emails are still sent',
    );
    const overflow = await measureOverflow(page);
    expect(overflow.scrollWidth, overflow.culprits.join(' | ')).toBeLessThanOrEqual(overflow.innerWidth);
    await page.getByRole('button', { name: 'Stop these emails' }).click();
    await expect.poll(() => page.locator('h1').textContent(), UI_WAIT).toBe('Link not recognised');
  });
});
