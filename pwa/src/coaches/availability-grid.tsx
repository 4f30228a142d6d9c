import { useState, type MouseEvent } from 'react';
import type { CoachWeekKind } from '@mastr/rules/coach-slots.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import type { CoachDetail } from '@mastr/rules/api/directory.ts';
import {
  availabilityGrid,
  slotChoice,
  type GridDay,
  type GridWeek,
  type SlotChoice,
  type SlotStatus,
} from './availability-grid-model.ts';
import { useUniqueId } from '../lib/index.ts';

const DAY_DATE = 'd MMM';
const STATUS_TEXT: Record<SlotStatus, string> = {
  free: 'Free',
  requested: 'Requested',
  booked: 'Booked',
  unavailable: 'Unavailable',
};

interface GridProps {
  coach: Pick<CoachDetail, 'availability' | 'currentWeekStart' | 'nextWeekStart'>;
  todayUk: string;
  /** While a request is on its way no other slot can be picked. */
  busy: boolean;
  onSelect(choice: SlotChoice, opener: HTMLElement): void;
}

function WeekPicker({
  week,
  titleId,
  onChange,
}: {
  week: GridWeek;
  titleId: string;
  onChange(kind: CoachWeekKind): void;
}) {
  const first = week.days[0]?.date ?? week.weekStart;
  const last = week.days[week.days.length - 1]?.date ?? week.weekStart;
  return (
    <div className="week-picker">
      <button
        type="button"
        className="icon-button week-picker__arrow"
        aria-label="Previous week"
        disabled={!week.canGoBack}
        onClick={() => onChange('currentWeek')}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <div className="week-picker__label">
        <h3 id={titleId} className="week-picker__title" aria-live="polite">
          {week.title}
        </h3>
        <p className="week-picker__range">
          {formatWallClock(first, DATE_FORMATS.dayMonth)} to {formatWallClock(last, DATE_FORMATS.dayMonth)}
        </p>
      </div>
      <button
        type="button"
        className="icon-button week-picker__arrow"
        aria-label="Next week"
        disabled={!week.canGoForward}
        onClick={() => onChange('nextWeek')}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}

function DayColumn({
  week,
  day,
  busy,
  onSelect,
}: { week: GridWeek; day: GridDay } & Pick<GridProps, 'busy' | 'onSelect'>) {
  return (
    <li className={day.closed ? 'slot-day slot-day--closed' : 'slot-day'}>
      <h4 className="slot-day__title">
        {day.abbreviation} <span className="slot-day__date">{formatWallClock(day.date, DAY_DATE)}</span>
      </h4>
      {day.slots.length ? (
        <ul className="slot-day__slots">
          {day.slots.map((slot) => (
            <li key={slot.slot._id}>
              <button
                type="button"
                className={`slot slot--${slot.status}`}
                aria-label={slot.name}
                disabled={busy || !slot.selectable}
                onClick={(event: MouseEvent<HTMLButtonElement>) =>
                  onSelect(slotChoice(week, day, slot), event.currentTarget)
                }
              >
                {/* The name ('Mon 07:00, requested') holds the visible text, spaced as shown. */}
                <span className="slot__time">{slot.label}</span>
                {slot.status !== 'free' && (
                  <>
                    {' '}
                    <span className="slot__status">{STATUS_TEXT[slot.status]}</span>
                  </>
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="slot-day__none">No times</p>
      )}
    </li>
  );
}

/**
 * The coach's week (§2, §4): Sunday to Saturday of the current or the next UK week, every hourly
 * slot a button; only free slots on days still to come can be pressed.
 */
export function AvailabilityGrid({ coach, todayUk, busy, onSelect }: GridProps) {
  const [kind, setKind] = useState<CoachWeekKind>('currentWeek');
  const titleId = useUniqueId();
  const week = availabilityGrid(coach, kind, todayUk);
  return (
    <section className="availability-grid" aria-labelledby={titleId}>
      <WeekPicker week={week} titleId={titleId} onChange={setKind} />
      <ul className="slot-legend" aria-label="Key">
        {(['free', 'requested', 'booked', 'unavailable'] as const).map((status) => (
          <li key={status} className={`slot-legend__item slot-legend__item--${status}`}>
            {STATUS_TEXT[status]}
          </li>
        ))}
      </ul>
      <ol className="slot-days">
        {week.days.map((day) => (
          <DayColumn key={day.dayId} week={week} day={day} busy={busy} onSelect={onSelect} />
        ))}
      </ol>
    </section>
  );
}
