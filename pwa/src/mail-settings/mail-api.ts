/** The email and calendar calls (rules/api/mail.ts): one pair per account kind, and the public unsubscribe. */
import type { CalendarFeedResponse, MailPreferencesRequest, MailSettingsResponse } from '@mastr/rules/api/mail.ts';
import type { MessageResponse } from '@mastr/rules/api/common.ts';
import { KIND_PLURAL, type AccountKind } from '@mastr/rules/roles.ts';
import { callApi } from '../api/index.ts';

export function getMailSettings(kind: AccountKind): Promise<MailSettingsResponse> {
  return callApi(`GET /api/me/${KIND_PLURAL[kind]}/mail`, { auth: true });
}

export function postMailPreferences(kind: AccountKind, body: MailPreferencesRequest): Promise<MailSettingsResponse> {
  return callApi(`POST /api/me/${KIND_PLURAL[kind]}/mail`, { body, auth: true });
}

/** A new calendar link; the previous one stops working. */
export function postNewCalendarLink(kind: AccountKind): Promise<CalendarFeedResponse> {
  return callApi(`POST /api/me/${KIND_PLURAL[kind]}/calendar`, { auth: true });
}

/** The unsubscribe page's button: the same call a mail client's one-click makes, no sign-in. */
export function postUnsubscribe(token: string): Promise<MessageResponse> {
  return callApi('POST /api/mail/unsubscribe/{token}', {
    params: { token },
    body: { 'List-Unsubscribe': 'One-Click' },
  });
}

/** Turns the calendar link off (no new one); answers the settings. */
export function deleteCalendarLink(kind: AccountKind): Promise<MailSettingsResponse> {
  return callApi(`DELETE /api/me/${KIND_PLURAL[kind]}/calendar`, { auth: true });
}
