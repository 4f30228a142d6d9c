import { NavLink, Outlet } from 'react-router-dom';
import { SyncStatusBar } from '../data/index.ts';
import { SignedInTenantData } from './signed-in-tenant-data.tsx';
import type { NavItem } from '../shell/index.ts';
import { DashboardTopBar } from './dashboard-top-bar.tsx';
import { useScrollHints } from './use-scroll-hints.ts';
import './dashboard.css';

/**
 * Frame of the gym and coach dashboards (§2): top bar, section navigation (a side column on
 * tablets and desktops, a scrolling strip under the bar on phones) and the current page, over the
 * signed-in account's local data with its sync status always in view.
 */
export function DashboardFrame({
  kind,
  label,
  nav,
}: {
  kind: 'gym' | 'coach';
  label: string;
  nav: readonly NavItem[];
}) {
  const strip = useScrollHints<HTMLUListElement>();
  return (
    <SignedInTenantData kind={kind}>
      <div className="dash">
        <a className="skip-link" href="#dash-content">
          Skip to content
        </a>
        <DashboardTopBar kind={kind} />
        {/* On phones the sections scroll sideways; a fade and an arrow mark the end that hides more. */}
        <nav
          className="dash-nav"
          aria-label={label}
          data-more-before={strip.hints.before}
          data-more-after={strip.hints.after}
        >
          <ul ref={strip.ref}>
            {nav.map((item, index) => (
              <li key={item.to}>
                {/* Home (the index) is current only on its own page; the others also for their sub-pages. */}
                <NavLink to={item.to} end={index === 0} className="dash-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="dash-main" id="dash-content" tabIndex={-1}>
          <SyncStatusBar />
          <Outlet />
        </main>
      </div>
    </SignedInTenantData>
  );
}
