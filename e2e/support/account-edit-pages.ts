import type { Locator, Page } from 'playwright-core';
import { AppPage } from './app-page.ts';

const text = async (locator: Locator, timeout = 15_000): Promise<string> =>
  ((await locator.textContent({ timeout })) ?? '').trim();

/** The lines of a gym's address form (pwa/src/account-editing/address-form.tsx), by their labels. */
export interface AddressLines {
  'Address Line One': string;
  'Address Line Two'?: string;
  'Town or City': string;
  'Postal Code': string;
}

/** A picture to upload through a file input. */
export interface ImageFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Page model of /gymdashboard/account and /coachdashboard/account (pwa/src/account-editing/): each
 * field is its own form named 'Edit {label}', with Confirm once a new value is typed and a status
 * line under it saying what was saved and what is still missing to go live.
 */
export class AccountEditPage extends AppPage {
  /** The form of one field, e.g. 'Gym Name', 'Address', 'Profile Image', 'Instagram Username'. */
  form(label: string): Locator {
    return this.page.getByRole('form', { name: `Edit ${label}`, exact: true });
  }

  /** Waits (bounded) until the page's forms are on screen (the profile has loaded). */
  async waitForForms(timeout = 15_000): Promise<void> {
    await this.form('Profile Image').waitFor({ timeout });
  }

  /** The form's status line, '' while empty. */
  message(label: string): Promise<string> {
    return text(this.form(label).locator('.form-status'));
  }

  confirmButton(label: string): Locator {
    return this.form(label).getByRole('button', { name: 'Confirm', exact: true });
  }

  /** The input or select of a one-field form. */
  input(label: string): Locator {
    return this.form(label).getByLabel(label, { exact: true });
  }

  /** Types a new value (as a user does, key by key) and presses Confirm. */
  async typeAndConfirm(label: string, value: string): Promise<void> {
    const input = this.input(label);
    await input.fill('', { timeout: 15_000 });
    await input.pressSequentially(value);
    await this.confirmButton(label).click({ timeout: 10_000 });
  }

  /** Picks an option of a select (by its visible text) and presses Confirm. */
  async chooseAndConfirm(label: string, option: string): Promise<void> {
    await this.input(label).selectOption({ label: option }, { timeout: 15_000 });
    await this.confirmButton(label).click({ timeout: 10_000 });
  }

  /** Fills the address form's lines and presses its Confirm. */
  async setAddress(lines: AddressLines): Promise<void> {
    const form = this.form('Address');
    for (const [label, value] of Object.entries(lines))
      await form.getByLabel(label, { exact: true }).fill(value, { timeout: 15_000 });
    await this.confirmButton('Address').click({ timeout: 10_000 });
  }

  /** Chooses a file in the profile image input, waits for its preview, and presses Confirm. */
  async uploadImage(file: ImageFile): Promise<void> {
    const form = this.form('Profile Image');
    await form.getByLabel('Profile Image', { exact: true }).setInputFiles(file, { timeout: 15_000 });
    await form.getByRole('img', { name: 'The chosen image' }).waitFor({ timeout: 10_000 });
    await this.confirmButton('Profile Image').click({ timeout: 10_000 });
  }

  /** The src of the stored image the image form shows ('' while it shows the initial instead). */
  async storedImageSrc(): Promise<string> {
    const img = this.form('Profile Image').locator('.image-edit > img.avatar:not(.image-edit__preview)');
    return (await img.count()) ? ((await img.getAttribute('src')) ?? '') : '';
  }

  /** A social's Remove button ('Remove Instagram'), next to its username. */
  removeButton(network: 'Instagram' | 'TikTok' | 'YouTube'): Locator {
    return this.form(`${network} Username`).getByRole('button', { name: `Remove ${network}`, exact: true });
  }

  /** The line above a social's form: 'Instagram: name' as a link, or 'Not linked.'. */
  socialLinkLine(network: 'Instagram' | 'TikTok' | 'YouTube'): Locator {
    return this.page
      .locator('.social-edit')
      .filter({ has: this.form(`${network} Username`) })
      .locator('.social-edit__link');
  }

  /** The status badge of the 'Gym Status' / 'Coach Status' panel. */
  async statusBadge(panelTitle: 'Gym Status' | 'Coach Status'): Promise<string> {
    const panel = this.page
      .locator('section.dash-panel')
      .filter({ has: this.page.getByRole('heading', { name: panelTitle, exact: true }) });
    return text(panel.locator('.badge'));
  }
}

/** Page model of a dashboard's Settings (/userdashboard|gymdashboard|coachdashboard/settings): deleting the account. */
export class AccountSettingsPage extends AppPage {
  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Presses Delete and waits for the confirmation dialog (titled 'Delete User Profile' or 'Delete My Account'). */
  async openDeletion(title: 'Delete User Profile' | 'Delete My Account'): Promise<Locator> {
    await this.page
      .locator('section.dash-panel')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) })
      .getByRole('button', { name: 'Delete', exact: true })
      .click({ timeout: 15_000 });
    const dialog = this.dialog(title);
    await dialog.waitFor({ timeout: 10_000 });
    return dialog;
  }

  /** The home page's line after a deletion, '' when none. */
  async deletedNotice(): Promise<string> {
    const notice = this.page.locator('.account-deleted');
    return (await notice.count()) ? text(notice) : '';
  }
}

/**
 * How many /api/me answers the device keeps for offline pages (pwa/src/data/me-profile-cache.ts,
 * IndexedDB 'mastr-me-profiles'); 0 when the database does not exist. Read without creating it.
 */
export function keptMeProfiles(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('mastr-me-profiles')) return 0;
    return new Promise<number>((resolve, reject) => {
      const request = indexedDB.open('mastr-me-profiles');
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains('profiles')) {
          db.close();
          resolve(0);
          return;
        }
        const count = db.transaction('profiles', 'readonly').objectStore('profiles').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
        count.onerror = () => reject(count.error ?? new Error('IndexedDB count failed'));
      };
    });
  });
}
