import { useLocation } from 'react-router-dom';
import './account-editing.css';

/** The navigation state Settings leaves with once the account is deleted (use-delete-account.ts). */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

const DELETED = 'Your account has been deleted and you have been signed out everywhere.';

/** On the home page right after Settings deleted the account: a short confirmation. Kept small: it is in the main bundle. */
export function AccountDeletedNotice() {
  const state: unknown = useLocation().state;
  const deleted = typeof state === 'object' && state !== null && 'accountDeleted' in state && state.accountDeleted;
  if (!deleted) return null;
  return (
    <p className="account-deleted" role="status">
      {DELETED}
    </p>
  );
}
