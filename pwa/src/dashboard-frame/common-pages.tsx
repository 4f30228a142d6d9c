/** Sections every dashboard has in the same form (§2): notifications and settings. */
import { Link } from 'react-router-dom';
import { DashboardPage, Panel } from './dashboard-parts.tsx';
import { useNotifications } from '../data/index.ts';
import { NO_ALERTS, notificationItems, type NotificationItem } from './notifications-model.ts';

/** The Alerts panel of a Notifications page: each event's line and time, and where to act on it when given. */
export function NotificationList({
  items,
  ready,
}: {
  items: readonly (NotificationItem & { link?: { to: string; label: string } })[];
  ready: boolean;
}) {
  return (
    <Panel title="Alerts">
      {ready && items.length === 0 && <p className="dash-empty">{NO_ALERTS}</p>}
      <ul className="notifications">
        {items.map((item) => (
          <li key={item.id} className="notifications__item">
            <span>{item.text}</span> <small className="notifications__when">{item.when}</small>
            {item.link && (
              <>
                {' '}
                <Link to={item.link.to} className="notifications__link">
                  {item.link.label}
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The events kept on the device (notification documents the server wrote), newest first; readable offline. */
export function NotificationsPage() {
  const { docs, ready } = useNotifications();
  return (
    <DashboardPage title="Notifications">
      <NotificationList items={notificationItems(docs)} ready={ready} />
    </DashboardPage>
  );
}
