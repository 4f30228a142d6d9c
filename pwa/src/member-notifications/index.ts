// The member-notifications folder's public surface: what other folders may import from it.
export { MEMBER_NOTIFICATIONS_PATH } from './member-notifications-model.ts';
export { MemberNotificationsPage } from './member-notifications-page.tsx';
export { NotificationsBell } from './notifications-bell.tsx';
