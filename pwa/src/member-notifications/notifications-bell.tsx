/** The member frame's bell: a link to Notifications with how many events are new on this device. */
import { NavLink } from 'react-router-dom';
import { bellOf, MEMBER_NOTIFICATIONS_PATH } from './member-notifications-model.ts';
import { useUnseenNotifications } from './use-member-notifications.ts';
import './notifications-bell.css';

export function NotificationsBell() {
  const { label, badge } = bellOf(useUnseenNotifications());
  return (
    <NavLink to={MEMBER_NOTIFICATIONS_PATH} className="icon-button notifications-bell" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {badge && (
        <span className="notifications-bell__badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </NavLink>
  );
}
