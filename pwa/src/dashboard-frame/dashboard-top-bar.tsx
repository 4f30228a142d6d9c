import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { SIGN_IN_PATH, type AccountKind } from '@mastr/rules/roles.ts';
import { logout, useSession } from '../session/index.ts';
import { TestModeBadge } from '../shell/index.ts';
import { Avatar } from '../ui/index.ts';
import { displayNameOf } from './me-profiles.ts';
import { useMeProfile } from './me-profile-context.tsx';

/** Where Logout lands (§2, §4): gyms and coaches on their sign-in screen, members on the home page. */
const AFTER_LOGOUT: Record<AccountKind, string> = { user: '/', gym: SIGN_IN_PATH.gym, coach: SIGN_IN_PATH.coach };

/**
 * The dashboard's top bar: image and name from /api/me, and Logout. `lead` goes before the image (the
 * member's back chevron), `actions` before Logout (the member's notifications bell).
 */
export function DashboardTopBar({ kind, lead, actions }: { kind: AccountKind; lead?: ReactNode; actions?: ReactNode }) {
  const me = useMeProfile(kind);
  const { profileName } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  // Until /api/me answers, the name from sign-in (gyms and coaches) avoids an empty bar.
  const name = me.status === 'ready' ? displayNameOf(kind, me.profile) : (profileName ?? '');
  const image = me.status === 'ready' ? me.profile.profileImage : undefined;

  async function signOut() {
    setLeaving(true);
    // Leave the guarded dashboard before the session is cleared, so it does not bounce through the
    // guard, and only once the logout is written down (session-api.ts).
    await logout(kind, () => navigate(AFTER_LOGOUT[kind], { replace: true }));
  }

  return (
    <header className="dash-bar">
      {lead}
      <Avatar src={image} name={name} />
      <p className="dash-bar__name">{name}</p>
      {/* The member frame sits under the site's top bar, which shows the marker already. */}
      {kind !== 'user' && <TestModeBadge />}
      {actions}
      <button type="button" className="button button--ghost dash-bar__logout" onClick={signOut} disabled={leaving}>
        Logout
      </button>
    </header>
  );
}
