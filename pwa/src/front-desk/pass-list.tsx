import type { ReactNode } from 'react';
import { formatWallClock, DATE_FORMATS } from '@mastr/rules/dates.ts';
import { CheckInControl } from './check-in-control.tsx';
import type { PassView } from './front-desk-model.ts';

interface PassListProps {
  views: readonly PassView[];
  empty: string;
  busyId?: string | null;
  /** Today's lists check in; upcoming lists show the date instead. */
  onCheckIn?(view: PassView): void;
  action?(view: PassView): ReactNode;
}

export function PassList({ views, empty, busyId, onCheckIn, action }: PassListProps) {
  if (!views.length) return <p className="dash-note">{empty}</p>;
  return (
    <ul className="pass-list">
      {views.map((view) => (
        <li key={view.id} className="pass-list__item">
          <span className="pass-list__code" aria-label={`Entry code ${view.entryCode.split('').join(' ')}`}>
            {view.entryCode}
          </span>
          <span className="pass-list__name">{view.clientName}</span>
          <span className="pass-list__type">
            {view.passType}
            {view.day === 'upcoming' && view.start && ` · ${formatWallClock(view.start, DATE_FORMATS.long)}`}
          </span>
          <span className="pass-list__control">
            {onCheckIn && <CheckInControl view={view} busy={busyId === view.id} onCheckIn={() => onCheckIn(view)} />}
            {action?.(view)}
          </span>
          {view.note && <p className="pass-list__note">{view.note}</p>}
        </li>
      ))}
    </ul>
  );
}
