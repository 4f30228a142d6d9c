import type { CoachMe } from '@mastr/rules/api/me.ts';
import {
  COACH_FIELDS,
  EditFieldForm,
  imageSavedText,
  OfflineEditNote,
  postCoachEdit,
  ProfileImageForm,
  removedText,
  SOCIALS,
} from '../account-editing/index.ts';
import {
  DashboardPage,
  DetailsList,
  Panel,
  StatusBadge,
  displayNameOf,
  ProfileGate,
} from '../dashboard-frame/index.ts';
import { socialLinksOf, type SocialLink } from './social-links.ts';
import { MailSettingsPanels } from '../mail-settings/index.ts';

function SocialLinkLine({ link }: { link: SocialLink | undefined }) {
  if (!link) return <p className="social-edit__link dash-empty">Not linked.</p>;
  return (
    <p className="social-edit__link">
      <a href={link.href} target="_blank" rel="noopener noreferrer">
        {link.network}: {link.handle}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

/** Active Socials Links (§2): each network's link, its username to set, and Remove (§7's fixed placeholder). */
function SocialsPanel({ coach }: { coach: CoachMe }) {
  const links = socialLinksOf(coach);
  const linkOf = (network: SocialLink['network']) => links.find((link) => link.network === network);
  const { instagram, tiktok, youtube } = SOCIALS;
  return (
    <Panel title="Active Socials Links">
      <div className="social-edit">
        <SocialLinkLine link={linkOf(instagram.network)} />
        <EditFieldForm
          kind="coach"
          def={instagram.field}
          profile={coach}
          send={(body) => postCoachEdit('socials/instagram', body)}
          remove={{
            name: instagram.network,
            send: () => postCoachEdit('socials/instagram', instagram.removeBody()),
            text: (answer) => removedText(instagram.network, answer),
          }}
        />
      </div>
      <div className="social-edit">
        <SocialLinkLine link={linkOf(tiktok.network)} />
        <EditFieldForm
          kind="coach"
          def={tiktok.field}
          profile={coach}
          send={(body) => postCoachEdit('socials/tiktok', body)}
          remove={{
            name: tiktok.network,
            send: () => postCoachEdit('socials/tiktok', tiktok.removeBody()),
            text: (answer) => removedText(tiktok.network, answer),
          }}
        />
      </div>
      <div className="social-edit">
        <SocialLinkLine link={linkOf(youtube.network)} />
        <EditFieldForm
          kind="coach"
          def={youtube.field}
          profile={coach}
          send={(body) => postCoachEdit('socials/youtube', body)}
          remove={{
            name: youtube.network,
            send: () => postCoachEdit('socials/youtube', youtube.removeBody()),
            text: (answer) => removedText(youtube.network, answer),
          }}
        />
      </div>
    </Panel>
  );
}

/**
 * /coachdashboard/account: Coach Status, the image, Coach Details and Active Socials Links from
 * /api/me/coaches, each editable on its own (§7 "Coach account"); offline the page reads the
 * device's copy and edits wait.
 */
export function CoachAccountPage() {
  return (
    <DashboardPage title="Account">
      <ProfileGate kind="coach">
        {(coach) => (
          <>
            <OfflineEditNote />
            <Panel title="Coach Status">
              <StatusBadge active={coach.status} labels={['Active', 'Inactive']} />
            </Panel>
            <Panel title="Profile Image">
              <ProfileImageForm
                kind="coach"
                name={displayNameOf('coach', coach)}
                image={coach.profileImage}
                send={(profileImage) => postCoachEdit('profileImage', { profileImage })}
                saved={(answer) => ({
                  patch: { profileImage: answer.profileImage },
                  text: imageSavedText(answer),
                })}
              />
            </Panel>
            <Panel title="Coach Details">
              <DetailsList
                rows={[
                  ['Email', coach.email],
                  ['Mobile', coach.mobile],
                ]}
              />
              <div className="edit-list">
                <EditFieldForm
                  kind="coach"
                  def={COACH_FIELDS.first_name}
                  profile={coach}
                  send={(body) => postCoachEdit('first_name', body)}
                />
                <EditFieldForm
                  kind="coach"
                  def={COACH_FIELDS.last_name}
                  profile={coach}
                  send={(body) => postCoachEdit('last_name', body)}
                />
                <EditFieldForm
                  kind="coach"
                  def={COACH_FIELDS.discipline}
                  profile={coach}
                  send={(body) => postCoachEdit('discipline', body)}
                />
                <EditFieldForm
                  kind="coach"
                  def={COACH_FIELDS.sessionPreferenceType}
                  profile={coach}
                  send={(body) => postCoachEdit('sessionPreferenceType', body)}
                />
                <EditFieldForm
                  kind="coach"
                  def={COACH_FIELDS.price}
                  profile={coach}
                  send={(body) => postCoachEdit('price', body)}
                />
              </div>
            </Panel>
            <SocialsPanel coach={coach} />
          </>
        )}
      </ProfileGate>
      <MailSettingsPanels kind="coach" />
    </DashboardPage>
  );
}
