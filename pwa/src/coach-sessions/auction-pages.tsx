/** /coachdashboard/auction and /coachdashboard/auction/:id: the PT requests of the coach's registered gyms (§2). */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CoachMe } from '@mastr/rules/api/me.ts';
import { DashboardPage, Panel, ProfileGate } from '../dashboard-frame/index.ts';
import { FormMessage } from '../forms/index.ts';
import { Avatar, ConfirmModal } from '../ui/index.ts';
import { applyQuestion, auctionRows, auctionTitle, AUCTION_TEXTS as TEXTS, type AuctionRow } from './auction-model.ts';
import { useAuction } from './use-auction.ts';
import './coach-sessions.css';

export function CoachAuctionPage() {
  return (
    <DashboardPage title={TEXTS.title}>
      <ProfileGate kind="coach">
        {(coach) =>
          coach.registeredGymsInformation.length === 0 ? (
            <p className="dash-empty">{TEXTS.noGyms}</p>
          ) : (
            <ul className="session-list">
              {coach.registeredGymsInformation.map((gym) => (
                <li key={gym._id} className="session-row">
                  <Link to={`/coachdashboard/auction/${encodeURIComponent(gym._id)}`} className="session-row">
                    <Avatar src={gym.profileImage} name={gym.gymName} size="small" />
                    <span className="session-row__name">{gym.gymName}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </ProfileGate>
    </DashboardPage>
  );
}

function RequestItem({ row, busy, onApply }: { row: AuctionRow; busy: boolean; onApply(): void }) {
  return (
    <li className="session-row">
      <span className="session-row__details">
        <span className="session-row__name">{row.discipline}</span>
        <span>{row.day}</span>
        <span>{row.clientName}</span>
        <span>
          {row.start} - {row.end} · {row.price}
        </span>
      </span>
      {row.applied ? (
        <span className="badge badge--on">{TEXTS.applied}</span>
      ) : (
        <button type="button" className="button" disabled={busy} onClick={onApply}>
          Apply
        </button>
      )}
    </li>
  );
}

function GymAuction({ coach, gymId }: { coach: CoachMe; gymId: string }) {
  const { load, gymName, requests, busy, message, banner, dismissBanner, apply } = useAuction(gymId);
  const [confirming, setConfirming] = useState<AuctionRow | null>(null);
  const rows = requests ? auctionRows(requests, coach._id) : null;

  const confirm = async () => {
    if (!confirming) return;
    await apply(confirming.requestId);
    // §8: the modal closes after the answer, an error included.
    setConfirming(null);
  };

  return (
    <DashboardPage title={gymName ? auctionTitle(gymName) : TEXTS.title}>
      <div role="alert">
        {banner && (
          <button type="button" className="dash-error session-banner" title="Dismiss" onClick={dismissBanner}>
            {banner}
          </button>
        )}
      </div>
      {gymName && !coach.status && <p className="dash-note">{TEXTS.notSignedUp}</p>}
      <FormMessage message={message} />
      {load.state === 'loading' && <p className="dash-empty">{TEXTS.loading}</p>}
      {load.state === 'missing' && <p className="dash-empty">{TEXTS.noRequests}</p>}
      {load.state === 'failed' && (
        <p className="dash-error" role="alert">
          Error: {navigator.onLine ? load.message : TEXTS.offline}
        </p>
      )}
      {rows && (
        <Panel title="PT Requests">
          {rows.length === 0 && <p className="dash-empty">{TEXTS.noRequests}</p>}
          <ul className="session-list">
            {rows.map((row) => (
              <RequestItem key={row.requestId} row={row} busy={busy} onApply={() => setConfirming(row)} />
            ))}
          </ul>
        </Panel>
      )}
      {confirming && (
        <ConfirmModal
          title={TEXTS.applyTitle}
          confirmLabel={TEXTS.applyLabel}
          busy={busy}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(null)}
        >
          {applyQuestion(confirming.clientName)}
          <br />
          {confirming.day} · {confirming.start} - {confirming.end}
        </ConfirmModal>
      )}
    </DashboardPage>
  );
}

export function CoachAuctionGymPage() {
  const { id = '' } = useParams();
  return <ProfileGate kind="coach">{(coach) => <GymAuction coach={coach} gymId={id} />}</ProfileGate>;
}
