import { formatHourlyRate } from '@mastr/rules/money.ts';
import { ComingNote, DashboardPage, DetailsList, Panel, StatusBadge } from '../dashboard-frame/dashboard-parts.tsx';
import { ProfileGate } from '../dashboard-frame/me-profile-context.tsx';
import { socialLinksOf } from './social-links.ts';

/** /coachdashboard/account: Coach Status, Coach Details and Active Socials Links from /api/me/coaches. */
export function CoachAccountPage() {
  return (
    <DashboardPage title="Account">
      <ProfileGate kind="coach">
        {(coach) => {
          const socials = socialLinksOf(coach);
          return (
            <>
              <Panel title="Coach Status">
                <StatusBadge active={coach.status} labels={['Active', 'Inactive']} />
              </Panel>
              <Panel title="Coach Details">
                <DetailsList
                  rows={[
                    ['First Name', coach.firstName],
                    ['Last Name', coach.lastName],
                    ['Email', coach.email],
                    ['Mobile', coach.mobile],
                    ['Discipline', coach.discipline],
                    ['Session Preference', coach.sessionPreferenceType],
                    ['Price', formatHourlyRate(coach.price)],
                  ]}
                />
              </Panel>
              <Panel title="Active Socials Links">
                {socials.length === 0 ? (
                  <p className="dash-empty">No social links yet.</p>
                ) : (
                  <ul className="link-list">
                    {socials.map((link) => (
                      <li key={link.network}>
                        <a href={link.href} target="_blank" rel="noopener noreferrer">
                          {link.network}: {link.handle}
                          <span className="sr-only"> (opens in a new tab)</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </Panel>
              <ComingNote>
                Editing your details, image, price and social links arrives with the coach account tools.
              </ComingNote>
            </>
          );
        }}
      </ProfileGate>
    </DashboardPage>
  );
}
