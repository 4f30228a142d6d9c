import { useState, type FormEvent } from 'react';
import type { AccountKind } from '@mastr/rules/roles.ts';
import {
  FormMessage,
  errorMessage,
  successMessage,
  type Message,
  forgottenPasswordErrorText,
  TextField,
} from '../forms/index.ts';
import '../forms/forms.css';
import { requestPasswordReset } from './password-api.ts';
import { PageTitle } from '../ui/index.ts';

/** /users|coaches|gyms/forgotten-password (§2, §5, §8): asks the server to email a reset link. */
export function ForgottenPasswordPage({ kind }: { kind: AccountKind }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !email) return;
    setBusy(true);
    setMessage(null);
    try {
      const text = await requestPasswordReset(kind, email);
      setMessage(successMessage(text || 'Check your email for a link to reset your password.'));
    } catch (err) {
      setMessage(errorMessage(forgottenPasswordErrorText(err)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="form-page">
      <PageTitle>Forgotten Password · Mastr</PageTitle>
      <h1>Forgotten Password?</h1>
      <p className="form-page__lead">
        Enter the email address of your account and we will send you a link to reset your password.
      </p>
      <FormMessage message={message} />
      <form className="form-stack" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(raw) => setEmail(raw.toLowerCase())}
        />
        <button type="submit" className="form-button form-button--primary" disabled={busy || !email}>
          {busy ? 'Please Wait' : 'Confirm'}
        </button>
      </form>
    </main>
  );
}
