import { PAGE_NOT_FOUND_TITLE } from '@mastr/rules/texts.ts';
import { Link } from 'react-router-dom';
import { PageTitle } from '../ui/index.ts';

/** A gym or coach that does not exist or is not public (§2 'Page Not Found' with a link home). */
export function PageNotFound() {
  return (
    <main className="page page--narrow">
      <PageTitle>{PAGE_NOT_FOUND_TITLE}</PageTitle>
      <h1>Page Not Found</h1>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
