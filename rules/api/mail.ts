/**
 * Email choices and the private calendar feed (issue 26, design/mail.md): the account page's
 * switches, the one-click unsubscribe (RFC 8058) and the feed's secret link.
 */
import type { OptionalMailCategory } from '../mail-categories.ts';

/** GET and POST /api/me/{plural}/mail: every optional category with its state (true: sent). */
export interface MailSettingsResponse {
  preferences: Record<OptionalMailCategory, boolean>;
  /** When the account's current calendar link was made, or null when it has none. */
  calendarFeedCreatedAt: string | null;
}

/** POST /api/me/{plural}/mail: the categories to change; the others stay as they are. */
export type MailPreferencesRequest = Partial<Record<OptionalMailCategory, boolean>>;

/**
 * POST /api/me/{plural}/calendar: a new secret link, which replaces (and stops) the previous one.
 * DELETE /api/me/{plural}/calendar turns the link off and answers the settings.
 * Only its hash is stored, so this answer is the one time the link is shown.
 */
export interface CalendarFeedResponse {
  /** https://…/api/calendar/{token}.ics */
  url: string;
  /** The same link as webcal://, which phones and desktop calendars open as a subscription. */
  webcalUrl: string;
  createdAt: string;
}

/**
 * POST /api/mail/unsubscribe/{token}: what a mail client sends (RFC 8058, form-encoded), and what
 * the unsubscribe page's button sends as JSON.
 */
export interface UnsubscribeRequest {
  'List-Unsubscribe': 'One-Click';
}
