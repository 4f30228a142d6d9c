import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Page model of a registration wizard: one field per step, then the confirm screen. */
export class RegistrationWizard {
  /** Next has been pressed at least once. */
  private pressedNext = false;

  constructor(readonly page: Page) {}

  async open(kind: 'user' | 'coach' | 'gym'): Promise<void> {
    await this.page.goto(`/register/${kind}`);
  }

  /** Fills the step's field and presses Next (which must be enabled once the value is valid). */
  async step(label: string, value: string): Promise<void> {
    const field = this.page.getByLabel(label, { exact: true });
    // After Next, the new step's field takes the focus, so a keyboard user types straight on. (The
    // first step's focus is the page's: a first visit's update toast, once closed, keeps it.)
    if (this.pressedNext)
      await expect
        .poll(() => field.evaluate((el) => el === document.activeElement), {
          timeout: 5_000,
          message: `${label} focused`,
        })
        .toBe(true);
    await field.fill(value);
    await this.nextButton().click();
    this.pressedNext = true;
  }

  nextButton() {
    return this.page.getByRole('button', { name: 'Next' });
  }

  registerButton() {
    return this.page.getByRole('button', { name: 'Register' });
  }

  async confirm(): Promise<void> {
    await this.page.getByLabel('My Details are Correct').check();
    await this.page.getByLabel('Read and Accept the Terms of Use').check();
  }

  /** The message line the wizard moves focus to after submitting. */
  message() {
    return this.page.locator('.form-status');
  }
}

/** Page model of a sign-in screen (/auth/user|coach|gym). */
export class SignInScreen {
  constructor(readonly page: Page) {}

  async signIn(email: string, password: string, keepMeLoggedIn: boolean): Promise<void> {
    await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    if (keepMeLoggedIn) await this.page.getByLabel('Keep me logged in?').check();
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }
}

/** Extracts the first link to this app from a mail body. */
export function linkIn(text: string, origin: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(origin));
  if (!link) throw new Error(`No link to ${origin} in mail:\n${text}`);
  return link;
}
