// The accounts domain's public surface: what other folders may import from it.
export { coachEdits, editMemberImage, type EditOutcome, gymEdits } from './account-edit-service.ts';
export { GOODBYE_GIVE_UP_MS, goodbyeRecipient, tellAccountDeleted } from './account-event-mails.ts';
export { AccountTakenError, createAccount, type NewAccountInput } from './accounts-service.ts';
export { claimIdsOf, releaseClaims } from './claims.ts';
export { applyGoLive, missingSteps } from './go-live-service.ts';
export { UPLOAD_REFUSALS } from './image-intake.ts';
export {
  IMAGE_CACHE_CONTROL,
  IMAGE_CONTENT_TYPE,
  IMAGE_REFUSALS,
  publicImageUrl,
  readProfileImage,
} from './profile-images.ts';
export { coachView, gymView, profileDisplayName, userView } from './profile-views.ts';
