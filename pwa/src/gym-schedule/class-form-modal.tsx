/**
 * The class form of the gym's Schedule page: adding a morning or evening class to a day, and editing
 * a class in place (issue 24), one form for both so a class is chosen and judged the same way.
 */
import { useState } from 'react';
import { CLASS_DISCIPLINES, DIFFICULTIES, KIDS_CLASS_DISCIPLINES } from '@mastr/rules/constants.ts';
import type { ClassItem } from '@mastr/rules/documents.ts';
import {
  PLEASE_SELECT_START,
  classEndOptions,
  classStartOptions,
  isKidsDiscipline,
  type ClassFields,
} from '@mastr/rules/schedule.ts';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import { ChoiceSelect } from '../forms/index.ts';
import { Modal } from '../ui/index.ts';
import { SCHEDULE_NOTES, type ScheduleDayView, type ScheduleWeekView } from './schedule-model.ts';
import { useUniqueId } from '../lib/index.ts';

/** What the form is for: a new class in a day's morning or evening, or a class already there. */
export type ClassFormTarget = { week: ScheduleWeekView; day: ScheduleDayView } & (
  { period: 'am' | 'pm'; item?: undefined } | { item: ClassItem; period?: undefined }
);

const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, text: v }));
const timeOptions = (times: readonly number[]) => times.map((t) => ({ value: String(t), text: formatTimeOfDay(t) }));
const DISCIPLINE_OPTIONS = asOptions([...CLASS_DISCIPLINES, ...KIDS_CLASS_DISCIPLINES]);
// An edited class may move between morning and evening: every start of the day is offered.
const ALL_STARTS = timeOptions([...classStartOptions('am'), ...classStartOptions('pm')]);

const titleOf = ({ day, period, item }: ClassFormTarget) =>
  item
    ? `Edit Class — ${day.abbreviation}`
    : `Add ${period === 'am' ? 'Morning' : 'Evening'} Class — ${day.abbreviation}`;

export function ClassFormModal({
  target,
  onClose,
  save,
}: {
  target: ClassFormTarget;
  onClose(): void;
  save(fields: ClassFields): Promise<string | null>;
}) {
  const { item } = target;
  const [location, setLocation] = useState(item?.location ?? '');
  const [difficulty, setDifficulty] = useState(item?.difficulty ?? '');
  const [discipline, setDiscipline] = useState(item?.discipline ?? '');
  const [start, setStart] = useState(item ? String(item.startTime) : '');
  const [end, setEnd] = useState(item ? String(item.endTime) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const locationId = useUniqueId();
  const complete = location.trim() && difficulty && discipline && start && end;

  const submit = async () => {
    if (!complete) return setProblem('Please fill in every field.');
    setSaving(true);
    const failed = await save({
      location,
      difficulty,
      discipline,
      kidsClass: isKidsDiscipline(discipline),
      startTime: Number(start),
      endTime: Number(end),
    });
    setSaving(false);
    if (failed) setProblem(failed);
    else onClose();
  };

  return (
    <Modal title={titleOf(target)} onClose={onClose} busy={saving}>
      <p className="modal__note">{target.week.title}</p>
      {item && target.week.week === 'default' && <p className="modal__note">{SCHEDULE_NOTES.defaultChange}</p>}
      <div className="form-field">
        <label className="form-field__label" htmlFor={locationId}>
          Location
        </label>
        <input
          id={locationId}
          className="form-field__input"
          value={location}
          maxLength={100}
          onChange={(e) => setLocation(e.target.value)}
        />
      </div>
      <ChoiceSelect label="Difficulty" value={difficulty} options={asOptions(DIFFICULTIES)} onChange={setDifficulty} />
      <ChoiceSelect label="Discipline" value={discipline} options={DISCIPLINE_OPTIONS} onChange={setDiscipline} />
      <ChoiceSelect
        label="Start Time"
        value={start}
        options={item ? ALL_STARTS : timeOptions(classStartOptions(target.period))}
        onChange={(value) => {
          setStart(value);
          if (end && Number(end) <= Number(value)) setEnd('');
        }}
      />
      <ChoiceSelect
        label="End Time"
        value={end}
        options={timeOptions(classEndOptions(start ? Number(start) : null))}
        onChange={setEnd}
        disabled={!start}
        placeholder={start ? 'Select…' : PLEASE_SELECT_START}
      />
      <button type="button" className="button button--primary" onClick={() => void submit()} disabled={saving}>
        {item ? 'Save Class' : 'Add Class'}
      </button>
      {problem && (
        <p className="modal__error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
