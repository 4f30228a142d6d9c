import { Suspense, useEffect, useMemo, useState } from 'react';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import type { ClassItem } from '@mastr/rules/documents.ts';
import { MASTR_CLASS_PRICE_PENCE, formatPence } from '@mastr/rules/money.ts';
import type { WeekKind } from '@mastr/rules/timetable.ts';
import type { GymDetail } from '@mastr/rules/api/directory.ts';
import {
  ClassBookingModal,
  DayPassModal,
  MastrClassModal,
  preloadBookingDialogsWhenIdle,
  PtRequestModal,
  RequestSentModal,
} from './lazy-booking-dialogs.ts';
import { TimetableGrid, TimetableGridPlaceholder } from './timetable-grid.tsx';
import { TimetableLegend } from './timetable-legend.tsx';
import { mastrChipsOn, timetableColumns } from './timetable-view.ts';
import { useSignedInMember } from './use-signed-in-member.ts';
import { WeekSelector } from './week-selector.tsx';
import { useLocation } from 'react-router-dom';
import { useSession } from '../session/index.ts';
import { usePaintedOnce } from '../lib/index.ts';
import { takeBookingIntent, type BookingIntent } from './booking-intent.ts';
import './timetable.css';

type OpenDialog =
  | { kind: 'class'; item: ClassItem; date: string; dayClasses: ClassItem[] }
  | { kind: 'day-pass'; initial?: { date: string; kids: boolean } }
  | { kind: 'pt-request' }
  | { kind: 'mastr-class' }
  | { kind: 'request-sent' }
  | null;

/** The dialog a booking kept across sign-in reopens as; a class no longer listed reopens nothing. */
function reopenedDialog(intent: BookingIntent | null, gym: GymDetail, today: string): OpenDialog {
  switch (intent?.dialog) {
    case 'day-pass':
      return { kind: 'day-pass', initial: { date: intent.date, kids: intent.kids } };
    case 'mastr-class':
      return gym.mastrClassActive ? { kind: 'mastr-class' } : null;
    case 'pt-request':
      return { kind: 'pt-request' };
    case 'class': {
      const weekStart = intent.weekKind === 'currentWeek' ? gym.currentWeekStart : gym.nextWeekStart;
      const columns = timetableColumns({
        days: gym.schedule,
        weekKind: intent.weekKind,
        weekStart,
        today,
        kids: intent.kids,
      });
      const column = columns.find((c) => c.date === intent.date);
      const dayClasses = column ? [...column.am, ...column.pm] : [];
      const item = dayClasses.find((c) => c._id === intent.classId);
      return item ? { kind: 'class', item, date: intent.date, dayClasses } : null;
    }
    default:
      return null;
  }
}

/**
 * The gym's two-week timetable with its booking actions (§2 "Timetable", "Modals"). Opening a
 * class, the day pass and the Mastr class is open to visitors (their Book buttons ask for sign-in);
 * 'Request PT' asks for sign-in first, since the whole dialog is a request.
 */
export function Timetable({ gym, today }: { gym: GymDetail; today: string }) {
  const { pathname } = useLocation();
  const { userInfo, kind } = useSession();
  // Back from signing in to book: the same dialog reopens with the same choices (issue 15).
  const [reopen] = useState(() => (userInfo && kind === 'user' ? takeBookingIntent(pathname) : null));
  const [weekKind, setWeekKind] = useState<WeekKind>(reopen?.dialog === 'class' ? reopen.weekKind : 'currentWeek');
  const [kids, setKids] = useState(reopen?.dialog === 'class' ? reopen.kids : false);
  const [dialog, setDialog] = useState<OpenDialog>(() => reopenedDialog(reopen, gym, today));
  const memberId = useSignedInMember();
  const weekStart = weekKind === 'currentWeek' ? gym.currentWeekStart : gym.nextWeekStart;
  const columns = useMemo(
    () => timetableColumns({ days: gym.schedule, weekKind, weekStart, today, kids }),
    [gym.schedule, weekKind, weekStart, today, kids],
  );
  const close = () => setDialog(null);
  // The grid is most of the page's elements: it renders a task after the header and controls paint.
  const gridShown = usePaintedOnce();
  const mastrOn = (date: string) =>
    mastrChipsOn(date, gym.mastrClassAvailability, { active: gym.mastrClassActive && gym.listed, kids });
  // Once the page has shown itself: it needs none of the dialogs to show, a tap needs them at once.
  useEffect(preloadBookingDialogsWhenIdle, []);

  return (
    <div className="timetable">
      {gym.listed && (
        <div className="timetable__actions">
          <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'day-pass' })}>
            Book Day Pass
          </button>
          <button
            type="button"
            className="button"
            onClick={() => memberId({ dialog: 'pt-request' }) && setDialog({ kind: 'pt-request' })}
          >
            Request PT
          </button>
          {gym.mastrClassActive && (
            <button type="button" className="button" onClick={() => setDialog({ kind: 'mastr-class' })}>
              Mastr Class {formatPence(MASTR_CLASS_PRICE_PENCE)}
            </button>
          )}
        </div>
      )}
      <TimetableLegend />
      <div className="timetable__controls">
        <WeekSelector
          weekKind={weekKind}
          weekStart={weekStart}
          weekEnd={addDaysToKey(weekStart, 6)}
          onChange={setWeekKind}
        />
        <div className="segmented" role="group" aria-label="Timetable view">
          <button type="button" className="segmented__option" aria-pressed={!kids} onClick={() => setKids(false)}>
            Adults
          </button>
          <button type="button" className="segmented__option" aria-pressed={kids} onClick={() => setKids(true)}>
            Kids
          </button>
        </div>
      </div>
      {gridShown ? (
        <TimetableGrid
          columns={columns}
          kids={kids}
          mastrOn={mastrOn}
          onOpenMastr={() => setDialog({ kind: 'mastr-class' })}
          onOpenClass={(item, column) =>
            setDialog({ kind: 'class', item, date: column.date, dayClasses: [...column.am, ...column.pm] })
          }
        />
      ) : (
        <TimetableGridPlaceholder columns={columns} mastrOn={mastrOn} />
      )}
      <Suspense fallback={null}>
        {dialog?.kind === 'class' && (
          <ClassBookingModal
            gymId={gym._id}
            item={dialog.item}
            date={dialog.date}
            dayClasses={dialog.dayClasses}
            weekKind={weekKind}
            onClose={close}
          />
        )}
        {dialog?.kind === 'day-pass' && (
          <DayPassModal gym={gym} today={today} initial={dialog.initial} onClose={close} />
        )}
        {dialog?.kind === 'pt-request' && (
          <PtRequestModal
            gymId={gym._id}
            currentWeekStart={gym.currentWeekStart}
            today={today}
            onClose={close}
            onSent={() => setDialog({ kind: 'request-sent' })}
          />
        )}
        {dialog?.kind === 'mastr-class' && (
          <MastrClassModal gymId={gym._id} options={gym.mastrClassAvailability} onClose={close} />
        )}
        {dialog?.kind === 'request-sent' && <RequestSentModal onClose={close} />}
      </Suspense>
    </div>
  );
}
