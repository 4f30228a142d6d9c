import { formatWallClock } from '@mastr/rules/dates.ts';
import type { WeekKind } from '@mastr/rules/timetable.ts';

interface WeekSelectorProps {
  weekKind: WeekKind;
  weekStart: string;
  weekEnd: string;
  onChange(weekKind: WeekKind): void;
}

/** Current or next week only: previous is disabled on the current week, next on the next (§4). */
export function WeekSelector({ weekKind, weekStart, weekEnd, onChange }: WeekSelectorProps) {
  const title = weekKind === 'currentWeek' ? 'This Week' : 'Next Week';
  return (
    <div className="week-selector">
      <button
        type="button"
        className="icon-button"
        aria-label="Previous week"
        disabled={weekKind === 'currentWeek'}
        onClick={() => onChange('currentWeek')}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <p className="week-selector__label" aria-live="polite">
        <strong>{title}</strong>
        <span>
          {formatWallClock(weekStart, 'd LLL')} - {formatWallClock(weekEnd, 'd LLL')}
        </span>
      </p>
      <button
        type="button"
        className="icon-button"
        aria-label="Next week"
        disabled={weekKind === 'nextWeek'}
        onClick={() => onChange('nextWeek')}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
