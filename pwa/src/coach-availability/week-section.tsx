/** One section of the availability page (Default, Current Week or Next Week): its seven days and their hourly slots. */
import { useState, type FormEvent } from 'react';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import type { DayView, SlotState, SlotView, WeekView } from './availability-model.ts';
import { useUniqueId } from '../lib/index.ts';

const DAY_DATE = 'd MMM';
const STATE_LABEL: Record<Exclude<SlotState, 'free'>, string> = { booked: 'Booked', requested: 'Requested' };

interface EditHandlers {
  disabled: boolean;
  onAdd(weekday: number, time: number): void;
  onRemove(weekday: number, time: number): void;
}

function Slot({
  day,
  slot,
  disabled,
  onRemove,
}: { day: DayView; slot: SlotView } & Pick<EditHandlers, 'disabled' | 'onRemove'>) {
  return (
    <li className={`avail-slot avail-slot--${slot.state}`}>
      <span className="avail-slot__time">{slot.label}</span>
      {slot.state !== 'free' && <span className="avail-slot__state">{STATE_LABEL[slot.state]}</span>}
      {/* Past days are read-only: no control at all. Booked and requested slots show theirs disabled. */}
      {!day.past && (
        <button
          type="button"
          className="avail-slot__remove"
          aria-label={`Remove ${slot.label} on ${day.abbreviation}`}
          title={slot.state === 'free' ? undefined : `${STATE_LABEL[slot.state]} times cannot be removed`}
          disabled={disabled || !slot.removable}
          onClick={() => onRemove(day.weekday, slot.time)}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}

function AddSlotForm({ day, disabled, onAdd }: { day: DayView } & Pick<EditHandlers, 'disabled' | 'onAdd'>) {
  const selectId = useUniqueId();
  const [choice, setChoice] = useState('');
  // After an add the chosen hour leaves the list: fall back to the first hour still free.
  const selected = day.addable.some((option) => String(option.time) === choice) ? choice : String(day.addable[0].time);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAdd(day.weekday, Number(selected));
  };
  return (
    <form className="avail-add" onSubmit={submit}>
      <label htmlFor={selectId} className="sr-only">
        Time to add on {day.abbreviation}
      </label>
      <select
        id={selectId}
        className="avail-add__select"
        value={selected}
        onChange={(e) => setChoice(e.target.value)}
        disabled={disabled}
      >
        {day.addable.map((option) => (
          <option key={option.time} value={option.time}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="button button--ghost avail-add__button"
        disabled={disabled}
        aria-label={`Add time on ${day.abbreviation}`}
      >
        Add
      </button>
    </form>
  );
}

function DayCard({ day, ...handlers }: { day: DayView } & EditHandlers) {
  return (
    <li className={day.past ? 'avail-day avail-day--past' : 'avail-day'}>
      <h3 className="avail-day__title">
        {day.abbreviation}
        {day.date && <span className="avail-day__date">{formatWallClock(day.date, DAY_DATE)}</span>}
        {day.past && <span className="avail-day__past">Past</span>}
      </h3>
      {day.slots.length ? (
        <ul className="avail-slots">
          {day.slots.map((slot) => (
            <Slot key={slot.time} day={day} slot={slot} disabled={handlers.disabled} onRemove={handlers.onRemove} />
          ))}
        </ul>
      ) : (
        <p className="avail-day__none">No times</p>
      )}
      {day.addable.length > 0 && <AddSlotForm day={day} disabled={handlers.disabled} onAdd={handlers.onAdd} />}
    </li>
  );
}

export function WeekSection({ week, ...handlers }: { week: WeekView } & EditHandlers) {
  const headingId = `availability-${week.key}`;
  const [first, last] = [week.days[0].date, week.days[week.days.length - 1].date];
  return (
    <section className="avail-week" aria-labelledby={headingId}>
      <h2 id={headingId} className="avail-week__title">
        {week.title}
      </h2>
      {first && last && (
        <p className="avail-week__range">
          {formatWallClock(first, DATE_FORMATS.dayMonth)} to {formatWallClock(last, DATE_FORMATS.dayMonth)}
        </p>
      )}
      {week.followsDefault && (
        <p className="avail-week__note">This week follows your default times until you change it.</p>
      )}
      <ul className="avail-days">
        {week.days.map((day) => (
          <DayCard key={day.weekday} day={day} {...handlers} />
        ))}
      </ul>
    </section>
  );
}
