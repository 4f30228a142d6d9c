import {
  AddressForm,
  EditFieldForm,
  GYM_FIELDS,
  imageSavedText,
  OfflineEditNote,
  postGymEdit,
  ProfileImageForm,
} from '../account-editing/index.ts';
import { DashboardPage, DetailsList, Panel, StatusBadge, ProfileGate } from '../dashboard-frame/index.ts';
import { MastrClassSection } from './mastr-class-section.tsx';
import { MailSettingsPanels } from '../mail-settings/index.ts';

/**
 * /gymdashboard/account: status, image, details and prices as /api/me/gyms reports them, each
 * editable on its own (§7 "Gym account"); offline the page reads the device's copy and edits wait.
 */
export function GymAccountPage() {
  return (
    <DashboardPage title="Account">
      <ProfileGate kind="gym">
        {(gym) => (
          <>
            <OfflineEditNote />
            <Panel title="Gym Status">
              <StatusBadge active={gym.status} labels={['Active', 'Inactive']} />
              {/* §4: a gym is listed publicly only when active and subscribed. */}
              <p>
                {gym.status && gym.subscribed
                  ? 'Your gym is listed publicly on Mastr.'
                  : 'Your gym is not listed publicly yet: listing needs an active status and a subscription.'}
              </p>
            </Panel>
            <Panel title="Profile Image">
              <ProfileImageForm
                kind="gym"
                name={gym.gymName}
                image={gym.profileImage}
                send={(profileImage) => postGymEdit('profileImage', { profileImage })}
                saved={(answer) => ({
                  patch: { profileImage: answer.profileImage },
                  text: imageSavedText(answer),
                })}
              />
            </Panel>
            <Panel title="Gym Details">
              <DetailsList
                rows={[
                  ['Email', gym.email],
                  ['Mobile', gym.mobile],
                ]}
              />
              <div className="edit-list">
                <EditFieldForm
                  kind="gym"
                  def={GYM_FIELDS.gym_name}
                  profile={gym}
                  send={(body) => postGymEdit('gym_name', body)}
                />
                <AddressForm gym={gym} />
                <EditFieldForm
                  kind="gym"
                  def={GYM_FIELDS.bio}
                  profile={gym}
                  send={(body) => postGymEdit('bio', body)}
                />
              </div>
            </Panel>
            <Panel title="Day Pass Prices">
              <div className="edit-list">
                <EditFieldForm
                  kind="gym"
                  def={GYM_FIELDS.adultDayPass}
                  profile={gym}
                  send={(body) => postGymEdit('adultDayPass', body)}
                />
                <EditFieldForm
                  kind="gym"
                  def={GYM_FIELDS.kidsDayPass}
                  profile={gym}
                  send={(body) => postGymEdit('kidsDayPass', body)}
                />
              </div>
            </Panel>
            <Panel title="Mastr Class">
              <MastrClassSection gym={gym} />
            </Panel>
          </>
        )}
      </ProfileGate>
      <MailSettingsPanels kind="gym" />
    </DashboardPage>
  );
}
