import { useLayoutEffect, useRef, useState, type FormEvent, type SyntheticEvent } from 'react';
import { EXPERIENCE_LEVELS } from '@mastr/rules/constants.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import { formatHourlyRate } from '@mastr/rules/money.ts';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import type { ExperienceLevel } from '@mastr/rules/api/booking.ts';
import type { RegisteredGym } from '@mastr/rules/api/directory.ts';
import { FormMessage, type Message } from '../forms/index.ts';
import type { SlotChoice } from './availability-grid-model.ts';
import type { ConfirmedDetails } from './coach-request.ts';
import { Avatar } from '../ui/index.ts';
import { useUniqueId } from '../lib/index.ts';

interface ConfirmDetailsModalProps {
  coachName: string;
  price: number;
  gyms: readonly RegisteredGym[];
  choice: SlotChoice;
  sending: boolean;
  error: Message | null;
  /** Where focus goes back to when the dialog closes (the slot that opened it). */
  returnFocusTo: HTMLElement | null;
  onConfirm(details: ConfirmedDetails): void;
  onCancel(): void;
}

/**
 * The confirm-details step of a coach slot request (§2, §4): pick one of the coach's gyms and an
 * experience level, check the date, time and price, then Confirm. A native modal <dialog> keeps
 * focus inside it and Escape closes it, except while the request is on its way.
 */
export function ConfirmDetailsModal({
  coachName,
  price,
  gyms,
  choice,
  sending,
  error,
  returnFocusTo,
  onConfirm,
  onCancel,
}: ConfirmDetailsModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useUniqueId();
  const summaryId = useUniqueId();
  // A coach at one gym needs no choosing.
  const [gymId, setGymId] = useState(gyms.length === 1 ? gyms[0]._id : '');
  const [experience, setExperience] = useState<ExperienceLevel | ''>('');

  // Opened before paint, as ui/Modal is (decision 159).
  useLayoutEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => {
      element?.close();
      returnFocusTo?.focus();
    };
  }, [returnFocusTo]);

  const onDialogCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (!sending) onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (gymId && experience && !sending) onConfirm({ gymId, experience });
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-details"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      onCancel={onDialogCancel}
    >
      <form className="confirm-details__form" onSubmit={submit}>
        <h2 id={titleId} className="confirm-details__title">
          Confirm Details
        </h2>
        <dl id={summaryId} className="confirm-details__summary">
          <dt>Coach</dt>
          <dd>{coachName}</dd>
          <dt>Date</dt>
          <dd>{formatWallClock(choice.date, DATE_FORMATS.long)}</dd>
          <dt>Time</dt>
          <dd>{formatTimeOfDay(choice.slot.time)}</dd>
          <dt>Price</dt>
          <dd>{formatHourlyRate(price)}</dd>
        </dl>
        <fieldset className="confirm-details__choices" disabled={sending}>
          <legend>Gym</legend>
          {gyms.map((gym) => (
            <label key={gym._id} className="confirm-details__option">
              <input
                type="radio"
                name="gym"
                value={gym._id}
                checked={gymId === gym._id}
                onChange={() => setGymId(gym._id)}
                required
              />
              <Avatar src={gym.profileImage} name={gym.gymName} size="small" />
              <span>{gym.gymName}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="confirm-details__choices" disabled={sending}>
          <legend>Experience Level</legend>
          {EXPERIENCE_LEVELS.map((level) => (
            <label key={level} className="confirm-details__option">
              <input
                type="radio"
                name="experience"
                value={level}
                checked={experience === level}
                onChange={() => setExperience(level)}
                required
              />
              <span>{level}</span>
            </label>
          ))}
        </fieldset>
        <FormMessage message={error} />
        <div className="confirm-details__actions">
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={sending}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={sending || !gymId || !experience}
            aria-busy={sending}
          >
            Confirm
          </button>
        </div>
      </form>
    </dialog>
  );
}
