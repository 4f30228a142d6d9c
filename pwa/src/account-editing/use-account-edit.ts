/**
 * One edit form's call to the server: busy while it runs, the outcome as the form's status line, and
 * the answer merged into the shared profile (the page, the top bar and the device's copy show it at
 * once). Edits need the server: offline nothing is sent and the form says so.
 */
import { useCallback, useEffect, useState } from 'react';
import type { MeProfiles } from '@mastr/rules/api/me.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { useUpdateMeProfile } from '../dashboard-frame/index.ts';
import { errorMessage, successMessage, type Message } from '../forms/index.ts';
import { EDIT_TEXTS, afterEditPatch, editErrorText } from './account-edit-model.ts';
import { useOnline } from './use-online.ts';
import { useUniqueId } from '../lib/index.ts';

export interface Saved<K extends AccountKind> {
  /** What the answer changes in the profile besides the go-live facts (merged for every edit). */
  patch: Partial<MeProfiles[K]>;
  /** The form's success line. */
  text: string;
}

export interface AccountEdit<K extends AccountKind> {
  busy: boolean;
  /** False while the browser has no network: Confirm is disabled and the page says why. */
  online: boolean;
  message: Message | null;
  /** Sends one edit; resolves true once the server stored it. */
  save<A>(send: () => Promise<A>, saved: (answer: A) => Saved<K>): Promise<boolean>;
  /** Shows a refusal made before any call (e.g. an image too large). */
  refuse(text: string): void;
  clearMessage(): void;
}

/**
 * Tells every edit form on the page that one of them saved: the others drop their own success line,
 * whose status and "Still to do" list that save has made stale (issue 24: a page kept one green
 * line per saved field, each with a different list).
 */
const savedOnPage = new EventTarget();

export function useAccountEdit<K extends AccountKind>(kind: K): AccountEdit<K> {
  const update = useUpdateMeProfile(kind);
  const online = useOnline();
  const formId = useUniqueId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  useEffect(() => {
    const onSaved = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== formId)
        setMessage((current) => (current?.tone === 'success' ? null : current));
    };
    savedOnPage.addEventListener('saved', onSaved);
    return () => savedOnPage.removeEventListener('saved', onSaved);
  }, [formId]);

  const save = useCallback(
    async <A>(send: () => Promise<A>, saved: (answer: A) => Saved<K>): Promise<boolean> => {
      if (!navigator.onLine) {
        setMessage(errorMessage(EDIT_TEXTS.offline));
        return false;
      }
      setBusy(true);
      setMessage(null);
      try {
        const answer = await send();
        const { patch, text } = saved(answer);
        // Every gym and coach edit also answers the status and what is still missing (go-live).
        update({ ...patch, ...afterEditPatch(answer) } as Partial<MeProfiles[K]>);
        setMessage(successMessage(text));
        savedOnPage.dispatchEvent(new CustomEvent('saved', { detail: formId }));
        return true;
      } catch (err) {
        setMessage(errorMessage(editErrorText(err, navigator.onLine)));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [update, formId],
  );

  const refuse = useCallback((text: string) => setMessage(errorMessage(text)), []);
  const clearMessage = useCallback(() => setMessage(null), []);

  return { busy, online, message, save, refuse, clearMessage };
}
