import { useGoBack } from './use-go-back.ts';

export function UnauthorizedPage() {
  const goBack = useGoBack();
  return (
    <main className="page page--narrow">
      <title>Unauthorized · Mastr</title>
      <h1>Unauthorized</h1>
      <p className="lead">You do not have access to the requested page.</p>
      <button type="button" className="button" onClick={goBack}>
        Go Back
      </button>
    </main>
  );
}
