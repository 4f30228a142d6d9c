/**
 * The user-facing texts said in two or more places (issue 25, decision 114): each is written once
 * here, named for what it says, and the PWA, the server and mails import it, so the same situation
 * reads the same everywhere and a change to a text is one edit. Texts of the product spec's §8 error
 * catalogue are kept word for word (capitals and punctuation included): tests and pages compare them.
 * A text used in one place only stays beside its use.
 */

// Sessions and bookings
export const SESSION_ALREADY_STARTED = 'This session has already started.';
export const SESSION_CANCELLED_REFUNDED = 'Session Cancelled. Your payment will be refunded in full.';
export const FULL_REFUND_TO_CARD = 'You will get a full refund to your card.';
export const REQUEST_NO_LONGER_AVAILABLE = 'This request is no longer available.';
export const NO_UPCOMING_SESSIONS = 'You have no Upcoming Sessions';
export const NO_UPCOMING_SESSIONS_TODAY = 'You have no Upcoming Sessions Today';
export const NO_SESSIONS_COMPLETED_TODAY = 'You have not completed any Sessions Today';
export const NO_PRIVATE_SESSION_REQUESTS = 'No Private Session Requests';
/** §8: a coach's or gym's answer to a session request, or its checkout, did not go through. */
export const ACCEPT_SESSION_FAILED = 'Accept Session Failed';
/** §8: a cancellation (a day pass, a Mastr class, a session) did not go through. */
export const CANCEL_BOOKING_FAILED = 'Cancel Booking Failed';

// Passes and Mastr classes
export const MASTR_CLASS_STARTED = 'That Mastr class has already started.';
export const MASTR_CLASS_CANCELLED = 'That Mastr class is cancelled.';
export const NO_MASTR_CLASSES_TO_SHOW = 'No Mastr Classes To Show';
export const NOTHING_TO_REFUND = 'No payment was taken for this pass, so there is nothing to refund.';
/** The mails' button to the member's Mastr Class passes. */
export const YOUR_MASTR_CLASS_PASSES = 'Your Mastr Class passes';
export const GYM_CANNOT_TAKE_CARD_PAYMENTS = 'This gym cannot take card payments yet.';

// Accounts, gyms and coaches
export const NOT_FINISHED_SIGNING_UP = 'You have not finished signing up.';
export const NOT_REGISTERED_TO_THIS_GYM = 'You are not registered to this Gym.';
export const NO_COACHES_REGISTERED = 'No Coaches Registered to your Gym.';
export const EMAIL_OR_MOBILE_TAKEN = 'Email or Mobile Taken';
export const EMAIL_VERIFICATION_SUCCESSFUL = 'Email Verification Successful';
export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';
export const NO_ACCOUNT_YET = "Don't have an Account?";
export const PRICE_IN_POUNDS = 'Price must be an amount in pounds, e.g. 12 or 8.50.';

// §8's "missing id" answers
export const MISSING_ACCOUNT_OR_PROFILE_ID = "Missing ID's, Account or Profile";
export const MISSING_GYM_OR_COACH_ID = 'Missing ID - gym_id / Coach ID in token';
export const MISSING_ID_COACH_IN_TOKEN = 'Missing ID - Coach ID in token';
export const MISSING_COACH_ID_IN_TOKEN = 'Missing Coach ID in token';
/** joi's template for a field the schema does not know (`{#key}` is the field's name). */
export const UNKNOWN_FIELD = "Unknown field '{#key}'.";

// The PWA's pages
export const PAGE_NOT_FOUND_TITLE = 'Page Not Found · Mastr';
export const OPENING_FRONT_DESK = 'Opening the front desk…';
export const CHANGE_NOT_SAVED_ON_DEVICE = 'Your change could not be saved on this device. Try again.';
