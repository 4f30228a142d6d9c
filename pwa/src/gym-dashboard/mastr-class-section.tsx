import { useState } from 'react';
import type { GymMe } from '@mastr/rules/api/me.ts';
import { callApi } from '../api/http.ts';
import { StatusBadge } from '../dashboard-frame/dashboard-parts.tsx';
import { useUpdateMeProfile } from '../dashboard-frame/me-profile-context.tsx';
import { Modal } from '../gyms/modal.tsx';
import {
  activationErrorText,
  canSetMastrClasses,
  cancelClassErrorText,
  cancelDefaultErrorText,
  defaultSlotText,
  listedClasses,
  MASTR_CONFIRMATIONS,
  MASTR_TIMES,
  MASTR_WEEKDAYS,
  type MastrSlotChoice,
} from './mastr-class-model.ts';

interface Confirm {
  text: string;
  run: () => Promise<void>;
}

/** The slot form: 'Set Mastr Classes' on set-up, 'Update Default Class' after. */
function SlotForm({
  label,
  initial,
  onSubmit,
}: {
  label: string;
  initial: MastrSlotChoice;
  onSubmit: (day: number, time: number) => Promise<void>;
}) {
  const [choice, setChoice] = useState<MastrSlotChoice>(initial);
  return (
    <form
      className="mastr-slot-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (canSetMastrClasses(choice)) void onSubmit(choice.day!, choice.time!);
      }}
    >
      <label>
        Day{' '}
        <select
          value={choice.day ?? ''}
          onChange={(e) => setChoice({ ...choice, day: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Choose a day</option>
          {MASTR_WEEKDAYS.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Time{' '}
        <select
          value={choice.time ?? ''}
          onChange={(e) => setChoice({ ...choice, time: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Choose a time</option>
          {MASTR_TIMES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="submit" className="button" disabled={!canSetMastrClasses(choice)}>
        {label}
      </button>
    </form>
  );
}

/**
 * The gym's Mastr Class on its Account page (§2): set-up, the default day and time, the next
 * default class cancelled or re-activated, the two listed classes and public visibility, each
 * change confirmed where §2 asks and sent online (§7); the answer updates the page.
 */
export function MastrClassSection({ gym }: { gym: GymMe }) {
  const update = useUpdateMeProfile('gym');
  const [starting, setStarting] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const attempt = async (run: () => Promise<void>, errorText: (err: unknown) => string) => {
    setBusy(true);
    setError('');
    try {
      await run();
      setConfirm(null);
    } catch (err) {
      setError(errorText(err));
    }
    setBusy(false);
  };

  const activate = (selectedDay: number, selectedTime: number) =>
    attempt(async () => {
      update(
        await callApi('POST /api/me/gyms/mastrclass/activate', { body: { selectedDay, selectedTime }, auth: true }),
      );
      setStarting(false);
    }, activationErrorText);
  const updateDefault = (day: number, time: number) =>
    attempt(async () => {
      update(
        await callApi('POST /api/me/gyms/mastrclass/default/update', {
          body: { selectedDefaultMastrDay: day, selectedDefaultMastrTime: time },
          auth: true,
        }),
      );
    }, activationErrorText);
  const toggleVisibility = () =>
    attempt(async () => {
      update(await callApi('POST /api/me/gyms/mastrclass/activate/publicvisibility', { auth: true }));
    }, activationErrorText);
  const toggleNextDefault = () =>
    attempt(async () => {
      update(await callApi('POST /api/me/gyms/mastrclass/default/cancel', { auth: true }));
    }, cancelDefaultErrorText);
  const cancelClass = (id: string) =>
    attempt(async () => {
      const answer = await callApi('POST /api/me/gyms/mastrclass/active/{id}/cancel', { params: { id }, auth: true });
      update({ mastrClassAvailability: answer.mastrClassAvailability, allMastrPasses: answer.mastrPasses });
    }, cancelClassErrorText);

  const slot = gym.mastrClassDefault;
  const errorLine = error && (
    <p className="form-message form-message--error" role="alert">
      {error}
    </p>
  );

  if (!slot) {
    return (
      <div className="mastr-class">
        {!starting ? (
          <button type="button" className="button" onClick={() => setStarting(true)}>
            Start
          </button>
        ) : (
          <SlotForm label="Set Mastr Classes" initial={{ day: null, time: null }} onSubmit={activate} />
        )}
        {errorLine}
      </div>
    );
  }

  const classes = listedClasses(gym.mastrClassAvailability, new Date());
  return (
    <div className="mastr-class">
      <p>
        Public visibility: <StatusBadge active={gym.mastrClassActive} labels={['Live', 'Inactive']} />{' '}
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            setConfirm({
              text: gym.mastrClassActive ? MASTR_CONFIRMATIONS.hide : MASTR_CONFIRMATIONS.activate,
              run: toggleVisibility,
            })
          }
        >
          {gym.mastrClassActive ? 'Hide' : 'Activate'}
        </button>
      </p>
      <p>Default class: {defaultSlotText(slot)}</p>
      <SlotForm
        label="Update Default Class"
        initial={{ day: slot.weekday, time: slot.time }}
        onSubmit={updateDefault}
      />
      <p>
        Next default class: {slot.cancelled ? 'Cancelled' : 'Scheduled'}{' '}
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            setConfirm({
              text: slot.cancelled ? MASTR_CONFIRMATIONS.reactivateNext : MASTR_CONFIRMATIONS.cancelNext,
              run: toggleNextDefault,
            })
          }
        >
          {slot.cancelled ? 'Re-activate' : 'Set As Cancelled'}
        </button>
      </p>
      <ul className="mastr-class__list">
        {classes.map((c) => (
          <li key={c.id} className="mastr-class__item">
            <strong>{c.week}</strong>: {c.when} · {c.status} · {c.passes} booked{' '}
            {c.canCancel && (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setConfirm({ text: MASTR_CONFIRMATIONS.cancelClass(c), run: () => cancelClass(c.id) })}
              >
                Cancel Class<span className="sr-only"> {c.week}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {!confirm && errorLine}
      {confirm && (
        <Modal title="Please Confirm" onClose={() => setConfirm(null)} busy={busy}>
          <p>{confirm.text}</p>
          {errorLine}
          <button type="button" className="button" disabled={busy} onClick={() => void confirm.run()}>
            Confirm
          </button>
        </Modal>
      )}
    </div>
  );
}
