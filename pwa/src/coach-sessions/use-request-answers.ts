import { useCallback, useState } from 'react';
import { ApiError, callApi, statusOf } from '../api/index.ts';
import { errorMessage, successMessage, type Message } from '../forms/index.ts';
import {
  answerErrorText,
  NO_ANSWERS,
  SESSION_REQUEST_TEXTS,
  type AnsweredRequests,
  type RequestAnswer,
  type RequestRow,
} from './session-requests-model.ts';

const serverMessage = (err: unknown) => (err instanceof ApiError ? err.message : '');

/**
 * The coach's Accept and Reject (§7): one call at a time, online only. A success is shown at once
 * (`answered`); the device's documents follow by replication.
 */
export function useRequestAnswers() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [answered, setAnswered] = useState<AnsweredRequests>(NO_ANSWERS);

  const answer = useCallback(async (kind: RequestAnswer, { requestId, rejectBody }: RequestRow) => {
    if (!navigator.onLine) return setMessage(errorMessage(SESSION_REQUEST_TEXTS.offline));
    setBusy(true);
    try {
      if (kind === 'accept')
        await callApi('POST /api/me/coaches/sessionrequests/accept/{requestId}', { params: { requestId }, auth: true });
      else
        await callApi('PUT /api/me/coaches/sessionrequests/reject/{requestId}', {
          params: { requestId },
          body: rejectBody,
          auth: true,
        });
      setAnswered((was) =>
        kind === 'accept'
          ? { ...was, accepted: new Set(was.accepted).add(requestId) }
          : { ...was, rejected: new Set(was.rejected).add(requestId) },
      );
      setMessage(
        successMessage(kind === 'accept' ? SESSION_REQUEST_TEXTS.acceptedDone : SESSION_REQUEST_TEXTS.rejectedDone),
      );
    } catch (err) {
      setMessage(errorMessage(answerErrorText(kind, statusOf(err), serverMessage(err))));
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, message, answered, answer };
}
