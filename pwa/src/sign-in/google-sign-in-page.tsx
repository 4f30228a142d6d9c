import { NO_ACCOUNT_YET } from '@mastr/rules/texts.ts';
import { Link, useLocation } from 'react-router-dom';
import { ContinueWithGoogleButton } from './continue-with-google.tsx';
import { PageTitle } from '../ui/index.ts';

/** /auth/google — and, per §2, every unknown path shows this same screen. */
export function GoogleSignInPage() {
  const location = useLocation();
  return (
    <main className="page page--narrow">
      <PageTitle>Sign In with Google · Mastr</PageTitle>
      <section className="panel" aria-labelledby="google-sign-in-title">
        <h1 id="google-sign-in-title">Sign In</h1>
        <p>Members can sign in to Mastr with their Google account.</p>
        <ContinueWithGoogleButton />
        <p className="panel__foot">
          {/* Keep the remembered origin so email sign-in returns to the same page. */}
          <Link to="/auth/user" state={location.state}>
            Sign in with email
          </Link>
          {' · '}
          <Link to="/register">{NO_ACCOUNT_YET}</Link>
        </p>
      </section>
    </main>
  );
}
