import { useState } from 'react';
import { formatWallClock } from '@mastr/rules/dates.ts';
import { formatDayMonth } from './timetable-view.ts';

interface TwoWeekDatePickerProps {
  /** The current week's dates, then the next week's ('YYYY-MM-DD', Monday first). */
  weeks: [string[], string[]];
  selected: string | null;
  isDisabled(date: string): boolean;
  onSelect(date: string): void;
  disabled?: boolean;
  label: string;
}

/**
 * A week of dates at a time with back and forward arrows between the current and the next week
 * (§2 "Day pass modal"). It opens on the week holding the selected date.
 */
export function TwoWeekDatePicker({
  weeks,
  selected,
  isDisabled,
  onSelect,
  disabled = false,
  label,
}: TwoWeekDatePickerProps) {
  const [page, setPage] = useState(() => (selected && weeks[1].includes(selected) ? 1 : 0));
  const dates = weeks[page];
  const range = `${formatWallClock(dates[0], 'd LLL')} - ${formatWallClock(dates[6], 'd LLL')}`;
  return (
    <div className="date-picker" role="group" aria-label={label}>
      <div className="date-picker__bar">
        <button
          type="button"
          className="icon-button"
          onClick={() => setPage(0)}
          disabled={page === 0}
          aria-label="Previous week"
        >
          <span aria-hidden="true">‹</span>
        </button>
        <span className="date-picker__range" aria-live="polite">
          {range}
        </span>
        <button
          type="button"
          className="icon-button"
          onClick={() => setPage(1)}
          disabled={page === 1}
          aria-label="Next week"
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <ul className="date-picker__days">
        {dates.map((date) => (
          <li key={date}>
            <button
              type="button"
              className="date-picker__day"
              aria-pressed={date === selected}
              disabled={disabled || isDisabled(date)}
              onClick={() => onSelect(date)}
            >
              {/* The name starts with what the button shows ("Mo 23", WCAG 2.5.3 label in name), then
                  says the whole date for a screen reader: "Mo 23, Monday 23rd November". */}
              <span className="date-picker__weekday">{formatWallClock(date, 'EEEEEE')}</span>{' '}
              <span className="date-picker__number">{formatWallClock(date, 'd')}</span>
              <span className="sr-only">, {formatDayMonth(date)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
