import { MISSING_COACH_ID_IN_TOKEN, MISSING_ID_COACH_IN_TOKEN } from '@mastr/rules/texts.ts';
import Boom from '@hapi/boom';
import Joi from 'joi';
import type {
  AvailabilityAddFields,
  AvailabilityRemoveFields,
  AvailabilitySlotRequest,
  AvailabilityWeek,
} from '@mastr/rules/api/availability.ts';
import { HOURLY_SLOTS } from '@mastr/rules/time-of-day.ts';
import type { Deps } from '../deps.ts';
import { addAvailabilitySlot, availabilityView, removeAvailabilitySlot } from '../services/coaching/index.ts';
import { onlineDocWriter } from '../sync/device-writes.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/** The body field naming the slot, per week and per call (§7). */
const WEEKS: readonly {
  [W in AvailabilityWeek]: { week: W; add: AvailabilityAddFields[W]; remove: AvailabilityRemoveFields[W] };
}[AvailabilityWeek][] = [
  { week: 'default', add: 'newDefaultTime', remove: 'defaultTimeToDelete' },
  { week: 'currentweek', add: 'newCurrentWeekTime', remove: 'currentWeekTimeToDelete' },
  { week: 'nextweek', add: 'newNextWeekTime', remove: 'nextWeekTimeToDelete' },
];

const slotBody = (timeField: string) =>
  Joi.object({
    weekday: Joi.number().integer().min(0).max(6).required(),
    [timeField]: Joi.number()
      .valid(...HOURLY_SLOTS)
      .required(),
  });

/**
 * The coach's online availability edits (§7 "Coach gyms, availability"): add (POST) or remove (PUT)
 * an hourly slot in the default, current or next week; each answers with the whole availability.
 * The offline path is the coach's device writing the same documents through the sync gateway.
 */
export const coachAvailabilityPlugin = contractPlugin('coach-availability', (deps: Deps) =>
  WEEKS.flatMap(({ week, add, remove }) =>
    (
      [
        ['POST', add, MISSING_ID_COACH_IN_TOKEN, addAvailabilitySlot],
        ['PUT', remove, MISSING_COACH_ID_IN_TOKEN, removeAvailabilitySlot],
      ] as const
    ).map(([method, field, inputError, apply]) =>
      defineRoute(`${method} /api/me/coaches/availability/${week}`, {
        options: {
          auth: roleAccess('coach'),
          validate: {
            payload: slotBody(field),
            failAction: async () => {
              throw Boom.badRequest(inputError);
            },
          },
        },
        async handler(request) {
          const coachId = credentialsOf(request).UserInfo.profileId;
          // Read by name: `field` is this route's slot field (WEEKS), which the compiler cannot pair with the route.
          const body: AvailabilitySlotRequest<string> = request.payload;
          // The week goes through the availability-week entry a device's goes through (decision 186).
          const write = onlineDocWriter(deps, 'availability-week', coachId);
          const outcome = await apply(deps, coachId, week, body.weekday, body[field], write);
          if (outcome.outcome === 'refused') throw Boom.badRequest(outcome.message);
          return { availability: await availabilityView(deps, coachId) };
        },
      }),
    ),
  ),
);
