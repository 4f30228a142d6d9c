import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { GOOGLE_SIGN_IN_URL, probeGoogleSignIn, rememberGoogleReturn } from './google-sign-in.ts';
import { returnPathAfterSignIn } from './return-path.ts';

/**
 * 'Continue with Google' for members: remembers the page to come back to (location.state.from,
 * else '/') in localStorage `googleReturnUrl`, then leaves for the server's Google sign-in —
 * unless the server says Google is not configured, which is shown instead.
 */
export function ContinueWithGoogleButton() {
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function start() {
    setBusy(true);
    setMessage('');
    rememberGoogleReturn(returnPathAfterSignIn(location.state, 'user'));
    const probe = await probeGoogleSignIn();
    if (probe.ready) {
      window.location.assign(GOOGLE_SIGN_IN_URL);
      return; // the page is unloading; keep the button disabled
    }
    setMessage(probe.message);
    setBusy(false);
  }

  return (
    <div className="google-sign-in">
      <button type="button" className="button button--google" onClick={start} disabled={busy}>
        <span className="button__mark" aria-hidden="true">
          G
        </span>
        Continue with Google
      </button>
      <p className="google-sign-in__message" aria-live="assertive">
        {message}
      </p>
    </div>
  );
}
