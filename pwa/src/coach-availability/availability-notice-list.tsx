/**
 * Why slots came back after the coach removed them offline: the server had booked or requested
 * them meanwhile (design/sync.md). The notices outlive a reload until the coach dismisses them.
 * Also the weeks whose edits the server refused (a 403: the device dropped them), from the week
 * edit journal, likewise until dismissed.
 */
import type { AvailabilityNotice } from '@mastr/rules/availability-merge.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import { availabilityNotices, useAvailabilityNotices, useAvailabilityRefusals, useTenantStore } from '../data/index.ts';
import { DismissibleNotices } from '../ui/index.ts';
import { refusalMessage, type WeekRef } from './availability-model.ts';

/** The section a notice is about, by the title the page shows it under, or by its dates once it has scrolled past. */
function weekLabel(notice: AvailabilityNotice, weeks: readonly WeekRef[]): string {
  const shown = weeks.find((week) => week.weekStart === notice.weekStart);
  if (shown) return shown.title;
  return notice.weekStart ? `Week of ${formatWallClock(notice.weekStart, DATE_FORMATS.dayMonth)}` : 'Default';
}

export function AvailabilityNoticeList({ weeks }: { weeks: readonly WeekRef[] }) {
  const notices = useAvailabilityNotices();
  const refusals = useAvailabilityRefusals();
  const store = useTenantStore();
  // The live region stays mounted so a notice arriving from sync is announced.
  return (
    <div className="avail-notices" role="status" aria-live="polite">
      {notices.length + refusals.length > 0 && (
        <ul className="avail-notices__list">
          <DismissibleNotices
            notices={refusals.map(({ id }) => ({ id, text: refusalMessage(id, weeks) }))}
            onDismiss={(id) => void store?.availability.dismissRefusal(id)}
          />
          {notices.map((notice) => (
            <li key={`${notice.weekStart}-${notice.weekday}-${notice.time}`} className="avail-notice">
              <p className="avail-notice__text">
                <span className="avail-notice__week">{weekLabel(notice, weeks)}</span>
                {notice.message}
              </p>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`Dismiss: ${notice.message}`}
                onClick={() => availabilityNotices.dismiss(notice)}
              >
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
