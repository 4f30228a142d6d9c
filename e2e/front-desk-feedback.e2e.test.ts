import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatWallClock, ukDateKey } from '@mastr/rules/dates.ts';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { DEMO_GYM, DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { FrontDeskPage } from './support/front-desk-page.ts';
import { PHONE } from './support/phone-layout.ts';
import { MemberNotificationsPage } from './support/private-session-pages.ts';

const UPCOMING_PATH = '/gymdashboard/daypasses/upcoming';
const UI_WAIT = { timeout: 15_000, interval: 100 };

/**
 * What the gym's front desk tells its staff and members (issue 15): a cancellation is confirmed
 * first with who, when and the refund, its result is stated, and the member is emailed.
 */
describe('front-desk feedback', () => {
  const e2e = setUpAppAndBrowser();

  async function openDesk(path: string, viewport?: { width: number; height: number }): Promise<FrontDeskPage> {
    const desk = new FrontDeskPage(await e2e.newPage(viewport));
    await openSignedIn(desk.page, path, 'gym', DEMO_GYM.email);
    await desk.syncBar.waitForInSync();
    return desk;
  }

  it('a gym confirms cancelling an upcoming pass, sees the result, and the member is emailed and notified', async () => {
    const member = DEMO_MEMBERS[0];
    const passes = await e2e.app.tenantDocs<DayPassDoc>('gym', DEMO_GYM.profileId);
    const pass = passes
      .filter((d) => d.type === 'day-pass' && !d.cancelled && d.memberId === member.profileId)
      .filter((d) => d.dayDateStart.slice(0, 10) > ukDateKey())
      .sort((a, b) => a.dayDateStart.localeCompare(b.dayDateStart))[0];
    expect(pass, 'the demo member has an upcoming pass').toBeDefined();
    const date = formatWallClock(pass.dayDateStart, DATE_FORMATS.long);

    const desk = await openDesk(UPCOMING_PATH, PHONE);
    const row = desk.page.locator('li.pass-list__item').filter({ hasText: pass.idCode.toUpperCase() });
    const dialog = desk.page.getByRole('dialog', { name: 'Cancel Day Pass' });

    // One tap asks first; 'Keep Pass' changes nothing.
    await row.getByRole('button', { name: /^Cancel\b/ }).click(UI_WAIT);
    await dialog.waitFor(UI_WAIT);
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain(`Cancel ${member.firstName}'s ${pass.passType} Day Pass for ${date}?`);
    expect(text).toMatch(/full refund of £\d|nothing to refund/);
    expect(text).toContain(`${member.firstName} is emailed`);
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await dialog.getByRole('button', { name: 'Keep Pass' }).click();
    await dialog.waitFor({ state: 'detached', timeout: UI_WAIT.timeout });
    expect(await row.count()).toBe(1);
    expect(e2e.app.outbox().filter((m) => m.to === member.email)).toHaveLength(0);

    // Confirmed: the result is stated, the pass leaves the list, both copies are cancelled, the member is emailed.
    await row.getByRole('button', { name: /^Cancel\b/ }).click(UI_WAIT);
    await dialog.getByRole('button', { name: 'Cancel Day Pass', exact: true }).click(UI_WAIT);
    await expect
      .poll(() => desk.listMessage(), UI_WAIT)
      .toMatch(
        new RegExp(`^Cancelled ${member.firstName}'s ${pass.passType} Day Pass for ${date}\\. .* has been emailed\\.$`),
      );
    await expect.poll(() => row.count(), UI_WAIT).toBe(0);
    const memberCopy = (await e2e.app.tenantDocs<DayPassDoc>('member', member.profileId)).find(
      (d) => d._id === pass._id,
    );
    expect(memberCopy?.cancelled).toBe(true);
    // The outbox delivers in the background, a moment after the cancellation queued the mail.
    const mailsToMember = () => e2e.app.outbox().filter((m) => m.to === member.email);
    await expect.poll(() => mailsToMember().length, UI_WAIT).toBe(1);
    const mails = mailsToMember();
    expect(mails.map((m) => m.subject)).toEqual(['Your Mastr day pass was cancelled by the gym']);
    expect(mails[0].text).toContain(`${DEMO_GYM.gymName} has cancelled your ${pass.passType} Day Pass for ${date}.`);

    // And in the app (decision 71): the member's bell counts it; the page names the gym, the day and
    // the money, and leads to the member's day passes.
    const memberPage = await e2e.newPage(PHONE);
    await openSignedIn(memberPage, '/userdashboard/daypasses', 'user', member.email);
    const notices = new MemberNotificationsPage(memberPage);
    await expect.poll(() => notices.bellLabel(), { timeout: 30_000, interval: 200 }).toBe('Notifications, 1 new');
    await notices.openFromBell();
    await expect
      .poll(() => notices.texts(), UI_WAIT)
      .toEqual([
        expect.stringMatching(
          new RegExp(
            `^${DEMO_GYM.gymName} cancelled your day pass for ${date}\\. (You have been refunded £[\\d.]+ in full to your card|No payment was taken for it, so there is nothing to refund)\\.$`,
          ),
        ),
      ]);
    await notices.follow('cancelled your day pass', 'Day Passes');
    await memberPage.waitForURL((url) => url.pathname === '/userdashboard/daypasses', UI_WAIT);
  });

  it('checks in by code and by tap with one current green message naming the member, the field ready for the next, and a camera error that does not loop', async () => {
    const desk = await openDesk('/gymdashboard/daypasses/today', { width: 1024, height: 768 });
    const warnings: string[] = [];
    desk.page.on('console', (m) => {
      if (m.text().includes('Camera did not start')) warnings.push(m.text());
    });
    const passes = await e2e.app.tenantDocs<DayPassDoc>('gym', DEMO_GYM.profileId);
    const today = (name: string) =>
      passes.find((d) => d.type === 'day-pass' && d.clientName === name && d.dayDateStart.startsWith(ukDateKey()))!;
    const alex = today('Alex');
    const field = desk.page.locator('.check-in-panel').getByLabel('Entry code', { exact: true });
    const shown = desk.page.locator('.dash-page .form-status:not(.form-status--empty)');

    await desk.checkInByCode(alex.idCode.toLowerCase());
    await expect
      .poll(() => desk.listMessage(), UI_WAIT)
      .toBe(`Checked In. Alex · ${alex.passType} Day Pass · ${alex.idCode.toUpperCase()}`);
    expect(await shown.getAttribute('class')).toContain('form-status--success');
    // Green, not the brand red.
    expect(await shown.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(74, 222, 128)');
    expect(await field.inputValue()).toBe('');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);

    // A tap in the list replaces the message: one current message, never a pile.
    await desk.tapCheckIn('Sam');
    await expect.poll(() => desk.listMessage(), UI_WAIT).toMatch(/^Checked In\. Sam · /);
    expect(await shown.count()).toBe(1);

    // No camera here: the scanner says why, turns off (the button offers to try again), and does not retry.
    const scan = desk.page.locator('.check-in-panel__form').getByRole('button', { name: 'Scan QR code' });
    await scan.click(UI_WAIT);
    const failure = desk.page.locator('.camera-failure');
    await failure.waitFor(UI_WAIT);
    expect(await failure.textContent()).toMatch(/camera/i);
    const again = desk.page.locator('.check-in-panel__form').getByRole('button', { name: 'Try the camera again' });
    expect(await again.getAttribute('aria-expanded')).toBe('false');
    expect(await desk.page.locator('.qr-scanner__video').count()).toBe(0);
    await desk.page.waitForTimeout(2_000);
    expect(warnings).toHaveLength(1);
  });
});
