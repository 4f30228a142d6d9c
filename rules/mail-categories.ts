/**
 * What kinds of mail Mastr sends, and which of them an account may turn off (issue 26, design/mail.md).
 * Receipts and account mail are transactional: they record money moving, a booking being made or
 * undone, or the account itself changing, so the law (and the other party) needs them delivered.
 * Request alerts and reminders are conveniences, each with its own switch and one-click unsubscribe.
 */
export const MAIL_CATEGORIES = ['account', 'receipts', 'requests', 'reminders'] as const;
export type MailCategory = (typeof MAIL_CATEGORIES)[number];

export const OPTIONAL_MAIL_CATEGORIES = ['requests', 'reminders'] as const;
export type OptionalMailCategory = (typeof OPTIONAL_MAIL_CATEGORIES)[number];

/** An account's choices; an absent entry is on (a new account gets every mail until it says no). */
export type MailPreferences = Partial<Record<OptionalMailCategory, boolean>>;

export const isOptionalMailCategory = (category: string): category is OptionalMailCategory =>
  OPTIONAL_MAIL_CATEGORIES.some((c) => c === category);

/** Whether an account with `preferences` receives a mail of `category`. */
export function wantsMail(preferences: MailPreferences | undefined, category: MailCategory): boolean {
  if (!isOptionalMailCategory(category)) return true;
  return preferences?.[category] !== false;
}

/** The account page's labels and the unsubscribe page's words for each category. */
export const MAIL_CATEGORY_TEXT: Record<MailCategory, { label: string; hint: string }> = {
  account: {
    label: 'Account emails',
    hint: 'Verification, password resets, going live and account changes. Always sent.',
  },
  receipts: {
    label: 'Receipts and booking changes',
    hint: 'Payments, bookings, cancellations and refunds. Always sent.',
  },
  requests: {
    label: 'Request alerts',
    hint: 'New PT requests, answers to your requests, and coach and gym requests.',
  },
  reminders: {
    label: 'Reminders',
    hint: 'The evening before a session or pass day, and the morning of a Mastr Class.',
  },
};
