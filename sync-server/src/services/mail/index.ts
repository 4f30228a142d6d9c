// The mail domain's public surface: what other folders may import from it.
export { accountOfCalendarToken, issueCalendarFeedToken, revokeCalendarFeedToken } from './calendar-feed-tokens.ts';
export { feedCalendar, mastrClassUid, passUid, sessionUid } from './calendar-feed.ts';
export { createMailer, type MailOutbox } from './mail-outbox.ts';
export { changeMailPreferences, readMailSettings, unsubscribeByToken } from './mail-preferences.ts';
export { enqueueMail, type MailDoc, retryDelayMs } from './mail-queue.ts';
export { mailRecipient } from './recipients.ts';
export { runDueReminders } from './reminder-run.ts';
