import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRouteKey } from '@mastr/rules/api/routes.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * Every key of the shared route map, written out: the compiler refuses a key the map lacks and a key
 * of the map left out here, and the test below holds the server's route table to the same list.
 */
const MAPPED: Record<ApiRouteKey, true> = {
  'GET /api/refresh': true,
  'POST /api/auth/user': true,
  'POST /api/auth/coach': true,
  'POST /api/auth/gym': true,
  'GET /api/logout/user': true,
  'GET /api/logout/coach': true,
  'GET /api/logout/gym': true,
  'GET /api/auth/user/google': true,
  'POST /api/register/user': true,
  'POST /api/register/coach': true,
  'POST /api/register/gym': true,
  'GET /api/users/{id}/verify/{token}': true,
  'GET /api/coaches/{id}/verify/{token}': true,
  'GET /api/gyms/{id}/verify/{token}': true,
  'POST /api/users/password-reset': true,
  'POST /api/coaches/password-reset': true,
  'POST /api/gyms/password-reset': true,
  'GET /api/users/password-reset/{id}/{token}': true,
  'GET /api/coaches/password-reset/{id}/{token}': true,
  'GET /api/gyms/password-reset/{id}/{token}': true,
  'POST /api/users/password-reset/{id}/{token}': true,
  'POST /api/coaches/password-reset/{id}/{token}': true,
  'POST /api/gyms/password-reset/{id}/{token}': true,
  'GET /api/me/users': true,
  'GET /api/me/coaches': true,
  'GET /api/me/gyms': true,
  'POST /api/me/gyms/account/profileImage': true,
  'POST /api/me/gyms/account/gym_name': true,
  'POST /api/me/gyms/account/address': true,
  'POST /api/me/gyms/account/bio': true,
  'POST /api/me/gyms/account/adultDayPass': true,
  'POST /api/me/gyms/account/kidsDayPass': true,
  'POST /api/me/coaches/account/profileImage': true,
  'POST /api/me/coaches/account/discipline': true,
  'POST /api/me/coaches/account/sessionPreferenceType': true,
  'POST /api/me/coaches/account/first_name': true,
  'POST /api/me/coaches/account/last_name': true,
  'POST /api/me/coaches/account/price': true,
  'POST /api/me/coaches/account/socials/instagram': true,
  'POST /api/me/coaches/account/socials/tiktok': true,
  'POST /api/me/coaches/account/socials/youtube': true,
  'POST /api/me/users/account/profileImage': true,
  'DELETE /api/me/users': true,
  'DELETE /api/me/coaches': true,
  'DELETE /api/me/gyms': true,
  'GET /api/images/{kind}/{profileId}/{version}.webp': true,
  'GET /api/gyms': true,
  'GET /api/gyms/{id}': true,
  'GET /api/coaches': true,
  'GET /api/coaches/{id}': true,
  'POST /api/booking/createCheckoutSessionAdultDayPass': true,
  'POST /api/booking/createCheckoutSessionKidsDayPass': true,
  'POST /api/booking/createCheckoutMastrClass': true,
  'POST /api/booking/handlePrivateSessionGymRequest': true,
  'POST /api/booking/handlePrivateSessionCoachRequest': true,
  'POST /api/booking/user/cancel_day_pass/{id}': true,
  'POST /api/booking/user/cancel_mastr_pass/{id}': true,
  'POST /api/me/coaches/requestgym': true,
  'PUT /api/me/coaches/requestgym/{gymId}': true,
  'PUT /api/me/coaches/registeredgym/{gymId}': true,
  'POST /api/me/gyms/mycoaches/approve/{coachId}': true,
  'DELETE /api/me/gyms/mycoaches/{coachId}': true,
  'PUT /api/me/gyms/myrequests/{coachId}': true,
  'POST /api/me/coaches/sessionrequests/accept/{requestId}': true,
  'PUT /api/me/coaches/sessionrequests/reject/{requestId}': true,
  'POST /api/booking/create-checkout/{id}': true,
  'POST /api/booking/coachrequest/create-checkout/{id}': true,
  'POST /api/booking/gymrequest/create-checkout/{requestId}': true,
  'POST /api/booking/coach/cancel_booking/{bookingId}': true,
  'POST /api/booking/user/cancel_booking/{id}': true,
  'GET /api/me/coaches/auctionhouse/gym/{gymId}': true,
  'POST /api/me/coaches/auctionhouse/apply/{gymId}/{requestId}': true,
  'POST /api/booking/daypass/gym/check_in/{id}': true,
  'POST /api/booking/mastrdaypass/gym/check_in/{id}': true,
  'POST /api/booking/gym/cancel_day_pass/{id}': true,
  'POST /api/me/coaches/availability/default': true,
  'POST /api/me/coaches/availability/currentweek': true,
  'POST /api/me/coaches/availability/nextweek': true,
  'PUT /api/me/coaches/availability/default': true,
  'PUT /api/me/coaches/availability/currentweek': true,
  'PUT /api/me/coaches/availability/nextweek': true,
  'POST /api/me/gyms/schedule/{weekdayId}/default': true,
  'POST /api/me/gyms/schedule/{weekdayId}/currentWeek': true,
  'POST /api/me/gyms/schedule/{weekdayId}/nextWeek': true,
  'PUT /api/me/gyms/schedule/{weekdayId}/default': true,
  'PUT /api/me/gyms/schedule/{weekdayId}/currentWeek': true,
  'PUT /api/me/gyms/schedule/{weekdayId}/nextWeek': true,
  'POST /api/stripe/gym/express_onboarding_link': true,
  'POST /api/stripe/gym/express_login_link': true,
  'POST /api/stripe/coach/express_onboarding_link': true,
  'POST /api/stripe/coach/express_login_link': true,
  'POST /api/subscriptions/gyms/basicPlan': true,
  'POST /api/subscriptions/gyms/customerPortal': true,
  'GET /api/payments/mode': true,
  'POST /api/stripe/webhook': true,
  'POST /api/me/gyms/mastrclass/activate': true,
  'POST /api/me/gyms/mastrclass/default/update': true,
  'POST /api/me/gyms/mastrclass/active/{id}/cancel': true,
  'POST /api/me/gyms/mastrclass/default/cancel': true,
  'POST /api/me/gyms/mastrclass/activate/publicvisibility': true,
  'GET /api/me/users/mastrpass/{passId}/unassigned/getgymclassoptions': true,
  'POST /api/me/users/mastrpass/{passId}/unassigned/assignclass': true,
  'GET /api/health': true,
  'GET /api/me/users/mail': true,
  'GET /api/me/coaches/mail': true,
  'GET /api/me/gyms/mail': true,
  'POST /api/me/users/mail': true,
  'POST /api/me/coaches/mail': true,
  'POST /api/me/gyms/mail': true,
  'POST /api/me/users/calendar': true,
  'POST /api/me/coaches/calendar': true,
  'POST /api/me/gyms/calendar': true,
  'DELETE /api/me/users/calendar': true,
  'DELETE /api/me/coaches/calendar': true,
  'DELETE /api/me/gyms/calendar': true,
  'POST /api/mail/unsubscribe/{token}': true,
  'GET /api/mail/unsubscribe/{token}': true,
  'GET /api/calendar/{token}.ics': true,
};

/** The PWA's JSON 404 for any other /api path (static-pwa.ts), not a call of its own. */
const CATCH_ALL = '/api/{param*}';

describe('the shared route map (rules/api/routes.ts)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('names exactly the /api routes the server registers', () => {
    const registered = stack.server
      .table()
      .filter((route) => route.path.startsWith('/api/') && route.path !== CATCH_ALL)
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect([...registered].sort()).toEqual(Object.keys(MAPPED).sort());
  });
});
