import { Link } from 'react-router-dom';
import type { AccountKind } from '@mastr/rules/roles.ts';
import '../forms/forms.css';
import { ContinueWithGoogleButton } from './continue-with-google.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { PageTitle } from '../ui/index.ts';

const TITLES: Record<AccountKind, string> = {
  user: 'Sign In',
  coach: 'Coach Sign In',
  gym: 'Gym Sign In',
};

/** /auth/user, /auth/coach, /auth/gym (§2 "Sign-in screens"). */
export function SignInPage({ kind }: { kind: AccountKind }) {
  return (
    <main className="form-page">
      <PageTitle>{`${TITLES[kind]} · Mastr`}</PageTitle>
      <h1>{TITLES[kind]}</h1>
      <SignInForm key={kind} kind={kind} />
      {kind === 'user' && (
        <div className="form-page__alternative">
          <ContinueWithGoogleButton />
        </div>
      )}
      <p className="form-page__aside">
        Need an Account? <Link to={`/register/${kind}`}>Register</Link>
      </p>
    </main>
  );
}
