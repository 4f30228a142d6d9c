/** The member's requests to coaches (§2 privatesessions/coachrequests and sessionrequests): Accepted, to be paid, and Requested. */
import { useMemo } from 'react';
import { DashboardPage } from '../dashboard-frame/index.ts';
import { useCoachRequests } from '../data/index.ts';
import { ConflictOverlay } from './conflict-overlay.tsx';
import { openCoachRequestCheckout } from './sessions-api.ts';
import { SessionCardText, SessionError, SessionSection } from './session-list.tsx';
import { memberCoachRequests, REQUEST_TEXTS } from './session-requests-model.ts';
import { useNow } from '../lib/index.ts';
import { useSessionCheckout } from './use-session-checkout.ts';

export function CoachRequestsPage({ title }: { title: string }) {
  const { docs, ready } = useCoachRequests();
  const now = useNow();
  const checkout = useSessionCheckout();
  const lists = useMemo(() => memberCoachRequests(docs, now, checkout.hidden), [docs, now, checkout.hidden]);
  const none = ready && lists.accepted.length === 0 && lists.requested.length === 0;

  return (
    <DashboardPage title={title}>
      <SessionError text={checkout.error} />
      <ConflictOverlay message={checkout.conflict} onClose={checkout.dismissConflict} />
      {none ? (
        <p className="dash-empty">{REQUEST_TEXTS.none}</p>
      ) : (
        <>
          <SessionSection title="Accepted" empty={REQUEST_TEXTS.none} ready={ready} items={lists.accepted}>
            {(request) => (
              <>
                <SessionCardText
                  title={request.coachFullName}
                  when={request}
                  details={[request.gymName, `${request.experienceLevel} · ${request.price}`]}
                />
                <div className="session-card__actions">
                  <button
                    type="button"
                    className="button"
                    disabled={checkout.busyId !== null}
                    aria-busy={checkout.busyId === request.requestId}
                    onClick={() =>
                      void checkout.run(request.requestId, () => openCoachRequestCheckout(request.requestId))
                    }
                  >
                    {REQUEST_TEXTS.complete}
                    <span className="sr-only">
                      {' '}
                      with {request.coachFullName} on {request.date}
                    </span>
                  </button>
                </div>
              </>
            )}
          </SessionSection>
          <SessionSection title="Requested" empty={REQUEST_TEXTS.none} ready={ready} items={lists.requested}>
            {(request) => (
              <SessionCardText
                title={request.coachFullName}
                when={request}
                details={[request.gymName, `${request.experienceLevel} · ${request.price}`, REQUEST_TEXTS.waiting]}
              />
            )}
          </SessionSection>
        </>
      )}
    </DashboardPage>
  );
}
