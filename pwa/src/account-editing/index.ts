// What other folders use from account-editing/: the account pages' forms, the settings page with the
// account deletion, the notice the home page shows after it, and whether the device is online.
export { postCoachEdit, postGymEdit, postUserProfileImage } from './account-api.ts';
export { AccountDeletedNotice } from './account-deleted-notice.tsx';
export { COACH_FIELDS, GYM_FIELDS, imageSavedText, removedText, SOCIALS } from './account-edit-model.ts';
export { AddressForm } from './address-form.tsx';
export { EditFieldForm } from './edit-field-form.tsx';
export { OfflineEditNote } from './offline-edit-note.tsx';
export { ProfileImageForm } from './profile-image-form.tsx';
export { SettingsPage } from './settings-page.tsx';
export { useOnline } from './use-online.ts';
