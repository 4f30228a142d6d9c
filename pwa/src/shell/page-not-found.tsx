import { Link } from 'react-router-dom';

/** A gym or coach that does not exist or is not public (§2 'Page Not Found' with a link home). */
export function PageNotFound() {
  return (
    <main className="page page--narrow">
      <title>Page Not Found · Mastr</title>
      <h1>Page Not Found</h1>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
