import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { refreshSession } from '../session/index.ts';
import { Splash } from '../shell/index.ts';
import { takeGoogleReturn } from './google-sign-in.ts';

/**
 * Where the server sends a member back after Google: the session cookie is set, so a silent
 * refresh fetches the access token; then on to the remembered page (or '/'), replacing history.
 */
export function GoogleSuccessPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    // StrictMode runs this twice; refreshSession shares one request and only the live run navigates.
    void refreshSession().then(() => {
      if (live) navigate(takeGoogleReturn(), { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate]);
  return <Splash />;
}
