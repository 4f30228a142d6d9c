import { useState } from 'react';
import { formatPence, MASTR_CLASS_PRICE_PENCE } from '@mastr/rules/money.ts';
import type { GymMe } from '@mastr/rules/api/me.ts';
import { StatusBadge, useUpdateMeProfile } from '../dashboard-frame/index.ts';
import { ChoiceSelect } from '../forms/index.ts';
import { Modal } from '../ui/index.ts';
import {
  activateMastrClass,
  cancelMastrClass,
  toggleMastrClassVisibility,
  toggleNextDefaultMastrClass,
  updateDefaultMastrClass,
} from './mastr-class-api.ts';
import './mastr-class.css';
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
  membersMovedBy,
  type MastrSlotChoice,
} from './mastr-class-model.ts';

interface Confirm {
  text: string;
  run: () => Promise<void>;
}

/** A number choice as the drop-down holds it: '' for none. */
const choiceValue = (value: number | null) => (value === null ? '' : String(value));
const fromChoice = (value: string) => (value ? Number(value) : null);
const asChoices = (options: readonly { value: number; label: string }[]) =>
  options.map((o) => ({ value: String(o.value), text: o.label }));
const DAY_CHOICES = asChoices(MASTR_WEEKDAYS);
const TIME_CHOICES = asChoices(MASTR_TIMES);

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
      <ChoiceSelect
        label="Day"
        value={choiceValue(choice.day)}
        placeholder="Choose a day"
        options={DAY_CHOICES}
        onChange={(day) => setChoice({ ...choice, day: fromChoice(day) })}
      />
      <ChoiceSelect
        label="Time"
        value={choiceValue(choice.time)}
        placeholder="Choose a time"
        options={TIME_CHOICES}
        onChange={(time) => setChoice({ ...choice, time: fromChoice(time) })}
      />
      <button type="submit" className="button" disabled={!canSetMastrClasses(choice)}>
        {label}
      </button>
    </form>
  );
}

/** What the Mastr Class is, for a gym that has never heard of it (issue 24). */
function MastrClassIntro() {
  return (
    <div className="mastr-class__intro">
      <p>
        The Mastr Class is a weekly introductory class members book on Mastr for{' '}
        <strong>{formatPence(MASTR_CLASS_PRICE_PENCE)}</strong>. You choose one day and time; members pick the Next
        Class or the Following Class and show their entry code at your front desk.
      </p>
      <p>
        Members are promised <strong>a deal on their first month&apos;s membership</strong> with you when they come to a
        Mastr Class, so have one ready to offer at the class.
      </p>
    </div>
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
      update(await activateMastrClass(selectedDay, selectedTime));
      setStarting(false);
    }, activationErrorText);
  const updateDefault = (day: number, time: number) =>
    attempt(async () => {
      update(await updateDefaultMastrClass(day, time));
    }, activationErrorText);
  const toggleVisibility = () =>
    attempt(async () => {
      update(await toggleMastrClassVisibility());
    }, activationErrorText);
  const toggleNextDefault = () =>
    attempt(async () => {
      update(await toggleNextDefaultMastrClass());
    }, cancelDefaultErrorText);
  const cancelClass = (id: string) =>
    attempt(async () => {
      const answer = await cancelMastrClass(id);
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
        <MastrClassIntro />
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
      <MastrClassIntro />
      <p className="mastr-class__line">
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
      <p className="mastr-class__line">Default class: {defaultSlotText(slot)}</p>
      <SlotForm
        label="Update Default Class"
        initial={{ day: slot.weekday, time: slot.time }}
        onSubmit={async (day, time) => {
          const members = membersMovedBy(classes, slot, day, time);
          if (!members) return updateDefault(day, time);
          setConfirm({
            text: MASTR_CONFIRMATIONS.moveDefault(defaultSlotText({ weekday: day, time }), members),
            run: () => updateDefault(day, time),
          });
        }}
      />
      {/* One control per class (issue 24): the Next Class is cancelled and re-activated on its own row
          (the §2 'next default class' control), the Following Class cancelled on its row. */}
      <ul className="mastr-class__list">
        {classes.map((c, index) => (
          <li key={c.id} className="mastr-class__item">
            <span>
              <strong>{c.week}</strong>: {c.when} · {c.status} · {c.passes} booked
            </span>
            {c.canCancel && (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setConfirm({ text: MASTR_CONFIRMATIONS.cancelClass(c), run: () => cancelClass(c.id) })}
              >
                Cancel Class<span className="sr-only"> {c.week}</span>
              </button>
            )}
            {index === 0 && c.status === 'Cancelled' && (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setConfirm({ text: MASTR_CONFIRMATIONS.reactivateNext, run: toggleNextDefault })}
              >
                Re-activate<span className="sr-only"> {c.week}</span>
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
