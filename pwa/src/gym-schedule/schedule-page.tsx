/**
 * /gymdashboard/schedule (§2 "Schedule"): the Default Schedule and the current and next weeks, each
 * weekday's morning and evening classes, with modals to add a morning or an evening class and to
 * delete one. Edits land in the device's copy at once (offline too) and sync (design/sync.md "Schedules").
 */
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { CLASS_DISCIPLINES, DIFFICULTIES, KIDS_CLASS_DISCIPLINES } from '@mastr/rules/constants.ts';
import type { ClassItem, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import {
  PLEASE_SELECT_START,
  classEndOptions,
  classStartOptions,
  isKidsDiscipline,
  type ScheduleWeek,
} from '@mastr/rules/schedule.ts';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import { DashboardPage } from '../dashboard-frame/dashboard-parts.tsx';
import { useMeProfile } from '../dashboard-frame/me-profile-context.tsx';
import { useTenantStore, useSyncStatus } from '../data/tenant-data-provider.tsx';
import { useScheduleRefusals, useScheduleWeeks } from '../data/use-tenant-queries.ts';
import { ChoiceSelect } from '../gyms/choice-select.tsx';
import { Modal } from '../gyms/modal.tsx';
import { useUkToday } from '../shell/use-uk-today.ts';
import {
  addClass,
  deleteClass,
  refusalMessage,
  scheduleView,
  type ScheduleDayView,
  type ScheduleEdit,
  type ScheduleWeekView,
} from './schedule-model.ts';
import '../coach-availability/availability.css';
import '../forms/forms.css';

const NOT_SAVED = 'Your change could not be saved on this device. Try again.';
/** The go-live checklist's timetable step links here (rules/go-live.ts): say what it waits for. */
const GO_LIVE_NOTE =
  'Your gym goes live once your Default Schedule has a class members can book (an invitation-only class does not count).';
const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, text: v }));
const timeOptions = (times: readonly number[]) => times.map((t) => ({ value: String(t), text: formatTimeOfDay(t) }));

function newId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

type Adding = { week: ScheduleWeekView; day: ScheduleDayView; period: 'am' | 'pm' };
type Deleting = { week: ScheduleWeekView; day: ScheduleDayView; item: ClassItem };

/** Edits run one after another, each from what the device holds at that moment. */
function useScheduleEditor() {
  const store = useTenantStore();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const run = useCallback(
    (edit: (docs: ScheduleWeekDoc[], ctx: { gymId: string; now: Date; newId(): string }) => ScheduleEdit) => {
      if (!store) return Promise.resolve<string | null>(NOT_SAVED);
      const next = queue.current.then(async (): Promise<string | null> => {
        try {
          const result = edit(await store.schedule.weeks(), { gymId: store.tenantId, now: new Date(), newId });
          if (!result.ok) return result.message;
          await store.schedule.saveWeek(result.doc);
          return null;
        } catch (error) {
          console.error('Schedule edit not saved', error);
          return NOT_SAVED;
        }
      });
      queue.current = next;
      return next;
    },
    [store],
  );
  return { canEdit: store !== null, run };
}

function AddClassModal({
  adding,
  onClose,
  save,
}: {
  adding: Adding;
  onClose(): void;
  save(fields: ClassItem): Promise<string | null>;
}) {
  const [location, setLocation] = useState('');
  const [difficulty, setDifficulty] = useState('');
  const [discipline, setDiscipline] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const locationId = useId();
  const endId = useId();
  const ends = classEndOptions(start ? Number(start) : null);
  const complete = location.trim() && difficulty && discipline && start && end;

  const submit = async () => {
    if (!complete) return setProblem('Please fill in every field.');
    setSaving(true);
    const failed = await save({
      _id: '',
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
    <Modal
      title={`Add ${adding.period === 'am' ? 'Morning' : 'Evening'} Class — ${adding.day.abbreviation}`}
      onClose={onClose}
      busy={saving}
    >
      <p className="gym-modal__note">{adding.week.title}</p>
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
      <ChoiceSelect
        label="Discipline"
        value={discipline}
        options={asOptions([...CLASS_DISCIPLINES, ...KIDS_CLASS_DISCIPLINES])}
        onChange={setDiscipline}
      />
      <ChoiceSelect
        label="Start Time"
        value={start}
        options={timeOptions(classStartOptions(adding.period))}
        onChange={(value) => {
          setStart(value);
          if (end && Number(end) <= Number(value)) setEnd('');
        }}
      />
      <div className="form-field">
        <label className="form-field__label" htmlFor={endId}>
          End Time
        </label>
        <select
          id={endId}
          className="form-field__input"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          disabled={!start}
        >
          <option value="">{start ? 'Select…' : PLEASE_SELECT_START}</option>
          {timeOptions(ends).map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="button button--primary" onClick={() => void submit()} disabled={saving}>
        Add Class
      </button>
      {problem && (
        <p className="gym-modal__error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}

function DeleteClassModal({
  deleting,
  onClose,
  remove,
}: {
  deleting: Deleting;
  onClose(): void;
  remove(): Promise<string | null>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const { item } = deleting;
  return (
    <Modal title="Delete Class" onClose={onClose}>
      <p className="gym-modal__note">
        Delete {item.discipline} ({item.difficulty}), {formatTimeOfDay(item.startTime)}–{formatTimeOfDay(item.endTime)}{' '}
        at {item.location} on {deleting.day.abbreviation} from the {deleting.week.title}?
      </p>
      {deleting.week.week === 'default' && (
        <p className="gym-modal__note">
          Weeks you have already edited keep their own classes: delete it there too if it should go from them.
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        onClick={() =>
          void remove().then((failed) => {
            if (failed) setProblem(failed);
            else onClose();
          })
        }
      >
        Delete Class
      </button>
      {problem && (
        <p className="gym-modal__error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}

function ClassList({
  classes,
  label,
  onDelete,
  disabled,
}: {
  classes: ClassItem[];
  label: string;
  onDelete(item: ClassItem): void;
  disabled: boolean;
}) {
  if (!classes.length) return <p className="avail-day__none">No {label} classes</p>;
  return (
    <ul className="avail-slots" aria-label={`${label} classes`}>
      {classes.map((c) => (
        <li key={c._id} className="avail-slot avail-slot--free">
          <span className="avail-slot__time">
            {formatTimeOfDay(c.startTime)}–{formatTimeOfDay(c.endTime)} {c.discipline} · {c.difficulty} · {c.location}
          </span>
          {!disabled && (
            <button
              type="button"
              className="avail-slot__remove"
              aria-label={`Delete ${formatTimeOfDay(c.startTime)} ${c.discipline}`}
              onClick={() => onDelete(c)}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function WeekSection({
  week,
  disabled,
  onAdd,
  onDelete,
}: {
  week: ScheduleWeekView;
  disabled: boolean;
  onAdd(a: Adding): void;
  onDelete(d: Deleting): void;
}) {
  const headingId = useId();
  return (
    <section className="avail-week" aria-labelledby={headingId}>
      <h2 id={headingId} className="avail-week__title">
        {week.title}
      </h2>
      <p className="avail-week__note">{week.note}</p>
      <ul className="avail-days">
        {week.days.map((day) => {
          const locked = disabled || day.expired;
          return (
            <li key={day.weekday} className={day.expired ? 'avail-day avail-day--past' : 'avail-day'}>
              <h3 className="avail-day__title">
                {day.abbreviation}
                {day.expired && <span className="avail-day__past">Past</span>}
              </h3>
              <h4>AM</h4>
              <ClassList
                classes={day.am}
                label="morning"
                disabled={locked}
                onDelete={(item) => onDelete({ week, day, item })}
              />
              {!locked && (
                <button type="button" className="button" onClick={() => onAdd({ week, day, period: 'am' })}>
                  Add Morning Class
                </button>
              )}
              <h4>PM</h4>
              <ClassList
                classes={day.pm}
                label="evening"
                disabled={locked}
                onDelete={(item) => onDelete({ week, day, item })}
              />
              {!locked && (
                <button type="button" className="button" onClick={() => onAdd({ week, day, period: 'pm' })}>
                  Add Evening Class
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Edits the server refused (the device dropped them): said until dismissed. */
function RefusedEdits({ weeks }: { weeks: readonly ScheduleWeekView[] }) {
  const store = useTenantStore();
  const refusals = useScheduleRefusals();
  // The live region stays mounted so a refusal arriving from the sender is announced.
  return (
    <div className="avail-notices" role="status" aria-live="polite">
      {refusals.length > 0 && (
        <ul className="avail-notices__list">
          {refusals.map((refusal) => (
            <li key={refusal.id} className="avail-notice">
              <p className="avail-notice__text">{refusalMessage(refusal.id, weeks)}</p>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`Dismiss: ${refusalMessage(refusal.id, weeks)}`}
                onClick={() => void store?.schedule.dismissRefusal(refusal.id)}
              >
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function GymSchedulePage() {
  const { docs, ready } = useScheduleWeeks();
  const { failure } = useSyncStatus();
  const today = useUkToday();
  const weeks = useMemo(
    () => scheduleView(docs, new Date()),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `today` is the trigger, `new Date()` the value.
    [docs, today],
  );
  const editor = useScheduleEditor();
  const [adding, setAdding] = useState<Adding | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const me = useMeProfile('gym');
  const needsClass = me.status === 'ready' && me.profile.missingSteps.some((step) => step.key === 'timetable');

  return (
    <DashboardPage title="Schedule">
      {needsClass && (
        <p className="dash-note" role="status">
          {GO_LIVE_NOTE}
        </p>
      )}
      <RefusedEdits weeks={weeks} />
      {ready
        ? weeks.map((week) => (
            <WeekSection
              key={week.week}
              week={week}
              disabled={!editor.canEdit}
              onAdd={setAdding}
              onDelete={setDeleting}
            />
          ))
        : !failure && (
            <p className="dash-empty" role="status">
              Loading your schedule…
            </p>
          )}
      {adding && (
        <AddClassModal
          adding={adding}
          onClose={() => setAdding(null)}
          save={({ _id, ...fields }) =>
            editor.run((all, ctx) => addClass(all, adding.week.week as ScheduleWeek, adding.day.weekday, fields, ctx))
          }
        />
      )}
      {deleting && (
        <DeleteClassModal
          deleting={deleting}
          onClose={() => setDeleting(null)}
          remove={() => editor.run((all, ctx) => deleteClass(all, deleting.week.week, deleting.item._id, ctx))}
        />
      )}
    </DashboardPage>
  );
}
