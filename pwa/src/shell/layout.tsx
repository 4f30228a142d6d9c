import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './footer.tsx';
import { TopNav } from './top-nav.tsx';

/**
 * While a page's chunk loads (pages are code-split, app.tsx) the top bar stays; the body keeps a
 * full screen's height at all times (shell.css `.site__body`), so the footer does not show and then
 * jump when the page arrives.
 */
function PagePending() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/** Frame of the public pages and the member dashboard; each page renders its own `<main>`. */
export function Layout() {
  return (
    <div className="site">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <TopNav />
      <div className="site__body" id="content" tabIndex={-1}>
        <Suspense fallback={<PagePending />}>
          <Outlet />
        </Suspense>
      </div>
      <Footer />
    </div>
  );
}
