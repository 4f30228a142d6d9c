import { MISSING_GYM_OR_COACH_ID } from '@mastr/rules/texts.ts';
import Boom from '@hapi/boom';
import type { Request } from '@hapi/hapi';
import Joi from 'joi';
import type { RequestGymRequest } from '@mastr/rules/api/memberships.ts';
import type { Deps } from '../deps.ts';
import { id } from '../schemas/bounds.ts';
import { coachGymLists, gymCoachLists } from '../services/me-views/index.ts';
import { changeMembership, requestGym, type MembershipOutcome } from '../services/memberships/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/** §8 "Coach request gym": a bad body reads as the page's own text. */

const requestGymBody = Joi.object<RequestGymRequest>({ gym_id: id().required() });

const profileIdOf = (request: Pick<Request, 'auth'>) => credentialsOf(request).UserInfo.profileId;

function refuseUnlessDone(result: MembershipOutcome): void {
  if (result.outcome === 'refused') throw Boom.badRequest(result.message);
}

/**
 * The coach–gym relation (§7 "Gym management and passes", "Coach gyms"; services/memberships). The
 * coach is always the token's coach and the gym the token's gym, so each side acts only on its own
 * relations; a refused call is 400 with the reason (rules/memberships.ts). Each answer is the lists
 * §7 names, read after the write.
 */
export const membershipsPlugin = contractPlugin('memberships', (deps: Deps) => {
  const coachLists = (coachId: string) => coachGymLists(deps, coachId);
  const gymLists = (gymId: string) => gymCoachLists(deps, gymId);

  return [
    defineRoute('POST /api/me/coaches/requestgym', {
      options: {
        auth: roleAccess('coach'),
        validate: {
          payload: requestGymBody,
          failAction: async () => {
            throw Boom.badRequest(MISSING_GYM_OR_COACH_ID);
          },
        },
      },
      async handler(request) {
        const coachId = profileIdOf(request);
        refuseUnlessDone(await requestGym(deps, coachId, request.payload.gym_id));
        const { pendingRequests, pendingRequestsInformation } = await coachLists(coachId);
        return { pendingRequests, pendingRequestsInformation };
      },
    }),

    defineRoute('PUT /api/me/coaches/requestgym/{gymId}', {
      options: { auth: roleAccess('coach') },
      async handler(request) {
        const coachId = profileIdOf(request);
        refuseUnlessDone(await changeMembership(deps, 'cancel', request.params.gymId, coachId));
        const { pendingRequests, pendingRequestsInformation } = await coachLists(coachId);
        return { pendingRequests, pendingRequestsInformation };
      },
    }),

    defineRoute('PUT /api/me/coaches/registeredgym/{gymId}', {
      options: { auth: roleAccess('coach') },
      async handler(request) {
        const coachId = profileIdOf(request);
        refuseUnlessDone(await changeMembership(deps, 'leave', request.params.gymId, coachId));
        const { registeredGyms, registeredGymsInformation } = await coachLists(coachId);
        return { registeredGyms, registeredGymsInformation };
      },
    }),

    defineRoute('POST /api/me/gyms/mycoaches/approve/{coachId}', {
      options: { auth: roleAccess('gym') },
      async handler(request) {
        const gymId = profileIdOf(request);
        refuseUnlessDone(await changeMembership(deps, 'approve', gymId, request.params.coachId));
        return gymLists(gymId);
      },
    }),

    defineRoute('DELETE /api/me/gyms/mycoaches/{coachId}', {
      options: { auth: roleAccess('gym') },
      async handler(request) {
        const gymId = profileIdOf(request);
        refuseUnlessDone(await changeMembership(deps, 'terminate', gymId, request.params.coachId));
        const { coachesInformation } = await gymLists(gymId);
        return { coachesInformation };
      },
    }),

    defineRoute('PUT /api/me/gyms/myrequests/{coachId}', {
      options: { auth: roleAccess('gym') },
      async handler(request) {
        const gymId = profileIdOf(request);
        refuseUnlessDone(await changeMembership(deps, 'reject', gymId, request.params.coachId));
        const { requestsInformation } = await gymLists(gymId);
        return { requestsInformation };
      },
    }),
  ];
});
