/**
 * Every /api/* call the server registers, by method and path exactly as Hapi registers it
 * (`{name}` for a path parameter), with its request body and its success answer. The server's
 * route table is checked against this map (sync-server/src/plugins/api-routes.integration.test.ts),
 * and the PWA calls routes by these keys (`callApi` in pwa/src/api/http.ts), so a path or a shape
 * can only change here, for both sides at once.
 */
import type { DayPassType } from '../constants.ts';
import type {
  CoachAccountRequests,
  CoachAccountResponses,
  GymAccountRequests,
  GymAccountResponses,
  ProfileImageRequest,
  UserProfileImageResponse,
} from './account.ts';
import type { AccountKind, KIND_PLURAL } from '../roles.ts';
import type {
  AccessTokenResponse,
  NewPasswordRequest,
  PasswordResetRequest,
  RegistrationRequests,
  SignInRequest,
  SignInResponse,
} from './auth.ts';
import type {
  AvailabilityAddFields,
  AvailabilityRemoveFields,
  AvailabilityResponse,
  AvailabilitySlotRequest,
  AvailabilityWeek,
} from './availability.ts';
import type {
  CoachSlotRequest,
  CoachSlotRequestResponse,
  DayPassCheckoutRequest,
  GymSessionRequest,
  MastrClassCheckoutRequest,
  MemberCancelResponse,
} from './booking.ts';
import type { HealthResponse, MessageResponse, RedirectResponse } from './common.ts';
import type { CoachDetail, CoachListItem, GymDetail, GymListItem } from './directory.ts';
import type { DayPassCheckInResponse, GymCancelDayPassResponse, MastrPassCheckInResponse } from './front-desk.ts';
import type {
  MastrActivateRequest,
  MastrActivateResponse,
  MastrAssignRequest,
  MastrAssignResponse,
  MastrClassCancelResponse,
  MastrClassOptionsResponse,
  MastrDefaultResponse,
  MastrDefaultUpdateRequest,
  MastrVisibilityResponse,
} from './mastr.ts';
import type { CalendarFeedResponse, MailPreferencesRequest, MailSettingsResponse, UnsubscribeRequest } from './mail.ts';
import type { MeProfiles } from './me.ts';
import type {
  ApproveCoachResponse,
  CancelGymRequestResponse,
  LeaveGymResponse,
  RejectCoachResponse,
  RequestGymRequest,
  RequestGymResponse,
  TerminateCoachResponse,
} from './memberships.ts';
import type {
  AuctionApplyResponse,
  AuctionHouseResponse,
  CancelBookingResponse,
  GymRequestCheckoutRequest,
  RejectSessionRequest,
  SessionRequestsResponse,
} from './sessions.ts';
import type { ScheduleClassRequest, ScheduleDeleteRequest, ScheduleResponse, ScheduleWeek } from './schedule.ts';
import type { PayeeKind, PaymentsModeResponse, StripeWebhookResponse } from './payments.ts';

/** A route's request body (`undefined`: none) and its success answer (`undefined`: no body). */
interface Route<Request, Response> {
  request: Request;
  response: Response;
}

type Plural<K extends AccountKind> = (typeof KIND_PLURAL)[K];

type SessionRoutes = { 'GET /api/refresh': Route<undefined, AccessTokenResponse> } & {
  [K in AccountKind as `POST /api/auth/${K}`]: Route<SignInRequest, SignInResponse>;
} & {
  [K in AccountKind as `GET /api/logout/${K}`]: Route<undefined, undefined>;
} & {
  /** A browser navigation to Google and back, ending in a redirect: never called with fetch. */
  'GET /api/auth/user/google': Route<undefined, undefined>;
};

type AccountRoutes = {
  [K in AccountKind as `POST /api/register/${K}`]: Route<RegistrationRequests[K], MessageResponse>;
} & {
  [K in AccountKind as `GET /api/${Plural<K>}/{id}/verify/{token}`]: Route<undefined, MessageResponse>;
} & {
  [K in AccountKind as `POST /api/${Plural<K>}/password-reset`]: Route<PasswordResetRequest, MessageResponse>;
} & {
  [K in AccountKind as `GET /api/${Plural<K>}/password-reset/{id}/{token}`]: Route<undefined, MessageResponse>;
} & {
  [K in AccountKind as `POST /api/${Plural<K>}/password-reset/{id}/{token}`]: Route<
    NewPasswordRequest,
    MessageResponse
  >;
} & {
  [K in AccountKind as `GET /api/me/${Plural<K>}`]: Route<undefined, MeProfiles[K]>;
};

type AccountEditRoutes = {
  [F in keyof GymAccountRequests as `POST /api/me/gyms/account/${F}`]: Route<
    GymAccountRequests[F],
    GymAccountResponses[F]
  >;
} & {
  [F in keyof CoachAccountRequests as `POST /api/me/coaches/account/${F}`]: Route<
    CoachAccountRequests[F],
    CoachAccountResponses[F]
  >;
} & {
  'POST /api/me/users/account/profileImage': Route<ProfileImageRequest, UserProfileImageResponse>;
} & {
  /** Settings 'Delete My Account' (design/decisions.md "Deleting an account"): 204, the refresh cookie cleared. */
  [K in AccountKind as `DELETE /api/me/${Plural<K>}`]: Route<undefined, undefined>;
};

interface DirectoryRoutes {
  /**
   * A stored profile image (the URL a `profileImage` field holds): WebP bytes, cached for good.
   * Loaded by `<img src>`, never called with fetch.
   */
  'GET /api/images/{kind}/{profileId}/{version}.webp': Route<undefined, unknown>;
  'GET /api/gyms': Route<undefined, GymListItem[]>;
  'GET /api/gyms/{id}': Route<undefined, GymDetail>;
  'GET /api/coaches': Route<undefined, CoachListItem[]>;
  'GET /api/coaches/{id}': Route<undefined, CoachDetail>;
}

type BookingRoutes = {
  [T in DayPassType as `POST /api/booking/createCheckoutSession${T}DayPass`]: Route<
    DayPassCheckoutRequest,
    RedirectResponse
  >;
} & {
  'POST /api/booking/createCheckoutMastrClass': Route<MastrClassCheckoutRequest, RedirectResponse>;
  'POST /api/booking/handlePrivateSessionGymRequest': Route<GymSessionRequest, MessageResponse>;
  'POST /api/booking/handlePrivateSessionCoachRequest': Route<CoachSlotRequest, CoachSlotRequestResponse>;
  'POST /api/booking/user/cancel_day_pass/{id}': Route<undefined, MemberCancelResponse>;
  /** Not in the spec: a member cancels their own Mastr class pass (decision 70). */
  'POST /api/booking/user/cancel_mastr_pass/{id}': Route<undefined, MemberCancelResponse>;
};

interface FrontDeskRoutes {
  'POST /api/booking/daypass/gym/check_in/{id}': Route<undefined, DayPassCheckInResponse>;
  'POST /api/booking/mastrdaypass/gym/check_in/{id}': Route<undefined, MastrPassCheckInResponse>;
  'POST /api/booking/gym/cancel_day_pass/{id}': Route<undefined, GymCancelDayPassResponse>;
}

type CoachAvailabilityRoutes = {
  [W in AvailabilityWeek as `POST /api/me/coaches/availability/${W}`]: Route<
    AvailabilitySlotRequest<AvailabilityAddFields[W]>,
    AvailabilityResponse
  >;
} & {
  [W in AvailabilityWeek as `PUT /api/me/coaches/availability/${W}`]: Route<
    AvailabilitySlotRequest<AvailabilityRemoveFields[W]>,
    AvailabilityResponse
  >;
};

/** The coach–gym relation (rules/api/memberships.ts). */
interface MembershipRoutes {
  'POST /api/me/coaches/requestgym': Route<RequestGymRequest, RequestGymResponse>;
  'PUT /api/me/coaches/requestgym/{gymId}': Route<undefined, CancelGymRequestResponse>;
  'PUT /api/me/coaches/registeredgym/{gymId}': Route<undefined, LeaveGymResponse>;
  'POST /api/me/gyms/mycoaches/approve/{coachId}': Route<undefined, ApproveCoachResponse>;
  'DELETE /api/me/gyms/mycoaches/{coachId}': Route<undefined, TerminateCoachResponse>;
  'PUT /api/me/gyms/myrequests/{coachId}': Route<undefined, RejectCoachResponse>;
}
/** Private sessions: a coach's answers, the gym-request auction, PT checkouts and cancels (rules/api/sessions.ts). */
interface PrivateSessionRoutes {
  'POST /api/me/coaches/sessionrequests/accept/{requestId}': Route<undefined, SessionRequestsResponse>;
  'PUT /api/me/coaches/sessionrequests/reject/{requestId}': Route<RejectSessionRequest, SessionRequestsResponse>;
  /** An accepted coach request (decision 39: the same as the coachrequest checkout). 409 CheckoutConflictResponse. */
  'POST /api/booking/create-checkout/{id}': Route<undefined, RedirectResponse>;
  'POST /api/booking/coachrequest/create-checkout/{id}': Route<undefined, RedirectResponse>;
  'POST /api/booking/gymrequest/create-checkout/{requestId}': Route<GymRequestCheckoutRequest, RedirectResponse>;
  'POST /api/booking/coach/cancel_booking/{bookingId}': Route<undefined, CancelBookingResponse>;
  'POST /api/booking/user/cancel_booking/{id}': Route<undefined, CancelBookingResponse>;
  'GET /api/me/coaches/auctionhouse/gym/{gymId}': Route<undefined, AuctionHouseResponse>;
  'POST /api/me/coaches/auctionhouse/apply/{gymId}/{requestId}': Route<undefined, AuctionApplyResponse>;
}
type GymScheduleRoutes = {
  [W in ScheduleWeek as `POST /api/me/gyms/schedule/{weekdayId}/${W}`]: Route<ScheduleClassRequest, ScheduleResponse>;
} & {
  [W in ScheduleWeek as `PUT /api/me/gyms/schedule/{weekdayId}/${W}`]: Route<ScheduleDeleteRequest, ScheduleResponse>;
};
interface MastrClassRoutes {
  'POST /api/me/gyms/mastrclass/activate': Route<MastrActivateRequest, MastrActivateResponse>;
  'POST /api/me/gyms/mastrclass/default/update': Route<MastrDefaultUpdateRequest, MastrDefaultResponse>;
  'POST /api/me/gyms/mastrclass/active/{id}/cancel': Route<undefined, MastrClassCancelResponse>;
  'POST /api/me/gyms/mastrclass/default/cancel': Route<undefined, MastrDefaultResponse>;
  'POST /api/me/gyms/mastrclass/activate/publicvisibility': Route<undefined, MastrVisibilityResponse>;
  'GET /api/me/users/mastrpass/{passId}/unassigned/getgymclassoptions': Route<undefined, MastrClassOptionsResponse>;
  'POST /api/me/users/mastrpass/{passId}/unassigned/assignclass': Route<MastrAssignRequest, MastrAssignResponse>;
}

type PaymentRoutes = {
  [K in PayeeKind as `POST /api/stripe/${K}/${'express_onboarding_link' | 'express_login_link'}`]: Route<
    undefined,
    RedirectResponse
  >;
} & {
  'POST /api/subscriptions/gyms/basicPlan': Route<undefined, RedirectResponse>;
  'POST /api/subscriptions/gyms/customerPortal': Route<undefined, RedirectResponse>;
  'GET /api/payments/mode': Route<undefined, PaymentsModeResponse>;
  /** Stripe's call: the raw signed event bytes, read by no one but the signature check. */
  'POST /api/stripe/webhook': Route<unknown, StripeWebhookResponse>;
};

/** Email choices, one-click unsubscribe and the calendar feed (rules/api/mail.ts, design/mail.md). */
type MailRoutes = {
  [K in AccountKind as `GET /api/me/${Plural<K>}/mail`]: Route<undefined, MailSettingsResponse>;
} & {
  [K in AccountKind as `POST /api/me/${Plural<K>}/mail`]: Route<MailPreferencesRequest, MailSettingsResponse>;
} & {
  [K in AccountKind as `POST /api/me/${Plural<K>}/calendar`]: Route<undefined, CalendarFeedResponse>;
} & {
  /** Turns the calendar link off without a new one: the feed stops at once. */
  [K in AccountKind as `DELETE /api/me/${Plural<K>}/calendar`]: Route<undefined, MailSettingsResponse>;
} & {
  /** No sign-in: the signed token names the account and category (a mail client's one-click POST). */
  'POST /api/mail/unsubscribe/{token}': Route<UnsubscribeRequest, MessageResponse>;
  /** A browser opening the link: redirected to the page that asks first (never changes anything). */
  'GET /api/mail/unsubscribe/{token}': Route<undefined, undefined>;
  /** No sign-in: the secret token is the key. `text/calendar`, read by calendar apps, never by fetch. */
  'GET /api/calendar/{token}.ics': Route<undefined, unknown>;
};

type ApiRoutes = SessionRoutes &
  MailRoutes &
  AccountRoutes &
  AccountEditRoutes &
  DirectoryRoutes &
  BookingRoutes &
  FrontDeskRoutes &
  CoachAvailabilityRoutes &
  MembershipRoutes &
  PrivateSessionRoutes &
  GymScheduleRoutes &
  MastrClassRoutes &
  PaymentRoutes & { 'GET /api/health': Route<undefined, HealthResponse> };

/** 'METHOD /api/path', e.g. 'GET /api/gyms/{id}'. */
export type ApiRouteKey = keyof ApiRoutes & string;
export type ApiRequest<K extends ApiRouteKey> = ApiRoutes[K]['request'];
export type ApiResponse<K extends ApiRouteKey> = ApiRoutes[K]['response'];

/** The names of a route's `{name}` path parameters. */
export type ApiPathParam<K extends string> = K extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ApiPathParam<Rest>
  : never;
