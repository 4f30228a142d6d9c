import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { Modal } from '../ui/index.ts';
import { deletionConsequences } from './account-edit-model.ts';
import { useDeleteAccount } from './use-delete-account.ts';
import './account-editing.css';

/**
 * Settings' Delete button (§2) and its confirmation: what deleting the account does, then Delete My
 * Account, which needs the server; on success the app signs out and goes home.
 */
export function DeleteAccountControl({ kind, title }: { kind: AccountKind; title: string }) {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteAccount(kind);

  const close = () => {
    setOpen(false);
    deletion.clearError();
  };

  return (
    <>
      <p>Deleting your account erases your details from Mastr and signs you out. It cannot be undone.</p>
      <button type="button" className="button button--danger" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Delete
      </button>
      {open && (
        <Modal title={title} onClose={close} busy={deletion.busy}>
          <p>If you delete your account:</p>
          <ul className="delete-account__list">
            {deletionConsequences(kind).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="modal__note">
            See the <Link to="/policy/termsofuse">Terms of Use</Link> and the{' '}
            <Link to="/policy/privacy">Privacy Policy</Link>.
          </p>
          {deletion.error && (
            <p className="modal__error" role="alert">
              {deletion.error}
            </p>
          )}
          <div className="delete-account__actions">
            <button
              type="button"
              className="button button--danger"
              onClick={() => void deletion.confirm()}
              disabled={deletion.busy}
              aria-busy={deletion.busy}
            >
              Delete My Account
            </button>
            <button type="button" className="button" onClick={close} disabled={deletion.busy}>
              Keep My Account
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
