import { useState, type ReactNode } from 'react';
import type { RegisteredGym } from '@mastr/rules/api/directory.ts';
import type { CoachMe } from '@mastr/rules/api/me.ts';
import { DashboardPage, Panel, ProfileGate, useFreshMeProfile, useUpdateMeProfile } from '../dashboard-frame/index.ts';
import { FormMessage } from '../forms/index.ts';
import { fetchGyms } from '../directory/index.ts';
import { useDirectoryLoad } from '../lib/index.ts';
import { Avatar, ConfirmModal } from '../ui/index.ts';
import {
  cancelGymRequest,
  leaveGym,
  MANAGEMENT_TEXTS,
  requestableGyms,
  requestGym,
  shownSearch,
  useManagementAction,
} from '../management/index.ts';
import '../forms/forms.css';

type Confirming = { kind: 'leave' | 'cancel'; gym: RegisteredGym } | null;

function GymRow({ gym, children }: { gym: Pick<RegisteredGym, 'gymName' | 'profileImage'>; children: ReactNode }) {
  return (
    <li className="management__row">
      <Avatar src={gym.profileImage} name={gym.gymName} size="small" />
      <span className="management__name">{gym.gymName}</span>
      {children}
    </li>
  );
}

/** Request Gyms: the public gyms list, searched here; needs the server (the list is the public directory). */
function RequestGyms({ coach, busy, onRequest }: { coach: CoachMe; busy: boolean; onRequest(gymId: string): void }) {
  const [query, setQuery] = useState('');
  const load = useDirectoryLoad('gyms', fetchGyms);
  const gyms = load.state === 'ready' ? requestableGyms(load.data, coach, query) : [];
  return (
    <Panel title="Request Gyms">
      <input
        type="search"
        className="form-field__input management__search"
        aria-label="Search Gyms"
        placeholder={MANAGEMENT_TEXTS.searchPlaceholder}
        value={shownSearch(query)}
        onChange={(event) => setQuery(event.target.value)}
      />
      {load.state === 'loading' && <p className="dash-empty">Loading Gyms...</p>}
      {load.state === 'failed' && <p className="form-status form-status--error">{load.message}</p>}
      {load.state === 'ready' && gyms.length === 0 && <p className="dash-empty">{MANAGEMENT_TEXTS.noGyms}</p>}
      <ul className="management__list">
        {gyms.map((gym) => (
          <GymRow key={gym._id} gym={gym}>
            <button type="button" className="button" disabled={busy} onClick={() => onRequest(gym._id)}>
              Request
            </button>
          </GymRow>
        ))}
      </ul>
    </Panel>
  );
}

function CoachManagement({ coach }: { coach: CoachMe }) {
  const update = useUpdateMeProfile('coach');
  const { busy, message, run } = useManagementAction();
  const [confirming, setConfirming] = useState<Confirming>(null);

  const request = (gymId: string) => void run('request', () => requestGym(gymId), update, MANAGEMENT_TEXTS.requestSent);

  const confirm = async () => {
    if (!confirming) return;
    const gymId = confirming.gym._id;
    // Whatever the answer, the modal closes and the page's status line says how it went.
    if (confirming.kind === 'leave') await run('leave', () => leaveGym(gymId), update, MANAGEMENT_TEXTS.leftGym);
    else await run('cancel', () => cancelGymRequest(gymId), update, MANAGEMENT_TEXTS.requestCancelled);
    setConfirming(null);
  };

  return (
    <>
      <FormMessage message={message} />
      <Panel title="Registered Gyms">
        {coach.registeredGymsInformation.length === 0 && <p className="dash-empty">{MANAGEMENT_TEXTS.noGyms}</p>}
        <ul className="management__list">
          {coach.registeredGymsInformation.map((gym) => (
            <GymRow key={gym._id} gym={gym}>
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                onClick={() => setConfirming({ kind: 'leave', gym })}
              >
                Terminate
              </button>
            </GymRow>
          ))}
        </ul>
      </Panel>
      <Panel title="Pending Requests">
        {coach.pendingRequestsInformation.length === 0 && <p className="dash-empty">{MANAGEMENT_TEXTS.noPending}</p>}
        <ul className="management__list">
          {coach.pendingRequestsInformation.map((gym) => (
            <GymRow key={gym._id} gym={gym}>
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                onClick={() => setConfirming({ kind: 'cancel', gym })}
              >
                Cancel Request
              </button>
            </GymRow>
          ))}
        </ul>
      </Panel>
      <RequestGyms coach={coach} busy={busy} onRequest={request} />
      {confirming && (
        <ConfirmModal
          title={confirming.kind === 'leave' ? 'Terminate Gym' : 'Cancel Gym Request'}
          confirmLabel={confirming.kind === 'leave' ? 'Terminate' : 'Cancel Request'}
          busy={busy}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(null)}
        >
          {confirming.kind === 'leave'
            ? `Leave ${confirming.gym.gymName}? Members will no longer be able to book you there.`
            : `Cancel your request to join ${confirming.gym.gymName}?`}
        </ConfirmModal>
      )}
    </>
  );
}

/** /coachdashboard/management (§2): registered gyms, pending requests, and gyms to request. */
export function CoachManagementPage() {
  useFreshMeProfile('coach');
  return (
    <DashboardPage title="Management">
      <ProfileGate kind="coach">{(coach) => <CoachManagement coach={coach} />}</ProfileGate>
    </DashboardPage>
  );
}
