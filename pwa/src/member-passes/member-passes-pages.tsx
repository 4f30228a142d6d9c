/** The member's two pass lists (§2 "User dashboard" daypasses); both read only the device's copy, so they work offline. */
import { useState, type ReactNode } from 'react';
import { DashboardPage } from '../dashboard-frame/index.ts';
import { FormMessage, successMessage } from '../forms/index.ts';
import { CancelDayPassControl, useMemberCancels } from '../payments/index.ts';
import { CancelMastrPassControl } from './cancel-mastr-pass-control.tsx';
import { EntryCodeView } from './entry-code-view.tsx';
import { MastrAssignControl } from './mastr-assign-control.tsx';
import { useMemberPasses } from './member-passes-layout.tsx';

interface PassListProps {
  title: string;
  empty: string;
  count: number;
  /** A status line above the list (e.g. the outcome of a cancellation). */
  status?: ReactNode;
  children: ReactNode;
}

function PassList({ title, empty, count, status, children }: PassListProps) {
  const { ready, failure } = useMemberPasses();
  let body: ReactNode;
  if (!ready)
    body = failure ? null : (
      <p className="dash-empty" role="status">
        Loading your passes…
      </p>
    );
  else if (count === 0) body = <p className="dash-empty">{empty}</p>;
  else body = <ul className="pass-list">{children}</ul>;
  return (
    <DashboardPage title={title}>
      {status}
      {body}
    </DashboardPage>
  );
}

function TodayBadge() {
  return <span className="badge badge--on">Today</span>;
}

export function MemberDayPassesPage() {
  const cancels = useMemberCancels();
  const dayPasses = useMemberPasses().passes.dayPasses.filter((pass) => !cancels.hidden.has(pass.id));
  return (
    <PassList
      title="Day Passes"
      empty="You Have No Upcoming Day Passes"
      count={dayPasses.length}
      status={<FormMessage message={cancels.message} />}
    >
      {dayPasses.map((pass) => (
        <li key={pass.id} className="pass-card">
          <div className="pass-card__info">
            <h2 className="pass-card__gym">{pass.gymName}</h2>
            <p className="pass-card__when">
              {pass.date} {pass.today && <TodayBadge />}
            </p>
            <p className="pass-card__kind">{pass.passType} Day Pass</p>
            <CancelDayPassControl pass={pass} onCancelled={cancels.cancelled} />
          </div>
          <EntryCodeView code={pass.code} describedAs={`${pass.passType} Day Pass at ${pass.gymName}, ${pass.date}`} />
        </li>
      ))}
    </PassList>
  );
}

export function MemberMastrPassesPage() {
  const cancels = useMemberCancels();
  const mastrPasses = useMemberPasses().passes.mastrPasses.filter((pass) => !cancels.hidden.has(pass.id));
  const [booked, setBooked] = useState<string | null>(null);
  // One status line: the latest of a booking and a cancellation.
  const [latest, setLatest] = useState<'booked' | 'cancelled' | null>(null);
  const status =
    latest === 'booked' && booked ? successMessage(booked) : latest === 'cancelled' ? cancels.message : null;
  return (
    <PassList
      title="Mastr Class"
      empty="You Have No Upcoming Mastr Class Passes"
      count={mastrPasses.length}
      status={<FormMessage message={status} />}
    >
      {mastrPasses.map((pass) => (
        <li key={pass.id} className="pass-card">
          <div className="pass-card__info">
            <h2 className="pass-card__gym">{pass.gymName}</h2>
            {pass.booked ? (
              <p className="pass-card__when">
                {pass.booked.date} at {pass.booked.time} {pass.booked.today && <TodayBadge />}
              </p>
            ) : (
              <p className="pass-card__when pass-card__when--unbooked">Not yet booked into a class</p>
            )}
            <p className="pass-card__kind">Mastr Class Pass</p>
            {pass.notice && (
              <p className="pass-card__notice" role="status">
                {pass.notice}
              </p>
            )}
            <div className="pass-card__actions">
              {!pass.booked && (
                <MastrAssignControl
                  pass={pass}
                  onBooked={(text) => {
                    setBooked(text);
                    setLatest('booked');
                  }}
                />
              )}
              <CancelMastrPassControl
                pass={pass}
                onCancelled={(cancelled, text) => {
                  cancels.cancelled(cancelled, text);
                  setLatest('cancelled');
                }}
              />
            </div>
          </div>
          {/* The front desk admits a Mastr pass only to its class, so the code appears once the class is booked. */}
          {pass.booked && (
            <EntryCodeView
              code={pass.code}
              describedAs={`Mastr Class at ${pass.gymName}, ${pass.booked.date} at ${pass.booked.time}`}
            />
          )}
        </li>
      ))}
    </PassList>
  );
}
