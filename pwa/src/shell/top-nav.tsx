import { Link, NavLink } from 'react-router-dom';
import { TestModeBadge } from './test-mode-badge.tsx';
import { useSession } from '../session/index.ts';
import { navItemsFor } from './nav-items.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { useDisclosure } from './use-disclosure.ts';
import { useKeptMemberName } from './use-kept-member-name.ts';

/** The site bar of §2: brand, the links of the session state, and a member's profile menu. On phones the links fold behind a Menu button. */
export function TopNav() {
  const { kind, userInfo, profileName } = useSession();
  useKeptMemberName(kind === 'user' && !profileName ? (userInfo?.profileId ?? null) : null);
  const { links, profileMenu } = navItemsFor(kind);
  const menu = useDisclosure<HTMLElement>();

  return (
    <header className="top-bar">
      <Link to="/" className="brand" aria-label="Mastr home">
        Mast<span className="brand__accent">r</span>
      </Link>
      <TestModeBadge />
      <button type="button" className="menu-button" {...menu.buttonProps}>
        <span className="menu-button__icon" aria-hidden="true" />
        <span className="menu-button__label">Menu</span>
      </button>
      <nav aria-label="Main" className="top-nav" data-open={menu.open} {...menu.panelProps}>
        <ul>
          {links.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                className={item.cta ? 'top-nav__link top-nav__link--cta' : 'top-nav__link'}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {profileMenu && <ProfileMenu items={profileMenu} email={userInfo?.email ?? ''} name={profileName} />}
    </header>
  );
}
