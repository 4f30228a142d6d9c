import { useNotifications } from '../data/index.ts';
import { Pod } from './dashboard-parts.tsx';
import { NO_ALERTS, notificationItems } from './notifications-model.ts';

/** A home's Notifications pod: the newest event kept on the device and how many there are (offline too). */
export function NotificationsPod({ to }: { to: string }) {
  const { docs, ready } = useNotifications();
  const items = notificationItems(docs);
  return (
    <Pod title="Notifications" to={to}>
      {ready && items.length === 0 && <p className="dash-empty">{NO_ALERTS}</p>}
      {items.length > 0 && (
        <>
          <p className="pod__value">{items.length}</p>
          <p className="pod__label">
            Latest: {items[0].text} <small>{items[0].when}</small>
          </p>
        </>
      )}
    </Pod>
  );
}
