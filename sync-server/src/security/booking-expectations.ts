import { SIX_PM, SUNDAY, type Party } from './access-world.ts';
import { NOT_YOURS, type ExpectationTable, type MatrixCall } from './expectation-types.ts';

/**
 * Bookings, passes, private sessions, memberships, the gym's schedule and Mastr class, the coach's
 * availability: every id in a path or body is the other party's.
 */

const one = (url: string, payload?: unknown): MatrixCall[] => [{ url, payload }];
const WEEKS = { default: 'Default', currentweek: 'CurrentWeek', nextweek: 'NextWeek' } as const;
const GYM_WEEKS = ['default', 'currentWeek', 'nextWeek'] as const;
const NOT_YOURS_OR_GONE = [...NOT_YOURS, 409] as const;
/** The gym's own Mastr class calls run in any order: one may find the class cancelled by another (400). */
const OWN_MASTR_CLASS = [200, 400] as const;

const scheduleClass = {
  startTime: 19 * 3600,
  endTime: 20 * 3600,
  discipline: 'Boxing',
  kidsClass: false,
  difficulty: 'Any',
  location: 'Mat 2',
};

export const bookingExpectations: ExpectationTable = {
  ...Object.fromEntries(
    (['Adult', 'Kids'] as const).map((type) => [
      `POST /api/booking/createCheckoutSession${type}DayPass`,
      {
        audience: 'member',
        calls: (v: Party) =>
          one(`/api/booking/createCheckoutSession${type}DayPass`, {
            user_id: v.memberId,
            gym_id: v.gymId,
            passDayDate: SUNDAY,
          }),
        answers: NOT_YOURS,
      },
    ]),
  ),
  'POST /api/booking/createCheckoutMastrClass': {
    audience: 'member',
    calls: (v) =>
      one('/api/booking/createCheckoutMastrClass', {
        user_id: v.memberId,
        gym_id: v.gymId,
        mastrClassDate: v.mastrClass.classDateAndTime,
        mastrClassId: v.mastrClass._id,
      }),
    answers: NOT_YOURS,
  },
  'POST /api/booking/handlePrivateSessionGymRequest': {
    audience: 'member',
    // A member may ask any gym for a PT session: the gym's auction gets the request.
    calls: (v) =>
      one('/api/booking/handlePrivateSessionGymRequest', {
        gym_id: v.gymId,
        selectedDate: SUNDAY,
        selectedTime: SIX_PM,
        selectedDiscipline: 'Boxing',
        selectedExperienceLevel: 'Beginner',
      }),
    answers: [201],
    // The request's copy, and the gym told of it in the app (decision 95).
    touches: () => ['gym-request:', 'notification:'],
  },
  'POST /api/booking/handlePrivateSessionCoachRequest': {
    audience: 'member',
    calls: (v) =>
      one('/api/booking/handlePrivateSessionCoachRequest', {
        coach_id: v.coachId,
        user_id: v.memberId,
        gym_id: v.gymId,
        selectedExperience: 'Beginner',
        bookingTimeObject: { _id: 'slot', time: SIX_PM, booked: false, requested: false },
        bookingDayId: 'day',
        bookingDate: SUNDAY,
        currentOrNextWeek: 'nextWeek',
      }),
    answers: NOT_YOURS,
  },
  'POST /api/booking/user/cancel_day_pass/{id}': {
    audience: 'member',
    calls: (v) => one(`/api/booking/user/cancel_day_pass/${v.dayPassId}`),
    answers: NOT_YOURS,
  },
  'POST /api/booking/user/cancel_mastr_pass/{id}': {
    audience: 'member',
    calls: (v) => one(`/api/booking/user/cancel_mastr_pass/${v.mastrPassId}`),
    answers: NOT_YOURS,
  },
  'POST /api/booking/user/cancel_booking/{id}': {
    audience: 'member',
    calls: (v) => one(`/api/booking/user/cancel_booking/${v.bookingId}`),
    answers: NOT_YOURS,
  },
  'POST /api/booking/create-checkout/{id}': {
    audience: 'member',
    calls: (v) => one(`/api/booking/create-checkout/${v.coachRequestId}`),
    answers: NOT_YOURS_OR_GONE,
  },
  'POST /api/booking/coachrequest/create-checkout/{id}': {
    audience: 'member',
    calls: (v) => one(`/api/booking/coachrequest/create-checkout/${v.coachRequestId}`),
    answers: NOT_YOURS_OR_GONE,
  },
  'POST /api/booking/gymrequest/create-checkout/{requestId}': {
    audience: 'member',
    calls: (v) => one(`/api/booking/gymrequest/create-checkout/${v.gymRequestId}`, { coachProfile_id: v.coachId }),
    answers: NOT_YOURS_OR_GONE,
  },
  'GET /api/me/users/mastrpass/{passId}/unassigned/getgymclassoptions': {
    audience: 'member',
    calls: (v) => one(`/api/me/users/mastrpass/${v.mastrPassId}/unassigned/getgymclassoptions`),
    answers: NOT_YOURS,
  },
  'POST /api/me/users/mastrpass/{passId}/unassigned/assignclass': {
    audience: 'member',
    calls: (v) =>
      one(`/api/me/users/mastrpass/${v.mastrPassId}/unassigned/assignclass`, {
        mastrClassId: v.mastrClass._id,
        mastrClassDate: v.mastrClass.classDateAndTime,
      }),
    answers: NOT_YOURS,
  },
  'POST /api/booking/daypass/gym/check_in/{id}': {
    audience: 'gym',
    calls: (v) => one(`/api/booking/daypass/gym/check_in/${v.dayPassId}`),
    answers: NOT_YOURS,
  },
  'POST /api/booking/mastrdaypass/gym/check_in/{id}': {
    audience: 'gym',
    calls: (v) => one(`/api/booking/mastrdaypass/gym/check_in/${v.mastrPassId}`),
    answers: NOT_YOURS,
  },
  'POST /api/booking/gym/cancel_day_pass/{id}': {
    audience: 'gym',
    calls: (v) => one(`/api/booking/gym/cancel_day_pass/${v.dayPassId}`),
    answers: NOT_YOURS,
  },
  'POST /api/me/coaches/requestgym': {
    audience: 'coach',
    // A coach may ask any gym to register them: the gym sees a pending request.
    calls: (v) => one('/api/me/coaches/requestgym', { gym_id: v.gymId }),
    answers: [200],
    touches: (v, c) => [`membership:${v.gymId}:${c?.coachId}`, 'notification:'],
  },
  'PUT /api/me/coaches/requestgym/{gymId}': {
    audience: 'coach',
    // Withdraws the caller's own request, if the call above made it already.
    calls: (v) => one(`/api/me/coaches/requestgym/${v.gymId}`),
    answers: [200, 400, 404],
    touches: (v, c) => [`membership:${v.gymId}:${c?.coachId}`, 'notification:'],
  },
  'PUT /api/me/coaches/registeredgym/{gymId}': {
    audience: 'coach',
    calls: (v) => one(`/api/me/coaches/registeredgym/${v.gymId}`),
    answers: NOT_YOURS,
  },
  'POST /api/me/gyms/mycoaches/approve/{coachId}': {
    audience: 'gym',
    calls: (v) => one(`/api/me/gyms/mycoaches/approve/${v.coachId}`),
    answers: NOT_YOURS_OR_GONE,
  },
  'DELETE /api/me/gyms/mycoaches/{coachId}': {
    audience: 'gym',
    calls: (v) => one(`/api/me/gyms/mycoaches/${v.coachId}`),
    answers: NOT_YOURS,
  },
  'PUT /api/me/gyms/myrequests/{coachId}': {
    audience: 'gym',
    calls: (v) => one(`/api/me/gyms/myrequests/${v.coachId}`),
    answers: NOT_YOURS,
  },
  'POST /api/me/coaches/sessionrequests/accept/{requestId}': {
    audience: 'coach',
    calls: (v) => one(`/api/me/coaches/sessionrequests/accept/${v.coachRequestId}`),
    answers: NOT_YOURS,
  },
  'PUT /api/me/coaches/sessionrequests/reject/{requestId}': {
    audience: 'coach',
    calls: (v) =>
      one(`/api/me/coaches/sessionrequests/reject/${v.coachRequestId}`, {
        user_profile_id: v.memberId,
        booking_day_id: 'day',
        request_date: `${SUNDAY}T18:00:00`,
        bookingTimeObject_id: 'slot',
      }),
    answers: NOT_YOURS,
  },
  'POST /api/booking/coach/cancel_booking/{bookingId}': {
    audience: 'coach',
    calls: (v) => one(`/api/booking/coach/cancel_booking/${v.bookingId}`),
    answers: NOT_YOURS,
  },
  'GET /api/me/coaches/auctionhouse/gym/{gymId}': {
    audience: 'coach',
    calls: (v) => one(`/api/me/coaches/auctionhouse/gym/${v.gymId}`),
    answers: NOT_YOURS,
  },
  'POST /api/me/coaches/auctionhouse/apply/{gymId}/{requestId}': {
    audience: 'coach',
    calls: (v) => one(`/api/me/coaches/auctionhouse/apply/${v.gymId}/${v.gymRequestId}`),
    answers: NOT_YOURS,
  },
  ...Object.fromEntries(
    Object.entries(WEEKS).flatMap(([week, field]) => [
      [
        `POST /api/me/coaches/availability/${week}`,
        {
          audience: 'coach',
          // The coach's own week: a day and an hour carry no one else's id.
          calls: () => one(`/api/me/coaches/availability/${week}`, { weekday: 3, [`new${field}Time`]: 14 * 3600 }),
          answers: [200],
        },
      ],
      [
        `PUT /api/me/coaches/availability/${week}`,
        {
          audience: 'coach',
          calls: () =>
            one(`/api/me/coaches/availability/${week}`, {
              weekday: 3,
              [`${field.charAt(0).toLowerCase()}${field.slice(1)}TimeToDelete`]: 14 * 3600,
            }),
          answers: [200],
        },
      ],
    ]),
  ),
  ...Object.fromEntries(
    GYM_WEEKS.flatMap((week) => [
      [
        `POST /api/me/gyms/schedule/{weekdayId}/${week}`,
        {
          audience: 'gym',
          calls: (v: Party) => one(`/api/me/gyms/schedule/${v.scheduleDayId}/${week}`, scheduleClass),
          answers: [200, 400, 404],
        },
      ],
      [
        `PUT /api/me/gyms/schedule/{weekdayId}/${week}`,
        {
          audience: 'gym',
          calls: (v: Party) =>
            one(`/api/me/gyms/schedule/${v.scheduleDayId}/${week}`, { classObjectId: v.scheduleClassId }),
          answers: [400, 404],
        },
      ],
    ]),
  ),
  'POST /api/me/gyms/mastrclass/activate': {
    audience: 'gym',
    calls: () => one('/api/me/gyms/mastrclass/activate', { selectedDay: 6, selectedTime: 10 * 3600 }),
    answers: OWN_MASTR_CLASS,
  },
  'POST /api/me/gyms/mastrclass/default/update': {
    audience: 'gym',
    calls: () =>
      one('/api/me/gyms/mastrclass/default/update', {
        selectedDefaultMastrDay: 6,
        selectedDefaultMastrTime: 10 * 3600,
      }),
    answers: OWN_MASTR_CLASS,
  },
  'POST /api/me/gyms/mastrclass/active/{id}/cancel': {
    audience: 'gym',
    calls: (v) => one(`/api/me/gyms/mastrclass/active/${v.mastrClass._id}/cancel`),
    answers: NOT_YOURS,
  },
  'POST /api/me/gyms/mastrclass/default/cancel': {
    audience: 'gym',
    calls: () => one('/api/me/gyms/mastrclass/default/cancel'),
    answers: OWN_MASTR_CLASS,
  },
  'POST /api/me/gyms/mastrclass/activate/publicvisibility': {
    audience: 'gym',
    calls: () => one('/api/me/gyms/mastrclass/activate/publicvisibility'),
    answers: OWN_MASTR_CLASS,
  },
};
