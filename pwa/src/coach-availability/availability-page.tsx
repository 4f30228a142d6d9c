/** /coachdashboard/availability (§2 "Availability"): Default, Current Week and Next Week, edited on the device and synced. */
import { useMemo } from 'react';
import { DashboardPage } from '../dashboard-frame/index.ts';
import { useAvailabilityWeeks, useSlotClaims, useSyncStatus } from '../data/index.ts';
import { useUkToday } from '../lib/index.ts';
import { coachWeeks, weekView } from './availability-model.ts';
import { AvailabilityNoticeList } from './availability-notice-list.tsx';
import { useAvailabilityEditor } from './use-availability-editor.ts';
import { WeekSection } from './week-section.tsx';
import '../forms/forms.css';
import './availability.css';

export function CoachAvailabilityPage() {
  const { docs, ready } = useAvailabilityWeeks();
  const { docs: claims } = useSlotClaims();
  const { failure } = useSyncStatus();
  const today = useUkToday();
  // Recomputed when the documents change or the UK date moves on (a new current week, a new past day).
  const weeks = useMemo(() => {
    const now = new Date();
    return coachWeeks(now).map((week) => weekView(week, docs, now, claims));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `today` is the trigger, `new Date()` the value.
  }, [docs, claims, today]);
  const editor = useAvailabilityEditor();

  return (
    <DashboardPage title="Availability">
      <AvailabilityNoticeList weeks={weeks} />
      {editor.problem && (
        <p className="dash-error" role="alert">
          {editor.problem}
        </p>
      )}
      {/* Kept in the DOM so screen readers announce each save. */}
      <p className={editor.saved ? 'form-status form-status--success' : 'form-status form-status--empty'} role="status">
        {editor.saved}
      </p>
      {ready
        ? weeks.map((week) => (
            <WeekSection
              key={week.key}
              week={week}
              disabled={!editor.canEdit}
              onAdd={(weekday, time) => editor.add(week, weekday, time)}
              onRemove={(weekday, time) => editor.remove(week, weekday, time)}
            />
          ))
        : !failure && (
            <p className="dash-empty" role="status">
              Loading your availability…
            </p>
          )}
    </DashboardPage>
  );
}
