import { useCallback, useState } from 'react';
import { errorMessage, successMessage, type Message } from '../forms/index.ts';
import type { CoachDetail } from '@mastr/rules/api/directory.ts';
import type { CoachAvailabilityDay } from '@mastr/rules/api/availability.ts';
import { useRequireMember, useSession } from '../session/index.ts';
import type { SlotChoice } from './availability-grid-model.ts';
import {
  availabilityAfterConflict,
  coachRequestBody,
  coachRequestErrorText,
  REQUEST_SENT,
  sendCoachRequest,
  type ConfirmedDetails,
} from './coach-request.ts';

interface OpenRequest {
  choice: SlotChoice;
  opener: HTMLElement;
}

export interface CoachBooking {
  /** The slot whose confirm-details modal is open. */
  open: OpenRequest | null;
  sending: boolean;
  /** Shown in the modal: a refusal the member can act on there (retry, sign in again). */
  modalError: Message | null;
  /** Shown above the grid once the modal has closed: 'Request Sent', or why the slot went. */
  notice: Message | null;
  select(choice: SlotChoice, opener: HTMLElement): void;
  cancel(): void;
  confirm(details: ConfirmedDetails): void;
}

/**
 * The coach-slot flow (§4 "Coach slot"): pick a slot (a signed-in member only; others go to sign
 * in and come back), confirm the details, send. Success and a lost race (409) both hand back the
 * coach's availability, which replaces the grid; the modal then closes and the outcome shows above
 * the grid. Other refusals stay in the modal so the member can try again.
 */
export function useCoachBooking(
  coach: Pick<CoachDetail, '_id' | 'price'>,
  onAvailability: (days: CoachAvailabilityDay[]) => void,
): CoachBooking {
  const requireMember = useRequireMember();
  const { userInfo } = useSession();
  const [open, setOpen] = useState<OpenRequest | null>(null);
  const [sending, setSending] = useState(false);
  const [modalError, setModalError] = useState<Message | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);

  const select = useCallback(
    (choice: SlotChoice, opener: HTMLElement) => {
      if (!requireMember()) return;
      setModalError(null);
      setNotice(null);
      setOpen({ choice, opener });
    },
    [requireMember],
  );

  const cancel = useCallback(() => {
    if (!sending) setOpen(null);
  }, [sending]);

  const confirm = useCallback(
    async (details: ConfirmedDetails) => {
      if (!open || sending) return;
      if (!userInfo || !requireMember()) return;
      setSending(true);
      setModalError(null);
      try {
        const answer = await sendCoachRequest(coachRequestBody(coach, open.choice, details, userInfo));
        onAvailability(answer.availability);
        setOpen(null);
        setNotice(successMessage(REQUEST_SENT));
      } catch (err) {
        const fresh = availabilityAfterConflict(err);
        if (fresh) {
          onAvailability(fresh);
          setOpen(null);
          setNotice(errorMessage(coachRequestErrorText(err)));
        } else {
          setModalError(errorMessage(coachRequestErrorText(err)));
        }
      } finally {
        setSending(false);
      }
    },
    [open, sending, userInfo, requireMember, coach, onAvailability],
  );

  return { open, sending, modalError, notice, select, cancel, confirm };
}
