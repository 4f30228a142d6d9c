import { useGoBack } from './use-go-back.ts';
import { PageTitle } from '../ui/index.ts';

export function UnauthorizedPage() {
  const goBack = useGoBack();
  return (
    <main className="page page--narrow">
      <PageTitle>Unauthorized · Mastr</PageTitle>
      <h1>Unauthorized</h1>
      <p className="lead">You do not have access to the requested page.</p>
      <button type="button" className="button" onClick={goBack}>
        Go Back
      </button>
    </main>
  );
}
