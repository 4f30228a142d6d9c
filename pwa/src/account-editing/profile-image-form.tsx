import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { FormMessage } from '../forms/index.ts';
import { Avatar } from '../ui/index.ts';
import { checkImageFile, IMAGE_ACCEPT, imageDataUrl } from './account-edit-model.ts';
import { useAccountEdit, type Saved } from './use-account-edit.ts';
import './account-editing.css';
import { useUniqueId } from '../lib/index.ts';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

interface ProfileImageFormProps<K extends AccountKind, A> {
  kind: K;
  /** Whose image: the avatar's fallback initial. */
  name: string;
  /** The stored image's URL ('' when there is none). */
  image: string;
  send(dataUrl: string): Promise<A>;
  saved(answer: A): Saved<K>;
}

/**
 * The profile image (§2, §5 .jpeg, .png, .jpg; WebP too): the current image, a file input, a preview
 * of the chosen file and Confirm once a usable one is chosen. A file that is not an image of those
 * kinds, or larger than 5 MB, is refused here before anything is sent.
 */
export function ProfileImageForm<K extends AccountKind, A>({
  kind,
  name,
  image,
  send,
  saved,
}: ProfileImageFormProps<K, A>) {
  const id = useUniqueId();
  const edit = useAccountEdit(kind);
  const [chosen, setChosen] = useState<string | null>(null);
  // A new input after each upload, so choosing the same file again still fires a change.
  const [inputKey, setInputKey] = useState(0);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setChosen(null);
    edit.clearMessage();
    if (!file) return;
    const check = checkImageFile(file);
    if (!check.ok) {
      edit.refuse(check.reason);
      setInputKey((key) => key + 1);
      return;
    }
    try {
      setChosen(imageDataUrl(await readAsDataUrl(file), check.mime));
    } catch {
      edit.refuse('That file could not be read: choose another image.');
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen || edit.busy) return;
    const image = chosen;
    if (await edit.save(() => send(image), saved)) {
      setChosen(null);
      setInputKey((key) => key + 1);
    }
  }

  return (
    <form className="edit-form" aria-label="Edit Profile Image" onSubmit={(e) => void submit(e)} noValidate>
      <div className="image-edit">
        <Avatar src={image || null} name={name} size="large" />
        {chosen && <img className="avatar avatar--large image-edit__preview" src={chosen} alt="The chosen image" />}
      </div>
      <label className="form-field__label" htmlFor={id}>
        Profile Image
      </label>
      <input
        key={inputKey}
        id={id}
        className="image-edit__input"
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={edit.busy}
        aria-describedby={`${id}-hint`}
        onChange={(e) => void choose(e)}
      />
      <p id={`${id}-hint`} className="form-field__hint">
        A JPEG, PNG or WebP image of 5 MB or less.
      </p>
      {chosen && (
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
