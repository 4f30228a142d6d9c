// The coaching domain's public surface: what other folders may import from it.
export {
  ALREADY_APPLIED,
  applyForRequest,
  AUCTION_REFUSALS,
  auctionHouse,
  type AuctionOutcome,
  withdrawApplications,
} from './auction-service.ts';
export {
  addAvailabilitySlot,
  availabilityView,
  claimsOf,
  keepHeldHoursOfFollowingWeeks,
  removeAvailabilitySlot,
} from './availability-service.ts';
export { BOOKING_CANCEL_MESSAGES, cancelBooking } from './booking-cancellation.ts';
export {
  endCoachBookings,
  endGymBookings,
  endMemberBookings,
  scrubSessionNotifications,
  sessionParties,
} from './booking-endings.ts';
export { ABANDONED_CLAIM_MS, requestCoachSlot } from './coach-slot-requests-service.ts';
export { requestGymSession } from './private-session-requests-service.ts';
export { endCoachRequest, endGymRequest } from './request-ending.ts';
export { coachRequestList, gymRequestList } from './request-views.ts';
export { sessionOfBooking, tellSession } from './session-notifications.ts';
export {
  acceptSessionRequest,
  ANSWER_REFUSALS,
  type AnswerOutcome,
  rejectSessionRequest,
  releaseLapsedAcceptances,
} from './session-request-answers.ts';
export { sessionListFields } from './session-views.ts';
