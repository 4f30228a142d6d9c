import { LEGEND_LABELS, toneOf } from './timetable-view.ts';

/** The colour key of the timetable: one colour per §9 short label. */
export function TimetableLegend() {
  return (
    <ul className="timetable-legend" aria-label="Colour key">
      {LEGEND_LABELS.map((label) => (
        <li key={label} className={`class-tag tone-${toneOf(label)}`}>
          {label}
        </li>
      ))}
    </ul>
  );
}
