import { MISSING_COACH_ID_IN_TOKEN, MISSING_ID_COACH_IN_TOKEN } from '@mastr/rules/texts.ts';
import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import type { ScheduleClassRequest, ScheduleDeleteRequest, ScheduleResponse } from '@mastr/rules/api/schedule.ts';
import { SCHEDULE_WEEKS } from '@mastr/rules/schedule.ts';
import type { Deps } from '../deps.ts';
import { addScheduleClass, removeScheduleClass } from '../services/directory/schedule-edit-service.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';

const ID = Joi.string().pattern(/^[A-Za-z0-9_-]{1,64}$/);

// The shape only; the class rules themselves (grid, end after start, disciplines) are classRefusal's.
const addBody = Joi.object({
  startTime: Joi.number().integer().required(),
  endTime: Joi.number().integer().required(),
  discipline: Joi.string().max(100).required(),
  kidsClass: Joi.boolean().required(),
  difficulty: Joi.string().max(100).required(),
  location: Joi.string().max(100).required(),
});
const removeBody = Joi.object({ classObjectId: ID.required() });

/**
 * A gym's online timetable edits (§7 "Gym schedule"): add (POST) or delete (PUT) a class on a weekday
 * of the default, current or next week; each answers with the whole schedule. The offline path is the
 * gym's device writing the same documents through the sync gateway (design/sync.md "Schedules").
 */
export const gymSchedulePlugin: Plugin<Deps> = {
  name: 'gym-schedule',
  register(server, deps) {
    for (const week of SCHEDULE_WEEKS) {
      for (const [method, body, inputError] of [
        ['POST', addBody, MISSING_ID_COACH_IN_TOKEN],
        ['PUT', removeBody, MISSING_COACH_ID_IN_TOKEN],
      ] as const) {
        server.route({
          method,
          path: `/api/me/gyms/schedule/{weekdayId}/${week}`,
          options: {
            auth: roleAccess('gym'),
            validate: {
              params: Joi.object({ weekdayId: ID.required() }),
              payload: body,
              failAction: async () => {
                throw Boom.badRequest(inputError);
              },
            },
          },
          async handler(request) {
            const gymId = credentialsOf(request).UserInfo.profileId;
            const { weekdayId } = request.params as { weekdayId: string };
            const outcome =
              method === 'POST'
                ? await addScheduleClass(deps, gymId, week, weekdayId, request.payload as ScheduleClassRequest)
                : await removeScheduleClass(
                    deps,
                    gymId,
                    week,
                    weekdayId,
                    (request.payload as ScheduleDeleteRequest).classObjectId,
                  );
            if (outcome.outcome !== 'saved') throw Boom.badRequest(inputError);
            return outcome.timetable satisfies ScheduleResponse;
          },
        });
      }
    }
  },
};
