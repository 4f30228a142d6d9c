import { Outlet } from 'react-router-dom';
import { Footer } from './footer.tsx';
import { TopNav } from './top-nav.tsx';

/** Frame of the public pages and the member dashboard; each page renders its own `<main>`. */
export function Layout() {
  return (
    <div className="site">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <TopNav />
      <div className="site__body" id="content" tabIndex={-1}>
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
