import Boom from '@hapi/boom';
import Joi from 'joi';
import type { Deps } from '../deps.ts';
import { id } from '../schemas/bounds.ts';
import { applyForRequest, auctionHouse, type AuctionOutcome } from '../services/coaching/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/** §8 "Coach session actions": bad ids read 'Missing ID's'. */
const MISSING_IDS = "Missing ID's";
const failAction = async () => {
  throw Boom.badRequest(MISSING_IDS);
};

function valueOf<T>(result: AuctionOutcome<T>): T {
  if (result.outcome === 'refused') throw Boom.badRequest(result.message);
  if (result.outcome === 'conflict') throw Boom.conflict(result.message);
  return result.value;
}

/**
 * The gym-request auction (services/coaching/auction-service.ts): a registered coach reads a gym's
 * open PT requests and applies once (409 §8 'Conflict' banner on a second apply). Coaches only;
 * a coach not registered at the gym is refused (400).
 */
export const auctionPlugin = contractPlugin('auction', (deps: Deps) => [
  defineRoute('GET /api/me/coaches/auctionhouse/gym/{gymId}', {
    options: { auth: roleAccess('coach'), validate: { params: Joi.object({ gymId: id().required() }), failAction } },
    async handler(request) {
      const coachId = credentialsOf(request).UserInfo.profileId;
      return valueOf(await auctionHouse(deps, coachId, request.params.gymId));
    },
  }),

  defineRoute('POST /api/me/coaches/auctionhouse/apply/{gymId}/{requestId}', {
    options: {
      auth: roleAccess('coach'),
      validate: { params: Joi.object({ gymId: id().required(), requestId: id().required() }), failAction },
    },
    async handler(request) {
      const coachId = credentialsOf(request).UserInfo.profileId;
      const { gymId, requestId } = request.params;
      const list = valueOf(await applyForRequest(deps, coachId, gymId, requestId));
      return { privateSessionRequestsInformation: list };
    },
  }),
]);
