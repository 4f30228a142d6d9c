/** /gymdashboard/daypasses/*: the front desk (§2 "Day passes", §4), from the gym's local data. */
import { OPENING_FRONT_DESK } from '@mastr/rules/texts.ts';
import { useState } from 'react';
import { DashboardPage, Pod, PodGrid } from '../dashboard-frame/index.ts';
import { useSyncStatus } from '../data/index.ts';
import { FormMessage, errorMessage, successMessage, type Message } from '../forms/index.ts';
import { cancelDayPass, CANCEL_MESSAGES } from './cancel-day-pass.ts';
import { CheckInPanel } from './check-in-panel.tsx';
import { checkInFeedback } from './desk-feedback-model.ts';
import { GymCancelDialog } from './gym-cancel-control.tsx';
import { gymCancelledText } from './gym-cancel-model.ts';
import type { PassView } from './front-desk-model.ts';
import { PassList } from './pass-list.tsx';
import { useFrontDesk } from './use-front-desk.ts';
import './front-desk.css';

function Opening() {
  const { failure } = useSyncStatus();
  return <p className="dash-note">{failure ?? OPENING_FRONT_DESK}</p>;
}

export function DayPassesHomePage() {
  const desk = useFrontDesk();
  const [message, setMessage] = useState<Message | null>(null);
  const { today, upcoming, mastrToday } = desk.lists;
  return (
    <DashboardPage title="Day Passes">
      <PodGrid>
        <Pod title="Today's Day Passes" to="today">
          <p className="count-tile">{desk.ready ? today.length : '…'}</p>
        </Pod>
        <Pod title="Upcoming Day Passes" to="upcoming">
          <p className="count-tile">{desk.ready ? upcoming.length : '…'}</p>
        </Pod>
        <Pod title="Mastr Class Passes Today" to="mastr">
          <p className="count-tile">{desk.ready ? mastrToday.length : '…'}</p>
        </Pod>
      </PodGrid>
      <CheckInPanel desk={desk} message={message} onMessage={setMessage} />
    </DashboardPage>
  );
}

/** Tapping a pass's 'Check In' records it here and now; its result is the page's one current message. */
function useTapCheckIn(desk: ReturnType<typeof useFrontDesk>) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  async function onCheckIn(view: PassView) {
    setBusyId(view.id);
    setMessage(checkInFeedback(await desk.checkIn(view, 'tap'), view));
    setBusyId(null);
  }
  return { busyId, message, setMessage, onCheckIn };
}

export function TodayPassesPage() {
  const desk = useFrontDesk();
  const tap = useTapCheckIn(desk);
  return (
    <DashboardPage title="Today's Day Passes">
      {/* Staff spend the day on this list: typing a code or scanning a QR code is one step away. */}
      <CheckInPanel desk={desk} message={tap.message} onMessage={tap.setMessage} />
      {desk.ready ? (
        <PassList views={desk.lists.today} empty="No Day Passes Today" busyId={tap.busyId} onCheckIn={tap.onCheckIn} />
      ) : (
        <Opening />
      )}
    </DashboardPage>
  );
}

export function MastrPassesPage() {
  const desk = useFrontDesk();
  const tap = useTapCheckIn(desk);
  return (
    <DashboardPage title="Mastr Class Passes">
      <FormMessage message={tap.message} />
      {desk.ready ? (
        <>
          <h2 className="dash-panel__title">Today</h2>
          <PassList
            views={desk.lists.mastrToday}
            empty="No Mastr Class Passes Today"
            busyId={tap.busyId}
            onCheckIn={tap.onCheckIn}
          />
          <h2 className="dash-panel__title">Upcoming</h2>
          <PassList views={desk.lists.mastrUpcoming} empty="No Upcoming Mastr Class Passes" />
        </>
      ) : (
        <Opening />
      )}
    </DashboardPage>
  );
}

export function UpcomingPassesPage() {
  const desk = useFrontDesk();
  const { online } = useSyncStatus();
  // A cancelled pass leaves the list as soon as the server confirms (before the sync brings it).
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<Message | null>(null);
  const [confirming, setConfirming] = useState<PassView | null>(null);

  function ask(view: PassView) {
    if (!online || (typeof navigator !== 'undefined' && !navigator.onLine))
      return setMessage(errorMessage(CANCEL_MESSAGES.offline));
    setMessage(null);
    setConfirming(view);
  }

  async function cancel(view: PassView): Promise<string | null> {
    const answer = await cancelDayPass(view.passId);
    if (!answer.cancelled) return answer.text;
    setHidden((h) => new Set(h).add(view.id));
    setConfirming(null);
    setMessage(successMessage(gymCancelledText(view, answer.refundedPence)));
    return null;
  }

  const views = desk.lists.upcoming.filter((v) => !hidden.has(v.id));
  return (
    <DashboardPage title="Upcoming Day Passes">
      <FormMessage message={message} />
      {desk.ready ? (
        <PassList
          views={views}
          empty="No Upcoming Day Passes"
          action={(view) => (
            <button type="button" className="button button--ghost" onClick={() => ask(view)} aria-haspopup="dialog">
              Cancel<span className="sr-only"> the day pass of {view.clientName}</span>
            </button>
          )}
        />
      ) : (
        <Opening />
      )}
      {confirming && <GymCancelDialog view={confirming} onConfirm={cancel} onClose={() => setConfirming(null)} />}
    </DashboardPage>
  );
}
