import { MISSING_COACH_ID_IN_TOKEN, MISSING_ID_COACH_IN_TOKEN } from '@mastr/rules/texts.ts';
import Boom from '@hapi/boom';
import Joi from 'joi';
import type { ScheduleClassRequest } from '@mastr/rules/api/schedule.ts';
import { CLASS_FIELD_NAMES, CLASS_FIELDS, CLASS_TEXT_MAX_LENGTH } from '@mastr/rules/class-fields.ts';
import { SCHEDULE_WEEKS } from '@mastr/rules/schedule.ts';
import type { Deps } from '../deps.ts';
import { addScheduleClass, removeScheduleClass, type ScheduleEditOutcome } from '../services/directory/index.ts';
import { onlineDocWriter } from '../sync/device-writes.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

const ID = Joi.string().pattern(/^[A-Za-z0-9_-]{1,64}$/);

/** Each kind of class field as joi reads it. */
const FIELD_SCHEMA = {
  integer: () => Joi.number().integer().required(),
  text: () => Joi.string().max(CLASS_TEXT_MAX_LENGTH).required(),
  boolean: () => Joi.boolean().required(),
} satisfies Record<(typeof CLASS_FIELDS)[keyof typeof CLASS_FIELDS], () => Joi.Schema>;

// The shape only, from the fields' one declaration; the class rules themselves (grid, end after
// start, disciplines) are classRefusal's.
const addBody = Joi.object<ScheduleClassRequest>(
  Object.fromEntries(CLASS_FIELD_NAMES.map((field) => [field, FIELD_SCHEMA[CLASS_FIELDS[field]]()])),
);
const removeBody = Joi.object({ classObjectId: ID.required() });

/**
 * A gym's online timetable edits (§7 "Gym schedule"): add (POST) or delete (PUT) a class on a weekday
 * of the default, current or next week; each answers with the whole schedule. The offline path is the
 * gym's device writing the same documents through the sync gateway (design/sync.md "Schedules").
 */
export const gymSchedulePlugin = contractPlugin('gym-schedule', (deps: Deps) => {
  const options = (payload: Joi.ObjectSchema, inputError: string) => ({
    auth: roleAccess('gym'),
    validate: {
      params: Joi.object({ weekdayId: ID.required() }),
      payload,
      failAction: async () => {
        throw Boom.badRequest(inputError);
      },
    },
  });
  const answer = (outcome: ScheduleEditOutcome, inputError: string) => {
    if (outcome.outcome !== 'saved') throw Boom.badRequest(inputError);
    return outcome.timetable;
  };

  return SCHEDULE_WEEKS.flatMap((week) => [
    defineRoute(`POST /api/me/gyms/schedule/{weekdayId}/${week}`, {
      options: options(addBody, MISSING_ID_COACH_IN_TOKEN),
      async handler(request) {
        const gymId = credentialsOf(request).UserInfo.profileId;
        // The week goes through the schedule-week entry a device's goes through (decision 185).
        const write = onlineDocWriter(deps, 'schedule-week', gymId);
        const outcome = await addScheduleClass(deps, gymId, week, request.params.weekdayId, request.payload, write);
        return answer(outcome, MISSING_ID_COACH_IN_TOKEN);
      },
    }),
    defineRoute(`PUT /api/me/gyms/schedule/{weekdayId}/${week}`, {
      options: options(removeBody, MISSING_COACH_ID_IN_TOKEN),
      async handler(request) {
        const gymId = credentialsOf(request).UserInfo.profileId;
        const { weekdayId } = request.params;
        const write = onlineDocWriter(deps, 'schedule-week', gymId);
        const outcome = await removeScheduleClass(deps, gymId, week, weekdayId, request.payload.classObjectId, write);
        return answer(outcome, MISSING_COACH_ID_IN_TOKEN);
      },
    }),
  ]);
});
