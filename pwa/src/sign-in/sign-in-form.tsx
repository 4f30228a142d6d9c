import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { KIND_PLURAL, type AccountKind } from '@mastr/rules/roles.ts';
import { CheckboxField, FormMessage, errorMessage, type Message, signInErrorText, TextField } from '../forms/index.ts';
import '../forms/forms.css';
import { getPersist, setPersist, signIn } from '../session/index.ts';
import { returnPathAfterSignIn } from './return-path.ts';

/** The typed email survives a reload until a sign-in succeeds (§3 "Local storage keys"). */
const EMAIL_KEY = 'email';

/** Email, password and 'Keep me logged in?' for one account kind (§2 "Sign-in screens", §4, §8). */
export function SignInForm({ kind }: { kind: AccountKind }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState(() => localStorage.getItem(EMAIL_KEY) ?? '');
  const [pwd, setPwd] = useState('');
  const [persist, setPersistState] = useState(getPersist);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  function changeEmail(raw: string) {
    const typed = raw.toLowerCase();
    setEmail(typed);
    localStorage.setItem(EMAIL_KEY, typed);
    setMessage(null);
  }

  function changePersist(checked: boolean) {
    setPersistState(checked);
    setPersist(checked);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !email || !pwd) return;
    setBusy(true);
    setMessage(null);
    try {
      await signIn(kind, email, pwd);
      localStorage.removeItem(EMAIL_KEY);
      navigate(returnPathAfterSignIn(location.state, kind), { replace: true });
    } catch (err) {
      setMessage(errorMessage(signInErrorText(err)));
      setBusy(false);
    }
  }

  return (
    <>
      <FormMessage message={message} />
      <form className="form-stack" onSubmit={submit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={changeEmail} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={pwd}
          onChange={(value) => {
            setPwd(value);
            setMessage(null);
          }}
        />
        <CheckboxField label="Keep me logged in?" checked={persist} onChange={changePersist} />
        <button type="submit" className="form-button form-button--primary" disabled={busy || !email || !pwd}>
          {busy ? 'Please Wait' : 'Sign In'}
        </button>
        <p className="form-stack__links">
          <Link to={`/${KIND_PLURAL[kind]}/forgotten-password`}>Forgotten Your Password?</Link>
        </p>
      </form>
    </>
  );
}
