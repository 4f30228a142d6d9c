import Boom from '@hapi/boom';
import type { Request } from '@hapi/hapi';
import Joi from 'joi';
import type { MastrActivateRequest, MastrAssignRequest, MastrDefaultUpdateRequest } from '@mastr/rules/api/mastr.ts';
import { HOURLY_SLOTS } from '@mastr/rules/time-of-day.ts';
import type { Deps } from '../deps.ts';
import {
  activateMastrClass,
  assignMastrClass,
  cancelMastrClass,
  mastrClassOptions,
  toggleMastrVisibility,
  toggleNextDefaultClass,
  updateMastrDefault,
  type GymMastrOutcome,
} from '../services/directory/index.ts';
import { mastrPassView } from '../services/passes/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

// §8 "{product} activation or default update" and "{product} cancel".
const MISSING_DATA = 'Missing data';
const MISSING_IDS = "Missing ID's";

const weekday = Joi.number().integer().min(1).max(7).required();
const hourly = Joi.number()
  .valid(...HOURLY_SLOTS)
  .required();
const badInput = (message: string) => async () => {
  throw Boom.badRequest(message);
};

const profileIdOf = (request: Pick<Request, 'auth'>) => credentialsOf(request).UserInfo.profileId;
const idParam = Joi.object({
  id: Joi.string()
    .pattern(/^[a-f0-9]{24}$/)
    .required(),
});
const passIdParam = Joi.object({
  passId: Joi.string()
    .pattern(/^[A-Za-z0-9_-]{1,64}$/)
    .required(),
});

function gymAnswer(outcome: GymMastrOutcome) {
  if (outcome.outcome === 'refused') throw Boom.badRequest(outcome.message);
  return outcome;
}

/**
 * The gym's Mastr class set-up on its Account page and the member's booking of an unassigned Mastr
 * pass into a class (§7 "Gym account and {product}", the member's two {product} calls). The
 * services answer refusals as 400 with the reason; design/decisions.md 36 has the storage and races.
 */
export const mastrClassPlugin = contractPlugin('mastr-class', (deps: Deps) => [
  defineRoute('POST /api/me/gyms/mastrclass/activate', {
    options: {
      auth: roleAccess('gym'),
      validate: {
        payload: Joi.object<MastrActivateRequest>({ selectedDay: weekday, selectedTime: hourly }),
        failAction: badInput(MISSING_DATA),
      },
    },
    async handler(request) {
      const body = request.payload;
      const { gym, availability } = gymAnswer(
        await activateMastrClass(deps, profileIdOf(request), body.selectedDay, body.selectedTime),
      );
      return {
        mastrClassActive: gym.mastrClassActive,
        mastrClassDefault: gym.mastrClassDefault,
        mastrClassAvailability: availability,
      };
    },
  }),

  defineRoute('POST /api/me/gyms/mastrclass/default/update', {
    options: {
      auth: roleAccess('gym'),
      validate: {
        payload: Joi.object<MastrDefaultUpdateRequest>({
          selectedDefaultMastrDay: weekday,
          selectedDefaultMastrTime: hourly,
        }),
        failAction: badInput(MISSING_DATA),
      },
    },
    async handler(request) {
      const body = request.payload;
      const { gym, availability } = gymAnswer(
        await updateMastrDefault(
          deps,
          profileIdOf(request),
          body.selectedDefaultMastrDay,
          body.selectedDefaultMastrTime,
        ),
      );
      return {
        mastrClassDefault: gym.mastrClassDefault,
        mastrClassAvailability: availability,
      };
    },
  }),

  defineRoute('POST /api/me/gyms/mastrclass/active/{id}/cancel', {
    options: {
      auth: roleAccess('gym'),
      validate: { params: idParam, failAction: badInput(MISSING_IDS) },
    },
    async handler(request) {
      const outcome = await cancelMastrClass(deps, profileIdOf(request), request.params.id);
      if (outcome.outcome === 'refused') throw Boom.badRequest(outcome.message);
      return {
        mastrClassAvailability: outcome.availability,
        mastrPasses: outcome.mastrPasses.map(mastrPassView),
      };
    },
  }),

  defineRoute('POST /api/me/gyms/mastrclass/default/cancel', {
    options: { auth: roleAccess('gym') },
    async handler(request) {
      const { gym, availability } = gymAnswer(await toggleNextDefaultClass(deps, profileIdOf(request)));
      return {
        mastrClassDefault: gym.mastrClassDefault,
        mastrClassAvailability: availability,
      };
    },
  }),

  defineRoute('POST /api/me/gyms/mastrclass/activate/publicvisibility', {
    options: { auth: roleAccess('gym') },
    async handler(request) {
      const { gym } = gymAnswer(await toggleMastrVisibility(deps, profileIdOf(request)));
      return { mastrClassActive: gym.mastrClassActive };
    },
  }),

  defineRoute('GET /api/me/users/mastrpass/{passId}/unassigned/getgymclassoptions', {
    options: {
      auth: roleAccess('user'),
      validate: { params: passIdParam, failAction: badInput(MISSING_IDS) },
    },
    async handler(request) {
      const outcome = await mastrClassOptions(deps, profileIdOf(request), request.params.passId);
      if (outcome.outcome === 'refused') throw Boom.badRequest(outcome.message);
      return { mastrAvailability: outcome.options };
    },
  }),

  defineRoute('POST /api/me/users/mastrpass/{passId}/unassigned/assignclass', {
    options: {
      auth: roleAccess('user'),
      validate: {
        params: passIdParam,
        payload: Joi.object<MastrAssignRequest>({
          mastrClassId: Joi.string()
            .pattern(/^[a-f0-9]{24}$/)
            .required(),
          mastrClassDate: Joi.string().max(40).required(),
        }),
        failAction: badInput(MISSING_DATA),
      },
    },
    async handler(request) {
      const body = request.payload;
      const outcome = await assignMastrClass(
        deps,
        profileIdOf(request),
        request.params.passId,
        body.mastrClassId,
        body.mastrClassDate,
      );
      if (outcome.outcome === 'refused') throw Boom.badRequest(outcome.message);
      return outcome.answer;
    },
  }),
]);
