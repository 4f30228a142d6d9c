import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { logout } from '../session/index.ts';
import { Avatar } from '../ui/index.ts';
import type { NavItem } from './nav-items.ts';
import { useDisclosure } from './use-disclosure.ts';

/** A member's profile menu: a disclosure button over a list of links plus Logout. */
export function ProfileMenu({ items, email, name }: { items: NavItem[]; email: string; name: string | null }) {
  const menu = useDisclosure<HTMLDivElement>();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  async function signOut() {
    setLeaving(true);
    // Leave before the session is cleared (a guarded member page would bounce through the sign-in
    // screen on the way home), and only once the logout is written down (session-api.ts).
    await logout('user', () => navigate('/'));
  }

  return (
    <div className="profile-menu">
      <button type="button" className="profile-menu__button" {...menu.buttonProps}>
        {/* The same initial as the dashboard's avatar: the member's name (from sign-in), else the email. */}
        <Avatar name={name || email} size="small" />
        <span className="profile-menu__label">Account</span>
      </button>
      <div className="profile-menu__panel" hidden={!menu.open} {...menu.panelProps}>
        {email && <p className="profile-menu__email">{email}</p>}
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="profile-menu__item">
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button type="button" className="profile-menu__item" onClick={signOut} disabled={leaving}>
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
