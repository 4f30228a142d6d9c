import Boom from '@hapi/boom';
import Joi from 'joi';
import type { CoachSlotRequest, GymSessionRequest } from '@mastr/rules/api/booking.ts';
import { COACH_WEEK_KINDS } from '@mastr/rules/coach-slots.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import {
  EXPERIENCE_LEVELS,
  HOURLY_SLOTS,
  lastPtRequestDate,
  PT_REQUEST_DISCIPLINES,
} from '@mastr/rules/pt-requests.ts';
import type { Deps } from '../deps.ts';
import { boundedText, calendarDate, id, nestedId } from '../schemas/bounds.ts';
import { availabilityView, requestCoachSlot, requestGymSession } from '../services/coaching/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute, reply } from './define-route.ts';

/** §8: a booking call's bad input reads 'Missing data' whatever was wrong with it. */
const BAD_INPUT = 'Missing data';
const REQUEST_SENT = 'Request Sent';
const SLOT_TAKEN_MESSAGE = 'That time has just been taken. Please choose another.';

const failAction = async () => {
  throw Boom.badRequest(BAD_INPUT);
};

/**
 * A PT request names a date no later than the end of next gym week, the last day its picker offers
 * (design/decisions.md 27); that the date is more than two days ahead is the service's rule, with its
 * own message.
 */
const gymRequestBody = (now: () => Date) =>
  Joi.object<GymSessionRequest>({
    gym_id: id().required(),
    selectedDate: calendarDate({ latest: () => lastPtRequestDate(ukDateKey(now())) }).required(),
    selectedTime: Joi.number()
      .valid(...HOURLY_SLOTS)
      .required(),
    selectedDiscipline: Joi.string()
      .valid(...PT_REQUEST_DISCIPLINES)
      .required(),
    selectedExperienceLevel: Joi.string()
      .valid(...EXPERIENCE_LEVELS)
      .required(),
  });

const coachRequestBody = Joi.object<CoachSlotRequest>({
  // Sent by the page but never trusted: the member comes from the token, the price from the coach's profile.
  userEmail: boundedText(320).allow(''),
  coachPrice: Joi.number(),
  coach_id: id().required(),
  user_id: id().required(),
  gym_id: id().required(),
  selectedExperience: Joi.string()
    .valid(...EXPERIENCE_LEVELS)
    .required(),
  bookingTimeObject: Joi.object({
    _id: nestedId().required(),
    time: Joi.number()
      .valid(...HOURLY_SLOTS)
      .required(),
    booked: Joi.boolean().required(),
    requested: Joi.boolean().required(),
  }).required(),
  bookingDayId: nestedId().required(),
  // Which dates are open is the service's rule: the date must fall in the chosen week.
  bookingDate: calendarDate().required(),
  currentOrNextWeek: Joi.string()
    .valid(...COACH_WEEK_KINDS)
    .required(),
});

/**
 * A member's private session requests (§7 "Member bookings"): to a gym (its coaches then apply) or
 * for one of a coach's slots. Members only: 401 without a token, 403 for gyms and coaches.
 */
export const privateSessionRequestsPlugin = contractPlugin('private-session-requests', (deps: Deps) => [
  defineRoute('POST /api/booking/handlePrivateSessionGymRequest', {
    options: { auth: roleAccess('user'), validate: { payload: gymRequestBody(deps.now), failAction } },
    async handler(request, h) {
      const body = request.payload;
      const outcome = await requestGymSession(deps, {
        memberId: credentialsOf(request).UserInfo.profileId,
        gymId: body.gym_id,
        date: body.selectedDate,
        time: body.selectedTime,
        discipline: body.selectedDiscipline,
        experienceLevel: body.selectedExperienceLevel,
      });
      if (outcome.outcome === 'refused') throw Boom.badRequest(outcome.message);
      return reply(h, { message: REQUEST_SENT }, 201);
    },
  }),

  defineRoute('POST /api/booking/handlePrivateSessionCoachRequest', {
    options: { auth: roleAccess('user'), validate: { payload: coachRequestBody, failAction } },
    async handler(request, h) {
      const memberId = credentialsOf(request).UserInfo.profileId;
      const body = request.payload;
      if (body.user_id !== memberId) throw Boom.badRequest(BAD_INPUT);
      const outcome = await requestCoachSlot(deps, {
        memberId,
        coachId: body.coach_id,
        gymId: body.gym_id,
        experienceLevel: body.selectedExperience,
        weekKind: body.currentOrNextWeek,
        bookingDate: body.bookingDate,
        time: body.bookingTimeObject.time,
      });
      if (outcome.outcome === 'refused') throw Boom.badRequest(outcome.message);
      const availability = await availabilityView(deps, body.coach_id);
      if (outcome.outcome === 'taken') {
        return reply(h, { message: SLOT_TAKEN_MESSAGE, availability }, 409);
      }
      return reply(h, { message: REQUEST_SENT, availability }, 201);
    },
  }),
]);
