// The mail domain's public surface: what other folders may import from it.
export {
  accountDeletedMail,
  dashboardUrl,
  planEndedMail,
  planFailingMail,
  planStartedMail,
  stripePageUrl,
  wentInactiveMail,
  wentLiveMail,
} from './account-mails.ts';
export { mailCalendarEvent } from './calendar-events.ts';
export { accountOfCalendarToken, issueCalendarFeedToken, revokeCalendarFeedToken } from './calendar-feed-tokens.ts';
export { feedCalendar, mastrClassUid, passUid, sessionUid } from './calendar-feed.ts';
export { sendEventMail } from './event-mail.ts';
export { createMailer, type MailOutbox } from './mail-outbox.ts';
export { changeMailPreferences, readMailSettings, unsubscribeByToken } from './mail-preferences.ts';
export { enqueueMail, type MailDoc, retryDelayMs } from './mail-queue.ts';
export { passwordResetLink, passwordResetMail, verificationLink, verificationMail } from './mail-templates.ts';
export { MEMBERSHIP_MAIL_CATEGORY, membershipMailContent } from './membership-mails.ts';
export {
  addressLine,
  mastrClassBookedMail,
  mastrClassCancelledMail,
  passBoughtMail,
  passCalendarEntry,
  passCancelledMail,
  passesPage,
} from './pass-mails.ts';
export { greetingOf, mailRecipient, type MailRecipient } from './recipients.ts';
export { runDueReminders } from './reminder-run.ts';
export { type SessionFacts, sessionMailCategory, sessionMailContent, type SessionMoney } from './session-mails.ts';
