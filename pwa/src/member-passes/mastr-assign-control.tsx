import { useState } from 'react';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import { Modal } from '../ui/index.ts';
import { assignClass, fetchClassOptions } from './mastr-assign-api.ts';
import { ASSIGN_TEXTS, assignErrorText, classChoices } from './mastr-assign-model.ts';
import type { MemberMastrPass } from './member-passes-model.ts';

/**
 * 'Choose a Class' on an unassigned Mastr pass: the gym's two classes (getgymclassoptions), one
 * chosen at a time, then 'Book Class' (assignclass). The server writes the booked pass into the
 * member's database, so the list shows it as upcoming with its entry code once it syncs.
 */
export function MastrAssignControl({ pass, onBooked }: { pass: MemberMastrPass; onBooked: (text: string) => void }) {
  const [options, setOptions] = useState<MastrClassOption[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const open = async () => {
    setError('');
    setChosen(null);
    if (!navigator.onLine) return setError(ASSIGN_TEXTS.offline);
    setBusy(true);
    try {
      setOptions(await fetchClassOptions(pass.passId));
    } catch (err) {
      setError(assignErrorText(err));
    }
    setBusy(false);
  };
  const close = () => setOptions(null);

  const choices = options ? classChoices(options, new Date()) : [];
  const book = async () => {
    const choice = choices.find((c) => c.id === chosen);
    if (!choice) return setError(ASSIGN_TEXTS.missing);
    setBusy(true);
    setError('');
    try {
      await assignClass(pass.passId, choice.id, choice.classDateAndTime);
      setOptions(null);
      onBooked(ASSIGN_TEXTS.booked);
    } catch (err) {
      setError(assignErrorText(err));
    }
    setBusy(false);
  };

  return (
    <>
      <button type="button" className="button pass-card__choose" onClick={open} disabled={busy} aria-haspopup="dialog">
        Choose a Class
      </button>
      {error && !options && (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}
      {options && (
        <Modal title="Choose a Mastr Class" onClose={close} busy={busy}>
          {choices.length === 0 ? (
            <p>{ASSIGN_TEXTS.none}</p>
          ) : (
            <fieldset className="mastr-choices">
              <legend>{pass.gymName}</legend>
              {choices.map((c) => (
                <label key={c.id} className="mastr-choices__option">
                  <input
                    type="radio"
                    name={`class-${pass.passId}`}
                    value={c.id}
                    checked={chosen === c.id}
                    disabled={c.unavailable !== null}
                    onChange={() => setChosen(c.id)}
                  />{' '}
                  {c.label}
                  {c.unavailable && ` (${c.unavailable})`}
                </label>
              ))}
            </fieldset>
          )}
          {error && (
            <p className="form-message form-message--error" role="alert">
              {error}
            </p>
          )}
          {chosen && (
            <button type="button" className="button" onClick={book} disabled={busy}>
              Book Class
            </button>
          )}
        </Modal>
      )}
    </>
  );
}
