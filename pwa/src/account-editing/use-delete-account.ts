/**
 * Settings 'Delete My Account' (design/decisions.md "Deleting an account"): DELETE /api/me/{plural};
 * on its 204 the server has ended every session, so the device forgets the account exactly as a
 * logout does and the app goes home with a short confirmation.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { forgetAccountOnDevice } from '../session/index.ts';
import { tokenStore } from '../api/index.ts';
import { deleteAccount } from './account-api.ts';
import { DELETE_TEXTS, deleteErrorText } from './account-edit-model.ts';
import { ACCOUNT_DELETED_STATE } from './account-deleted-notice.tsx';

export interface AccountDeletion {
  busy: boolean;
  error: string;
  confirm(): Promise<void>;
  clearError(): void;
}

export function useDeleteAccount(kind: AccountKind): AccountDeletion {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const confirm = useCallback(async () => {
    if (!navigator.onLine) return setError(DELETE_TEXTS.offline);
    const profileId = tokenStore.get().userInfo?.profileId;
    setBusy(true);
    setError('');
    try {
      await deleteAccount(kind);
    } catch (err) {
      setError(deleteErrorText(err, navigator.onLine));
      setBusy(false);
      return;
    }
    // Leave the guarded dashboard first, so clearing the session does not bounce through the guard.
    navigate('/', { replace: true, state: ACCOUNT_DELETED_STATE });
    await forgetAccountOnDevice(kind, profileId);
  }, [kind, navigate]);

  const clearError = useCallback(() => setError(''), []);
  return { busy, error, confirm, clearError };
}
