import { useEffect, useRef, type CSSProperties } from 'react';
import type { ClassItem } from '@mastr/rules/documents.ts';
import { formatPence, MASTR_CLASS_PRICE_PENCE } from '@mastr/rules/money.ts';
import {
  formatDayMonth,
  classTimes,
  emptyDayText,
  shortLabelOf,
  toneOf,
  type MastrChip,
  type TimetableColumn,
} from './timetable-view.ts';

interface TimetableGridProps {
  columns: TimetableColumn[];
  kids: boolean;
  onOpenClass(item: ClassItem, column: TimetableColumn): void;
  /** The gym's Mastr Classes on a date (none in the kids view). */
  mastrOn(date: string): MastrChip[];
  onOpenMastr(): void;
}

/** A Mastr Class among the day's classes: it opens the Mastr Class dialog, where it is booked. */
function MastrClassChip({ chip, onOpen }: { chip: MastrChip; onOpen(): void }) {
  return (
    <button type="button" className="class-chip class-chip--mastr" onClick={onOpen}>
      <span className="class-chip__label">Mastr</span>
      <span className="class-chip__time">{chip.time}</span>
      <span className="class-chip__name">Mastr Class {formatPence(MASTR_CLASS_PRICE_PENCE)}</span>
    </button>
  );
}

function ClassChip({ item, expired, onOpen }: { item: ClassItem; expired: boolean; onOpen(): void }) {
  const label = shortLabelOf(item.discipline);
  const content = (
    <>
      <span className="class-chip__label">{label}</span>
      <span className="class-chip__time">{classTimes(item)}</span>
      <span className="class-chip__name">{item.discipline}</span>
    </>
  );
  // Expired classes stay visible for reference but are not controls at all (§2).
  if (expired) return <div className={`class-chip class-chip--expired tone-${toneOf(label)}`}>{content}</div>;
  return (
    <button type="button" className={`class-chip tone-${toneOf(label)}`} onClick={onOpen}>
      {content}
    </button>
  );
}

/**
 * What the grid takes up until it renders, one task after the rest of the page (decision 168): its
 * height from the most chips a day has in each half, so nothing below it moves when it comes in.
 * timetable.css turns the counts into the grid's rows.
 */
export function TimetableGridPlaceholder({ columns, mastrOn }: Pick<TimetableGridProps, 'columns' | 'mastrOn'>) {
  const most = (half: 'am' | 'pm') =>
    Math.max(
      0,
      ...columns.map(
        (column) =>
          column[half].length + (column.expired ? 0 : mastrOn(column.date).filter((chip) => chip.half === half).length),
      ),
    );
  const chips = { '--am-chips': most('am'), '--pm-chips': most('pm') } as CSSProperties;
  return <div className="timetable-scroll timetable-scroll--pending" aria-busy="true" style={chips} />;
}

/**
 * The AM/PM grid with Monday-to-Sunday columns (§2 "Timetable"). Rows are AM and PM; an empty day
 * spans both with its 'No Classes Today' text. On narrow screens the grid scrolls sideways.
 */
export function TimetableGrid({ columns, kids, onOpenClass, mastrOn, onOpenMastr }: TimetableGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const firstOpenDay = columns.find((column) => !column.expired)?.weekday ?? 1;

  // On a phone the week is wider than the screen: start at the first day still open, not at Monday.
  useEffect(() => {
    const box = scroller.current;
    const day = box?.querySelector<HTMLElement>(`[data-weekday="${firstOpenDay}"]`);
    const labels = box?.querySelector<HTMLElement>('.timetable-grid__corner');
    if (box && day && labels)
      box.scrollLeft += day.getBoundingClientRect().left - box.getBoundingClientRect().left - labels.offsetWidth;
  }, [firstOpenDay]);

  return (
    <div ref={scroller} className="timetable-scroll" tabIndex={0} role="region" aria-label="Weekly timetable">
      <div className="timetable-grid">
        <span className="timetable-grid__corner" aria-hidden="true" />
        {columns.map((column) => (
          <h3
            key={column.date}
            className={`timetable-grid__day${column.expired ? ' timetable-grid__day--expired' : ''}`}
            data-weekday={column.weekday}
            style={{ gridColumn: column.weekday + 1 }}
          >
            <abbr title={formatDayMonth(column.date)}>{column.abbreviation}</abbr> <span>{column.dayOfMonth}</span>
            {column.expired && <span className="sr-only"> (expired)</span>}
          </h3>
        ))}
        <span className="timetable-grid__half" style={{ gridRow: 2 }}>
          AM
        </span>
        <span className="timetable-grid__half" style={{ gridRow: 3 }}>
          PM
        </span>
        {columns.map((column) => {
          const mastr = column.expired ? [] : mastrOn(column.date);
          return column.am.length + column.pm.length + mastr.length === 0 ? (
            <p
              key={column.date}
              className="timetable-grid__empty"
              style={{ gridColumn: column.weekday + 1, gridRow: '2 / span 2' }}
            >
              {emptyDayText(kids)}
            </p>
          ) : (
            [column.am, column.pm].map((classes, half) => (
              <ul
                key={`${column.date}-${half}`}
                className="timetable-grid__cell"
                style={{ gridColumn: column.weekday + 1, gridRow: half + 2 }}
                aria-label={`${formatDayMonth(column.date)} ${half ? 'PM' : 'AM'}`}
              >
                {classes.map((item) => (
                  <li key={item._id}>
                    <ClassChip item={item} expired={column.expired} onOpen={() => onOpenClass(item, column)} />
                  </li>
                ))}
                {mastr
                  .filter((chip) => chip.half === (half ? 'pm' : 'am'))
                  .map((chip) => (
                    <li key={chip.id}>
                      <MastrClassChip chip={chip} onOpen={onOpenMastr} />
                    </li>
                  ))}
              </ul>
            ))
          );
        })}
      </div>
    </div>
  );
}
