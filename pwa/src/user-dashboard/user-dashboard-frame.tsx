import { NavLink, Outlet } from 'react-router-dom';
import { SyncStatusBar } from '../data/index.ts';
import { DashboardTopBar, SignedInTenantData, USER_NAV } from '../dashboard-frame/index.ts';
import { NotificationsBell } from '../member-notifications/index.ts';
import { useGoBack } from '../shell/index.ts';
import '../dashboard-frame/dashboard.css';

/**
 * Member frame (§2): back chevron to the previous page (default '/'), name, the notifications bell
 * (decision 45) and Logout, and a bottom navigation of four sections.
 */
export function UserDashboardFrame() {
  const goBack = useGoBack('/');
  const back = (
    <button type="button" className="icon-button" onClick={goBack} aria-label="Back">
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M15 5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
  return (
    <SignedInTenantData kind="user">
      <main className="member-dash">
        <DashboardTopBar kind="user" lead={back} actions={<NotificationsBell />} />
        <SyncStatusBar />
        <div className="member-dash__body">
          <Outlet />
        </div>
        <nav className="bottom-nav" aria-label="Member dashboard">
          <ul>
            {USER_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="bottom-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </main>
    </SignedInTenantData>
  );
}
