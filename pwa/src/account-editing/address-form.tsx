import { useState, type FormEvent } from 'react';
import type { GymMe } from '@mastr/rules/api/me.ts';
import type { Address } from '@mastr/rules/documents.ts';
import { addressLines } from '../dashboard-frame/index.ts';
import { FormMessage } from '../forms/index.ts';
import { postGymEdit } from './account-api.ts';
import { ADDRESS_LINES, addressBody, canConfirmAddress, savedText, storedAddress } from './account-edit-model.ts';
import { useAccountEdit } from './use-account-edit.ts';
import './account-editing.css';
import { useUniqueId } from '../lib/index.ts';

/** The gym's address (§7 /address): its four lines in one form, sent together; line two may stay empty. */
export function AddressForm({ gym }: { gym: GymMe }) {
  const id = useUniqueId();
  const edit = useAccountEdit('gym');
  const stored = storedAddress(gym.address);
  const [draft, setDraft] = useState<Address | null>(null);
  const value = draft ?? stored;
  const ready = canConfirmAddress(value, stored);

  const change = (key: keyof Address, line: string) => {
    setDraft({ ...value, [key]: line });
    if (edit.message) edit.clearMessage();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || edit.busy) return;
    const saved = await edit.save(
      () => postGymEdit('address', addressBody(value)),
      (answer) => ({
        patch: { address: answer.address },
        text: savedText('Address', addressLines(answer.address).join(', '), answer),
      }),
    );
    if (saved) setDraft(null);
  }

  return (
    <form className="edit-form" aria-label="Edit Address" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="edit-form__group">
        <legend className="form-field__label">Address</legend>
        {ADDRESS_LINES.map((line) => (
          <div key={line.key} className="form-field">
            <label className="edit-form__sublabel" htmlFor={`${id}-${line.key}`}>
              {line.label}
            </label>
            <input
              id={`${id}-${line.key}`}
              className="form-field__input edit-form__input"
              type="text"
              value={value[line.key]}
              readOnly={edit.busy}
              autoComplete={line.autoComplete}
              maxLength={line.maxLength}
              onChange={(e) => change(line.key, e.target.value)}
            />
          </div>
        ))}
      </fieldset>
      {ready && (
        <div className="edit-form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={edit.busy || !edit.online}
            aria-busy={edit.busy}
          >
            Confirm
          </button>
        </div>
      )}
      <FormMessage message={edit.message} />
    </form>
  );
}
