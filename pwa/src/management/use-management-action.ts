import { useCallback, useState } from 'react';
import { statusOf } from '../api/index.ts';
import { errorMessage, successMessage, type Message } from '../forms/index.ts';
import { managementErrorText, type ManagementAction } from './management-model.ts';

/**
 * Runs one of the six relation calls at a time: online only (the lists stay readable offline from
 * the kept profile, the actions say they need the server). `call` answers the lists §7 names, which
 * `apply` merges into the shared profile (and so into the copy kept on the device).
 */
export function useManagementAction() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const run = useCallback(
    async <T>(action: ManagementAction, call: () => Promise<T>, apply: (answer: T) => void, done: string) => {
      setBusy(true);
      try {
        apply(await call());
        setMessage(successMessage(done));
        return true;
      } catch (err) {
        setMessage(errorMessage(managementErrorText(action, statusOf(err))));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [],
  );

  return { busy, message, run };
}
