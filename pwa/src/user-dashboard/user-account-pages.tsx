import { Link } from 'react-router-dom';
import { USER_NAV, DashboardPage, DetailsList, Panel, ProfileGate } from '../dashboard-frame/index.ts';
import { imageSavedText, OfflineEditNote, postUserProfileImage, ProfileImageForm } from '../account-editing/index.ts';
import { MEMBER_NOTIFICATIONS_PATH } from '../member-notifications/index.ts';
import { MailSettingsPanels } from '../mail-settings/index.ts';

const SECTION_HINTS: Record<string, string> = {
  Account: 'Your details and profile image.',
  'Day Passes': 'Your day passes and Mastr Class passes, with their entry codes.',
  'Private Sessions': 'Your PT sessions and requests to coaches and gyms.',
  Bookings: 'Your upcoming and completed sessions.',
};

/** /userdashboard: a greeting and the four sections. */
export function UserHomePage() {
  return (
    <DashboardPage title="My Mastr">
      <ProfileGate kind="user">{(user) => <p className="lead">Hi {user.name}.</p>}</ProfileGate>
      <ul className="card-grid">
        {USER_NAV.map((item) => (
          <li key={item.to} className="card">
            <h2 className="card__title">
              <Link to={item.to} className="card__link">
                {item.label}
              </Link>
            </h2>
            <p className="card__text">{SECTION_HINTS[item.label]}</p>
          </li>
        ))}
      </ul>
      <p>
        <Link to={MEMBER_NOTIFICATIONS_PATH}>Notifications</Link> · <Link to="/userdashboard/settings">Settings</Link>
      </p>
    </DashboardPage>
  );
}

/** /userdashboard/account: the member's details from /api/me/users and their profile image (§2, §7). */
export function UserAccountPage() {
  return (
    <DashboardPage title="Account">
      <ProfileGate kind="user">
        {(user) => (
          <>
            <OfflineEditNote />
            <Panel title="Profile">
              <DetailsList
                rows={[
                  ['Name', user.name],
                  ['Email', user.email],
                  ['Mobile', user.mobile],
                ]}
              />
            </Panel>
            <Panel title="Profile Image">
              <ProfileImageForm
                kind="user"
                name={user.name}
                image={user.profileImage}
                send={postUserProfileImage}
                saved={(answer) => ({ patch: { profileImage: answer.profileImage }, text: imageSavedText() })}
              />
            </Panel>
          </>
        )}
      </ProfileGate>
      <MailSettingsPanels kind="user" />
    </DashboardPage>
  );
}
