import type { ClassItem } from '@mastr/rules/documents.ts';
import { classTimes, shortLabelOf, toneOf } from './timetable-view.ts';

/** One class as the booking dialogs list it: colour tag, times, discipline, difficulty, location. */
export function ClassSummary({ item }: { item: ClassItem }) {
  const label = shortLabelOf(item.discipline);
  return (
    <div className="class-summary">
      <span className={`class-tag tone-${toneOf(label)}`} aria-hidden="true">
        {label}
      </span>
      <span className="class-summary__text">
        <strong>{item.discipline}</strong>
        <span className="class-summary__meta">
          {classTimes(item)} · {item.difficulty}
          {item.location ? ` · ${item.location}` : ''}
        </span>
      </span>
    </div>
  );
}
