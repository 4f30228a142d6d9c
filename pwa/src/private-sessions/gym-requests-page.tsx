/**
 * The member's PT requests to gyms (§2 privatesessions/gymrequests, §4): 'Accepted Gym Requests' once
 * coaches applied, where the member picks one (their own rate struck through next to the fixed £20)
 * and pays, and 'Gym Requests' still waiting for coaches.
 */
import { useMemo, useState } from 'react';
import { DashboardPage } from '../dashboard-frame/index.ts';
import { useGymRequests } from '../data/index.ts';
import { Modal } from '../ui/index.ts';
import { ConflictOverlay } from './conflict-overlay.tsx';
import { SessionCardText, SessionError, SessionSection } from './session-list.tsx';
import { memberGymRequests, REQUEST_TEXTS, type MemberGymRequest } from './session-requests-model.ts';
import { openGymRequestCheckout } from './sessions-api.ts';
import { useNow } from '../lib/index.ts';
import { useSessionCheckout, type SessionCheckout } from './use-session-checkout.ts';

function CoachSelection({
  request,
  checkout,
  onClose,
}: {
  request: MemberGymRequest;
  checkout: SessionCheckout;
  onClose(): void;
}) {
  const busy = checkout.busyId !== null;
  return (
    <Modal title="Choose Your Coach" onClose={onClose} busy={busy}>
      <p>
        {request.discipline} at {request.gymName}, {request.date}, {request.time}
      </p>
      <SessionError text={checkout.error} />
      <ul className="session-list">
        {request.coaches.map((coach) => (
          <li key={coach.coachId} className="coach-choice">
            <span>
              <strong>{coach.coachName}</strong> · {coach.coachDiscipline}
            </span>
            <span className="coach-choice__price">
              <s aria-label={`usually ${coach.coachPrice}`}>{coach.coachPrice}</s>
              <strong>{coach.price}</strong>
            </span>
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-busy={checkout.busyId === request.requestId}
              onClick={() =>
                void checkout.run(request.requestId, () => openGymRequestCheckout(request.requestId, coach.coachId))
              }
            >
              Book {coach.coachName}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

export function GymRequestsPage() {
  const { docs, ready } = useGymRequests();
  const now = useNow();
  const checkout = useSessionCheckout();
  const lists = useMemo(() => memberGymRequests(docs, now, checkout.hidden), [docs, now, checkout.hidden]);
  const [choosing, setChoosing] = useState<string | null>(null);
  const chosen = lists.accepted.find((request) => request.requestId === choosing) ?? null;

  return (
    <DashboardPage title="Gym Requests">
      {!chosen && <SessionError text={checkout.error} />}
      <ConflictOverlay message={checkout.conflict} onClose={checkout.dismissConflict} />
      {chosen && <CoachSelection request={chosen} checkout={checkout} onClose={() => setChoosing(null)} />}
      <SessionSection title="Accepted Gym Requests" empty={REQUEST_TEXTS.none} ready={ready} items={lists.accepted}>
        {(request) => (
          <>
            <SessionCardText
              title={`${request.discipline} at ${request.gymName}`}
              when={request}
              details={[
                `${request.experienceLevel} · ${request.coaches.length} coach${request.coaches.length === 1 ? '' : 'es'} applied`,
              ]}
            />
            <div className="session-card__actions">
              <button
                type="button"
                className="button"
                aria-haspopup="dialog"
                onClick={() => setChoosing(request.requestId)}
              >
                Choose Coach
                <span className="sr-only">
                  {' '}
                  for {request.discipline} on {request.date}
                </span>
              </button>
            </div>
          </>
        )}
      </SessionSection>
      <SessionSection title="Gym Requests" empty={REQUEST_TEXTS.none} ready={ready} items={lists.open}>
        {(request) => (
          <SessionCardText
            title={`${request.discipline} at ${request.gymName}`}
            when={request}
            details={[`${request.experienceLevel} · ${request.sessionPrice}`, REQUEST_TEXTS.noCoachYet]}
          />
        )}
      </SessionSection>
    </DashboardPage>
  );
}
