// What other folders use from payments/: checkout notices, member cancels, the plan, the Stripe pages.
// The test-mode badge both frames show is shell/'s (decision 192).
export { CancelConfirmDialog } from './cancel-confirm-dialog.tsx';
export {
  CancelDayPassControl,
  MemberPassCancel,
  useMemberCancels,
  type MemberCancels,
} from './cancel-day-pass-control.tsx';
export { CheckoutCancelledNotice, CheckoutPaidNotice, SessionCheckoutNotice } from './checkout-notices.tsx';
export { currentPlanLabel } from './current-plan.ts';
export { mastrCancelledText, mastrCancelPrompt } from './member-cancel.ts';
export { memberCancelErrorText } from './payment-errors.ts';
export { cancelMemberMastrPass } from './payments-api.ts';
export { CoachStripePage, GymStripePage } from './stripe-pages.tsx';
