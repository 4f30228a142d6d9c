/** /coachdashboard/sessionrequests ('PT Requests'): the members' slot requests, answered online. */
import { useState } from 'react';
import { useOnline } from '../account-editing/index.ts';
import { DashboardPage, Panel } from '../dashboard-frame/index.ts';
import { useCoachRequests } from '../data/index.ts';
import { FormMessage } from '../forms/index.ts';
import { ConfirmModal } from '../ui/index.ts';
import { useNow } from '../lib/index.ts';
import {
  acceptQuestion,
  rejectQuestion,
  requestGroups,
  SESSION_REQUEST_TEXTS as TEXTS,
  type RequestAnswer,
  type RequestRow,
} from './session-requests-model.ts';
import { useRequestAnswers } from './use-request-answers.ts';
import './coach-sessions.css';

type Confirming = { kind: RequestAnswer; row: RequestRow } | null;

function RequestItem({ row, busy, onAnswer }: { row: RequestRow; busy: boolean; onAnswer(kind: RequestAnswer): void }) {
  return (
    <li className="session-row">
      <span className="session-row__details">
        <span className="session-row__name">{row.clientName}</span>
        <span>{row.experienceLevel}</span>
        <span>
          {row.time} · {row.day}
        </span>
      </span>
      <span className="session-row__actions">
        {!row.accepted && (
          <button type="button" className="button" disabled={busy} onClick={() => onAnswer('accept')}>
            Accept
          </button>
        )}
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => onAnswer('reject')}>
          Reject
        </button>
      </span>
    </li>
  );
}

function RequestGroup({
  title,
  rows,
  ...actions
}: {
  title: string;
  rows: RequestRow[];
  busy: boolean;
  onAnswer(kind: RequestAnswer, row: RequestRow): void;
}) {
  if (rows.length === 0) return null;
  return (
    <Panel title={title}>
      <ul className="session-list">
        {rows.map((row) => (
          <RequestItem
            key={row.requestId}
            row={row}
            busy={actions.busy}
            onAnswer={(kind) => actions.onAnswer(kind, row)}
          />
        ))}
      </ul>
    </Panel>
  );
}

export function CoachSessionRequestsPage() {
  const { docs, ready } = useCoachRequests();
  const online = useOnline();
  const now = useNow();
  const { busy, message, answered, answer } = useRequestAnswers();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const groups = requestGroups(docs, answered, now);
  const onAnswer = (kind: RequestAnswer, row: RequestRow) => setConfirming({ kind, row });

  const confirm = async () => {
    if (!confirming) return;
    await answer(confirming.kind, confirming.row);
    setConfirming(null);
  };

  return (
    <DashboardPage title={TEXTS.title}>
      {!online && <p className="dash-note dash-note--offline">{TEXTS.offline}</p>}
      <FormMessage message={message} />
      {!ready && <p className="dash-empty">{TEXTS.loading}</p>}
      {ready && groups.accepted.length + groups.requested.length === 0 && <p className="dash-empty">{TEXTS.none}</p>}
      <RequestGroup title={TEXTS.accepted} rows={groups.accepted} busy={busy || !online} onAnswer={onAnswer} />
      <RequestGroup title={TEXTS.requested} rows={groups.requested} busy={busy || !online} onAnswer={onAnswer} />
      {confirming && (
        <ConfirmModal
          title={confirming.kind === 'accept' ? TEXTS.acceptTitle : TEXTS.rejectTitle}
          confirmLabel={confirming.kind === 'accept' ? TEXTS.acceptLabel : TEXTS.rejectLabel}
          busy={busy}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(null)}
        >
          {confirming.kind === 'accept'
            ? acceptQuestion(confirming.row.clientName)
            : rejectQuestion(confirming.row.clientName)}
          <br />
          {confirming.row.time} · {confirming.row.day}
        </ConfirmModal>
      )}
    </DashboardPage>
  );
}
