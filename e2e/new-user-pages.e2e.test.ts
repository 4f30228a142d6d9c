import { describe, expect, it } from 'vitest';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../sync-server/src/seed/demo-data.ts';
import { linkIn, RegistrationWizard, SignInScreen } from './support/account-pages.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { PASSWORD } from './support/new-account-session.ts';

/** Bounds each wait for a page, a redirect or an answer of the server. */
const UI_WAIT = { timeout: 15_000, interval: 100 };

/**
 * Issue 24: reading the terms from a registration wizard must not cost what was typed. Following
 * "Read" in the same tab and coming Back left the member's and coach's wizards at step 1, every field
 * empty, password included. Every wizard now opens the terms in a new tab (decision 54).
 */
describe('what a new user meets first: registration, sign-in and password pages', () => {
  const e2e = setUpAppAndBrowser();

  const FIELDS = {
    user: [
      ['First Name', 'Robin'],
      ['Email', 'robin.terms@example.co.uk'],
      ['Mobile', '07700 900871'],
      ['Password', PASSWORD],
      ['Confirm Password', PASSWORD],
    ],
    coach: [
      ['First Name', 'Sam'],
      ['Last Name', 'Terms'],
      ['Email', 'sam.terms@example.co.uk'],
      ['Mobile', '07700 900872'],
      ['Password', PASSWORD],
      ['Confirm Password', PASSWORD],
    ],
    gym: [
      ['Name of Gym', 'Terms Boxing'],
      ['Email', 'terms.gym@example.co.uk'],
      ['Mobile', '07700 900873'],
      ['Password', PASSWORD],
      ['Confirm Password', PASSWORD],
    ],
  } as const;

  for (const kind of ['user', 'coach', 'gym'] as const) {
    it(`${kind}: Read opens the terms in a new tab and the confirm screen keeps every answer`, async () => {
      const page = await e2e.newPage();
      const wizard = new RegistrationWizard(page);
      await wizard.open(kind);
      for (const [label, value] of FIELDS[kind]) await wizard.step(label, value);
      await page.getByLabel('My Details are Correct').check();

      const [terms] = await Promise.all([
        page.context().waitForEvent('page', { timeout: 15_000 }),
        page.getByRole('link', { name: /^Read the Terms of Use/ }).click(),
      ]);
      await terms.waitForURL('**/policy/termsofuse', { timeout: 15_000 });
      await expect.poll(() => terms.locator('h1').first().textContent(), { timeout: 15_000 }).toMatch(/Terms/i);
      await terms.close();

      // The wizard is where it was: the confirm screen, its answers and its ticked box.
      expect(page.url()).toMatch(new RegExp(`/register/${kind}$`));
      const details = page.locator('.form-confirm__details');
      for (const [label, value] of FIELDS[kind].filter(([label]) => !label.includes('Password')))
        await expect.poll(() => details.textContent(), { timeout: 5_000 }).toContain(`${label}${value}`);
      expect(await page.getByLabel('My Details are Correct').isChecked()).toBe(true);
      await page.getByLabel('Read and Accept the Terms of Use').check();
      expect(await wizard.registerButton().isEnabled()).toBe(true);
    });
  }

  it('every account page has a title of its own in the tab and the history', async () => {
    const page = await e2e.newPage();
    const titles: [string, string][] = [
      ['/register', 'Register · Mastr'],
      ['/register/user', 'Register as a Member · Mastr'],
      ['/register/coach', 'Register as a Coach · Mastr'],
      ['/register/gym', 'Register your Gym · Mastr'],
      ['/auth', 'Sign In · Mastr'],
      ['/auth/user', 'Sign In · Mastr'],
      ['/auth/coach', 'Coach Sign In · Mastr'],
      ['/auth/gym', 'Gym Sign In · Mastr'],
      ['/users/forgotten-password', 'Forgotten Password · Mastr'],
      ['/gyms/forgotten-password', 'Forgotten Password · Mastr'],
      ['/users/0123456789abcdef01234567/verify/not-a-token', 'Email Verification · Mastr'],
      ['/coaches/password-reset/0123456789abcdef01234567/not-a-token', 'Page Not Found · Mastr'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect.poll(() => page.title(), UI_WAIT).toBe(title);
    }
  });

  it('a reset password form goes once the password is reset, leaving the way to sign in', async () => {
    const page = await e2e.newPage();
    const email = DEMO_MEMBERS[1].email;
    await page.goto('/users/forgotten-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Confirm' }).click();
    const mails = () => e2e.app.outbox().filter((mail) => mail.to === email && /reset/i.test(mail.subject));
    await expect.poll(() => mails().length, UI_WAIT).toBeGreaterThan(0);
    await page.goto(linkIn(mails().at(-1)!.text, e2e.app.url));
    await expect.poll(() => page.title(), UI_WAIT).toBe('Reset Password · Mastr');
    const wizard = new RegistrationWizard(page);
    await wizard.step('Password', PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.locator('.form-status').textContent(), UI_WAIT).toMatch(/success/i);
    expect(await page.getByLabel(/Password/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reset Password' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign In' }).last().getAttribute('href')).toBe('/auth/user');
  });

  it("a member's avatar shows their own initial right after a first sign-in on the device", async () => {
    const page = await e2e.newPage();
    const member = DEMO_MEMBERS[0];
    await page.goto('/auth/user');
    await new SignInScreen(page).signIn(member.email, DEMO_PASSWORD, false);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), UI_WAIT);
    // On to a public page in the app, where no dashboard loads the profile: the name came with the sign-in.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gyms' }).click(UI_WAIT);
    await page.waitForURL('**/gyms', UI_WAIT);
    const avatar = page.locator('.profile-menu__button .avatar');
    await expect.poll(() => avatar.textContent(), UI_WAIT).toBe(member.firstName.charAt(0));
    expect(member.email.charAt(0).toUpperCase()).not.toBe(member.firstName.charAt(0));
  });

  it('/robots.txt is a robots file, not the app', async () => {
    const res = await fetch(`${e2e.app.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).not.toContain('<div id="root">');
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/userdashboard$/m);
  });
});
