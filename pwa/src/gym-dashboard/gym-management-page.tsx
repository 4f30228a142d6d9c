import { useState, type ReactNode } from 'react';
import type { GymCoach } from '@mastr/rules/api/directory.ts';
import type { GymMe } from '@mastr/rules/api/me.ts';
import { formatHourlyRate } from '@mastr/rules/money.ts';
import { DashboardPage, Panel, ProfileGate, useFreshMeProfile, useUpdateMeProfile } from '../dashboard-frame/index.ts';
import { fetchCoach } from '../directory/index.ts';
import { FormMessage } from '../forms/index.ts';
import { useDirectoryLoad } from '../lib/index.ts';
import { Avatar, ConfirmModal } from '../ui/index.ts';
import {
  acceptCoach,
  availabilityWeeks,
  currentCoachesTitle,
  MANAGEMENT_TEXTS,
  rejectCoach,
  terminateCoach,
  useManagementAction,
} from '../management/index.ts';

type ConfirmKind = 'terminate' | 'reject' | 'accept';
/** One state for every modal: never two open at once. */
type Confirming = { kind: ConfirmKind; coach: GymCoach } | null;

const fullName = (coach: GymCoach) => `${coach.firstName} ${coach.lastName}`;

/** The coach's hours this week and next, fetched from the public profile when the row is opened. */
function CoachAvailability({ coachId }: { coachId: string }) {
  const load = useDirectoryLoad(coachId, (signal) => fetchCoach(coachId, signal));
  if (load.state === 'loading') return <p className="dash-empty">Loading Availability...</p>;
  if (load.state !== 'ready')
    return (
      <p className="dash-empty">The availability needs a connection to the server (or the coach is not public).</p>
    );
  return (
    <>
      {availabilityWeeks(load.data, new Date()).map((week) => (
        <div key={week.title} className="management__availability-week">
          <h4 className="management__availability-title">{week.title}</h4>
          {week.lines.length === 0 ? (
            <p className="dash-empty">{week.empty}</p>
          ) : (
            <ul className="management__availability">
              {week.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </>
  );
}

function CoachRow({ coach, children }: { coach: GymCoach; children: ReactNode }) {
  return (
    <div className="management__row">
      <Avatar src={coach.profileImage} name={fullName(coach)} size="small" />
      <span className="management__name">
        {fullName(coach)} · {coach.discipline} · {formatHourlyRate(coach.price)}
      </span>
      {children}
    </div>
  );
}

const MODAL: Record<ConfirmKind, { title: string; label: string; text: (name: string) => string }> = {
  terminate: {
    title: 'Terminate Coach',
    label: 'Terminate',
    text: (name) => `Terminate ${name}? Members will no longer be able to book them at your gym.`,
  },
  reject: { title: 'Reject Coach', label: 'Reject', text: (name) => `Reject ${name}'s request to join your gym?` },
  accept: { title: 'Accept Coach', label: 'Accept', text: (name) => `Accept ${name} as a coach at your gym?` },
};

function GymManagement({ gym }: { gym: GymMe }) {
  const update = useUpdateMeProfile('gym');
  const { busy, message, run } = useManagementAction();
  const [confirming, setConfirming] = useState<Confirming>(null);

  const confirm = async () => {
    if (!confirming) return;
    const coachId = confirming.coach._id;
    // Whatever the answer, the modal closes and the page's status line says how it went.
    if (confirming.kind === 'accept')
      await run('accept', () => acceptCoach(coachId), update, MANAGEMENT_TEXTS.accepted);
    else if (confirming.kind === 'reject')
      await run('reject', () => rejectCoach(coachId), update, MANAGEMENT_TEXTS.rejected);
    else await run('terminate', () => terminateCoach(coachId), update, MANAGEMENT_TEXTS.terminated);
    setConfirming(null);
  };

  const open = (kind: ConfirmKind, coach: GymCoach) => () => setConfirming({ kind, coach });

  return (
    <>
      <FormMessage message={message} />
      <Panel title={currentCoachesTitle(gym.coachesInformation.length)}>
        {gym.coachesInformation.length === 0 && <p className="dash-empty">{MANAGEMENT_TEXTS.noCoaches}</p>}
        <ul className="management__list">
          {gym.coachesInformation.map((coach) => (
            <li key={coach._id}>
              <CoachRow coach={coach}>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy}
                  onClick={open('terminate', coach)}
                >
                  Terminate
                </button>
              </CoachRow>
              <details>
                <summary>Availability</summary>
                <CoachAvailability coachId={coach._id} />
              </details>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Requests">
        {gym.requestsInformation.length === 0 && <p className="dash-empty">{MANAGEMENT_TEXTS.noCoachRequests}</p>}
        <ul className="management__list">
          {gym.requestsInformation.map((coach) => (
            <li key={coach._id}>
              <CoachRow coach={coach}>
                <button type="button" className="button" disabled={busy} onClick={open('accept', coach)}>
                  Accept
                </button>
                <button type="button" className="button button--ghost" disabled={busy} onClick={open('reject', coach)}>
                  Reject
                </button>
              </CoachRow>
            </li>
          ))}
        </ul>
      </Panel>
      {confirming && (
        <ConfirmModal
          title={MODAL[confirming.kind].title}
          confirmLabel={MODAL[confirming.kind].label}
          busy={busy}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(null)}
        >
          {MODAL[confirming.kind].text(fullName(confirming.coach))}
        </ConfirmModal>
      )}
    </>
  );
}

/** /gymdashboard/management (§2): current coaches with their availability, and requests to join. */
export function GymManagementPage() {
  useFreshMeProfile('gym');
  return (
    <DashboardPage title="Management">
      <ProfileGate kind="gym">{(gym) => <GymManagement gym={gym} />}</ProfileGate>
    </DashboardPage>
  );
}
