import { PAGE_NOT_FOUND_TITLE } from '@mastr/rules/texts.ts';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SIGN_IN_PATH, type AccountKind } from '@mastr/rules/roles.ts';
import {
  FormMessage,
  errorMessage,
  successMessage,
  type Message,
  INVALID_ENTRY,
  resetPasswordErrorText,
} from '../forms/index.ts';
import '../forms/forms.css';
import { NEW_PASSWORD_STEPS, Wizard, allStepsValid, type WizardValues } from '../register/index.ts';
import { checkResetLink, resetPassword } from './password-api.ts';
import { PageTitle } from '../ui/index.ts';

type LinkState = 'checking' | 'valid' | 'invalid';

/** /users|coaches|gyms/password-reset/{id}/{token} (§2, §4 "Reset", §8). */
export function ResetPasswordPage({ kind }: { kind: AccountKind }) {
  const { id = '', token = '' } = useParams();
  const [link, setLink] = useState<LinkState>('checking');
  const [values, setValues] = useState<WizardValues>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLink('checking');
    // An aborted check (route change, StrictMode's second run) must not decide the page.
    checkResetLink(kind, id, token, controller.signal).then(
      () => controller.signal.aborted || setLink('valid'),
      () => controller.signal.aborted || setLink('invalid'),
    );
    return () => controller.abort();
  }, [kind, id, token]);

  async function submit() {
    if (!allStepsValid(NEW_PASSWORD_STEPS, values)) {
      setMessage(errorMessage(INVALID_ENTRY));
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const text = await resetPassword(kind, id, token, values.pwd ?? '');
      setValues({});
      setDone(true);
      setMessage(successMessage(text || 'Password Reset Successful'));
    } catch (err) {
      setMessage(errorMessage(resetPasswordErrorText(err)));
    } finally {
      setBusy(false);
    }
  }

  if (link === 'checking') {
    return (
      <main className="form-page">
        <PageTitle>Reset Password · Mastr</PageTitle>
        <p role="status">Checking your reset link...</p>
      </main>
    );
  }
  if (link === 'invalid') {
    return (
      <main className="form-page">
        <PageTitle>{PAGE_NOT_FOUND_TITLE}</PageTitle>
        <h1>404 NOT FOUND</h1>
      </main>
    );
  }
  return (
    <main className="form-page">
      <PageTitle>Reset Password · Mastr</PageTitle>
      <h1>Reset Password</h1>
      <FormMessage message={message} />
      {/* Once the password is reset the link is spent: the form goes, the way on is to sign in. */}
      {done ? (
        <p className="form-page__aside">
          <Link to={SIGN_IN_PATH[kind]}>Sign In</Link>
        </p>
      ) : (
        <Wizard
          steps={NEW_PASSWORD_STEPS}
          values={values}
          onValueChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
          busy={busy}
          submitLabel="Reset Password"
          onSubmit={submit}
        />
      )}
    </main>
  );
}
