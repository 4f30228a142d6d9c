/** What the coach profile says about a coach, as pure data (§2 "Coach profile", §3 "Coach"). */
import type { SESSION_PREFERENCES } from '@mastr/rules/constants.ts';
import type { CoachListItem } from '@mastr/rules/api/directory.ts';

type SessionPreference = (typeof SESSION_PREFERENCES)[number];

const SESSION_PREFERENCE_TEXT: Record<SessionPreference, string> = {
  'Dual Sessions': 'You must bring a partner: this coach trains two people together.',
  '1 to 1': 'Just you and the coach: you do not need to bring anything extra.',
  'No Preference': 'Come on your own or bring a partner.',
};

export interface SessionPreferenceView {
  title: SessionPreference;
  text: string;
}

/** The session preference and what it asks of the member; null when the coach has not set one. */
export function sessionPreferenceView(type: string | null | undefined): SessionPreferenceView | null {
  const title = Object.keys(SESSION_PREFERENCE_TEXT).find((key) => key === type) as SessionPreference | undefined;
  return title ? { title, text: SESSION_PREFERENCE_TEXT[title] } : null;
}

export function coachFullName(coach: Pick<CoachListItem, 'firstName' | 'lastName'>): string {
  return `${coach.firstName ?? ''} ${coach.lastName ?? ''}`.trim();
}
