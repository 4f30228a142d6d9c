import { EMAIL_VERIFICATION_SUCCESSFUL } from '@mastr/rules/texts.ts';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SIGN_IN_PATH, type AccountKind } from '@mastr/rules/roles.ts';
import '../forms/forms.css';
import { verifyEmail } from './verify-email.ts';
import { PageTitle } from '../ui/index.ts';

type Outcome = 'checking' | 'verified' | 'not-found';

/** /users|coaches|gyms/{id}/verify/{token} (§2): confirms the email address once. */
export function VerifyEmailPage({ kind }: { kind: AccountKind }) {
  const { id = '', token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>('checking');

  useEffect(() => {
    let live = true;
    setOutcome('checking');
    verifyEmail(kind, id, token).then((verified) => live && setOutcome(verified ? 'verified' : 'not-found'));
    return () => {
      live = false;
    };
  }, [kind, id, token]);

  return (
    <main className="form-page">
      <PageTitle>Email Verification · Mastr</PageTitle>
      {outcome === 'checking' && <p role="status">Verifying your email...</p>}
      {outcome === 'verified' && (
        <>
          <h1>{EMAIL_VERIFICATION_SUCCESSFUL}</h1>
          <p className="form-page__aside">
            <Link to={SIGN_IN_PATH[kind]}>Sign In</Link>
          </p>
        </>
      )}
      {outcome === 'not-found' && <h1>404 Not Found</h1>}
    </main>
  );
}
