/**
 * The account page's Emails and Calendar panels and the unsubscribe page, as data (design/mail.md
 * "Choices and unsubscribe", "Calendar feed"): which switches show and whether they can move, the
 * words of the unsubscribe page, and the calendar link's status line. No React, no fetch.
 */
import type { MailSettingsResponse } from '@mastr/rules/api/mail.ts';
import { DATE_FORMATS, formatWallClock, ukWallClock } from '@mastr/rules/dates.ts';
import {
  isOptionalMailCategory,
  MAIL_CATEGORIES,
  MAIL_CATEGORY_TEXT,
  type MailCategory,
  type OptionalMailCategory,
} from '@mastr/rules/mail-categories.ts';

export interface MailChoiceRow {
  category: MailCategory;
  label: string;
  hint: string;
  on: boolean;
  /** Transactional mail: shown on, and the switch cannot be moved. */
  locked: boolean;
}

/** Every category in the order the page lists them: the two always sent first, then the choices. */
export function mailChoiceRows(settings: Pick<MailSettingsResponse, 'preferences'>): MailChoiceRow[] {
  return MAIL_CATEGORIES.map((category) => {
    const optional = isOptionalMailCategory(category);
    return {
      category,
      ...MAIL_CATEGORY_TEXT[category],
      on: optional ? settings.preferences[category] : true,
      locked: !optional,
    };
  });
}

/** The settings as they read after a switch moved, shown before the server answers. */
export function withChoice(
  settings: MailSettingsResponse,
  category: OptionalMailCategory,
  on: boolean,
): MailSettingsResponse {
  return { ...settings, preferences: { ...settings.preferences, [category]: on } };
}

/** What the page says after a switch moved. */
export function choiceSavedText(category: OptionalMailCategory, on: boolean): string {
  return `${MAIL_CATEGORY_TEXT[category].label} ${on ? 'turned on' : 'turned off'}.`;
}

/** The category an unsubscribe link names (`{profileId}.{category}.{signature}`), or null for a link no mail carried. */
export function unsubscribeCategoryOf(token: string): OptionalMailCategory | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[0] || !parts[2]) return null;
  return isOptionalMailCategory(parts[1]) ? parts[1] : null;
}

/** The unsubscribe page's words for a category: what stops, and what goes on regardless. */
export function unsubscribeText(category: OptionalMailCategory): { title: string; stops: string; stays: string } {
  const { label, hint } = MAIL_CATEGORY_TEXT[category];
  return {
    title: `Stop ${label.toLowerCase()}?`,
    stops: `You will no longer get ${label.toLowerCase()} by email: ${hint.charAt(0).toLowerCase()}${hint.slice(1)}`,
    stays: 'Receipts, booking changes and account emails are still sent. You can change this on your account page.',
  };
}

/** The Calendar panel's line about the current link (only its hash is kept, so it cannot be shown again). */
export function calendarStatusText(createdAt: string | null): string {
  if (!createdAt) return 'You have no calendar link yet.';
  const made = formatWallClock(ukWallClock(new Date(createdAt)), DATE_FORMATS.medium);
  return `Your calendar link was made on ${made}. For your privacy it is shown only once: make a new one to copy it again (the old one then stops working), or turn it off.`;
}

/** Said once the link is turned off: calendars subscribed to it stop updating. */
export const CALENDAR_LINK_OFF_TEXT =
  'Your calendar link is off. Calendars that used it stop updating; make a new link to start again.';
