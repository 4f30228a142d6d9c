import { useState, type FormEvent } from 'react';
import type { MeProfiles } from '@mastr/rules/api/me.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { FormMessage } from '../forms/index.ts';
import { canConfirm, savedText, selectOptions, type AfterEdit, type FieldDef } from './account-edit-model.ts';
import { useAccountEdit } from './use-account-edit.ts';
import './account-editing.css';
import { useUniqueId } from '../lib/index.ts';

/** A social's Remove next to its username (§7: posts the fixed placeholder). */
interface RemoveAction<Res> {
  /** The network, for the button's accessible name ('Remove Instagram'). */
  name: string;
  send(): Promise<Res>;
  text(answer: Res): string;
}

interface EditFieldFormProps<K extends AccountKind, Req, Res extends AfterEdit> {
  kind: K;
  def: FieldDef<MeProfiles[K], Req, Res>;
  profile: MeProfiles[K];
  send(body: Req): Promise<Res>;
  remove?: RemoveAction<Res>;
}

/**
 * One field of an account page as its own small form (named 'Edit {label}'): the input starts from
 * the stored value; Confirm shows once a new value is typed (§5) and is disabled while the edit is on
 * its way or the device is offline; the outcome shows under it.
 */
export function EditFieldForm<K extends AccountKind, Req, Res extends AfterEdit>({
  kind,
  def,
  profile,
  send,
  remove,
}: EditFieldFormProps<K, Req, Res>) {
  const id = useUniqueId();
  const hintId = `${id}-hint`;
  const edit = useAccountEdit(kind);
  // null: untouched, so the input follows the stored value (which an answer or a reload may change).
  const [draft, setDraft] = useState<string | null>(null);
  const stored = def.current(profile);
  const value = draft ?? stored;
  const ready = canConfirm(value, stored);
  const removable = remove !== undefined && stored.trim() !== '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || edit.busy) return;
    const saved = await edit.save(
      () => send(def.body(value)),
      (answer) => {
        const { patch, shown } = def.saved(answer);
        return { patch, text: savedText(def.label, shown, answer) };
      },
    );
    if (saved) setDraft(null);
  }

  async function removeValue() {
    if (!remove || edit.busy) return;
    const removed = await edit.save(remove.send, (answer) => ({
      patch: def.saved(answer).patch,
      text: remove.text(answer),
    }));
    if (removed) setDraft(null);
  }

  const common = {
    id,
    className: 'form-field__input edit-form__input',
    value,
    'aria-describedby': def.hint ? hintId : undefined,
  };
  const change = (next: string) => {
    setDraft(next);
    if (edit.message) edit.clearMessage();
  };

  let input;
  if (def.input === 'textarea')
    input = (
      <textarea
        {...common}
        readOnly={edit.busy}
        rows={5}
        maxLength={def.maxLength}
        onChange={(e) => change(e.target.value)}
      />
    );
  else if (def.input === 'select')
    input = (
      <select {...common} disabled={edit.busy} onChange={(e) => change(e.target.value)}>
        {selectOptions(def.options ?? [], value).map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    );
  else
    input = (
      <input
        {...common}
        readOnly={edit.busy}
        type="text"
        inputMode={def.input === 'pounds' ? 'decimal' : undefined}
        autoComplete={def.input === 'pounds' ? 'off' : def.autoComplete}
        maxLength={def.maxLength}
        onChange={(e) => change(e.target.value)}
      />
    );

  return (
    <form className="edit-form" aria-label={`Edit ${def.label}`} onSubmit={(e) => void submit(e)} noValidate>
      <label className="form-field__label" htmlFor={id}>
        {def.label}
      </label>
      <div className={def.input === 'textarea' ? 'edit-form__row edit-form__row--stacked' : 'edit-form__row'}>
        {input}
        {(ready || removable) && (
          <div className="edit-form__actions">
            {ready && (
              <button
                type="submit"
                className="button button--primary"
                disabled={edit.busy || !edit.online}
                aria-busy={edit.busy}
              >
                Confirm
              </button>
            )}
            {remove && removable && (
              <button
                type="button"
                className="button button--danger"
                aria-label={`Remove ${remove.name}`}
                disabled={edit.busy || !edit.online}
                onClick={() => void removeValue()}
              >
                Remove
              </button>
            )}
          </div>
        )}
      </div>
      {def.hint && (
        <p id={hintId} className="form-field__hint">
          {def.hint}
        </p>
      )}
      <FormMessage message={edit.message} />
    </form>
  );
}
