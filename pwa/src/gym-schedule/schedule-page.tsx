/**
 * /gymdashboard/schedule (§2 "Schedule"): the Default Schedule and the current and next weeks, each
 * weekday's morning and evening classes, with modals to add a morning or an evening class, to edit
 * one in place (issue 24) and to delete one. Edits land in the device's copy at once (offline too) and sync (design/sync.md "Schedules").
 */
import { CHANGE_NOT_SAVED_ON_DEVICE } from '@mastr/rules/texts.ts';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ClassItem, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import { DashboardPage, useMeProfile } from '../dashboard-frame/index.ts';
import { useScheduleRefusals, useScheduleWeeks, useSyncStatus, useTenantStore } from '../data/index.ts';
import { DismissibleNotices, Modal } from '../ui/index.ts';
import { useUkToday, useUniqueId } from '../lib/index.ts';
import { ClassFormModal, type ClassFormTarget } from './class-form-modal.tsx';
import {
  addClass,
  deleteClass,
  editClass,
  refusalMessage,
  scheduleView,
  SCHEDULE_NOTES,
  type ScheduleDayView,
  type ScheduleEdit,
  type ScheduleWeekView,
} from './schedule-model.ts';
import '../coach-availability/availability.css';
import '../forms/forms.css';

/** The go-live checklist's timetable step links here (rules/go-live.ts): say what it waits for. */
const GO_LIVE_NOTE =
  'Your gym goes live once your Default Schedule has a class members can book (an invitation-only class does not count).';

function newId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

type Deleting = { week: ScheduleWeekView; day: ScheduleDayView; item: ClassItem };

/** Edits run one after another, each from what the device holds at that moment. */
function useScheduleEditor() {
  const store = useTenantStore();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const run = useCallback(
    (edit: (docs: ScheduleWeekDoc[], ctx: { gymId: string; now: Date; newId(): string }) => ScheduleEdit) => {
      if (!store) return Promise.resolve<string | null>(CHANGE_NOT_SAVED_ON_DEVICE);
      const next = queue.current.then(async (): Promise<string | null> => {
        try {
          const result = edit(await store.schedule.weeks(), { gymId: store.tenantId, now: new Date(), newId });
          if (!result.ok) return result.message;
          await store.schedule.saveWeek(result.doc);
          return null;
        } catch (error) {
          console.error('Schedule edit not saved', error);
          return CHANGE_NOT_SAVED_ON_DEVICE;
        }
      });
      queue.current = next;
      return next;
    },
    [store],
  );
  return { canEdit: store !== null, run };
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
      <p className="modal__note">
        Delete {item.discipline} ({item.difficulty}), {formatTimeOfDay(item.startTime)}–{formatTimeOfDay(item.endTime)}{' '}
        at {item.location} on {deleting.day.abbreviation} from the {deleting.week.title}?
      </p>
      {deleting.week.week === 'default' && <p className="modal__note">{SCHEDULE_NOTES.defaultDelete}</p>}
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
        <p className="modal__error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}

function ClassList({
  classes,
  label,
  onEdit,
  onDelete,
  disabled,
}: {
  classes: ClassItem[];
  label: string;
  onEdit(item: ClassItem): void;
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
          {!disabled &&
            (
              [
                ['Edit', '✎', 'avail-slot__edit', onEdit],
                ['Delete', '×', 'avail-slot__remove', onDelete],
              ] as const
            ).map(([action, glyph, className, onClick]) => (
              <button
                key={action}
                type="button"
                className={className}
                aria-label={`${action} ${formatTimeOfDay(c.startTime)} ${c.discipline}`}
                onClick={() => onClick(c)}
              >
                {glyph}
              </button>
            ))}
        </li>
      ))}
    </ul>
  );
}

function WeekSection({
  week,
  disabled,
  onForm,
  onDelete,
}: {
  week: ScheduleWeekView;
  disabled: boolean;
  onForm(target: ClassFormTarget): void;
  onDelete(d: Deleting): void;
}) {
  const headingId = useUniqueId();
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
                onEdit={(item) => onForm({ week, day, item })}
                onDelete={(item) => onDelete({ week, day, item })}
              />
              {!locked && (
                <button type="button" className="button" onClick={() => onForm({ week, day, period: 'am' })}>
                  Add Morning Class
                </button>
              )}
              <h4>PM</h4>
              <ClassList
                classes={day.pm}
                label="evening"
                disabled={locked}
                onEdit={(item) => onForm({ week, day, item })}
                onDelete={(item) => onDelete({ week, day, item })}
              />
              {!locked && (
                <button type="button" className="button" onClick={() => onForm({ week, day, period: 'pm' })}>
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
          <DismissibleNotices
            notices={refusals.map(({ id }) => ({ id, text: refusalMessage(id, weeks) }))}
            onDismiss={(id) => void store?.schedule.dismissRefusal(id)}
          />
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
  const [form, setForm] = useState<ClassFormTarget | null>(null);
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
              onForm={setForm}
              onDelete={setDeleting}
            />
          ))
        : !failure && (
            <p className="dash-empty" role="status">
              Loading your schedule…
            </p>
          )}
      {form && (
        <ClassFormModal
          target={form}
          onClose={() => setForm(null)}
          save={(fields) =>
            editor.run((all, ctx) =>
              form.item
                ? editClass(all, form.week.week, form.item._id, fields, ctx)
                : addClass(all, form.week.week, form.day.weekday, fields, ctx),
            )
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
