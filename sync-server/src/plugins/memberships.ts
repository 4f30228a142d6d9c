import { MISSING_GYM_OR_COACH_ID } from '@mastr/rules/texts.ts';
import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import Joi from 'joi';
import type {
  ApproveCoachResponse,
  CancelGymRequestResponse,
  LeaveGymResponse,
  RejectCoachResponse,
  RequestGymRequest,
  RequestGymResponse,
  TerminateCoachResponse,
} from '@mastr/rules/api/memberships.ts';
import type { Deps } from '../deps.ts';
import { id } from '../schemas/bounds.ts';
import { coachGymLists, gymCoachLists } from '../services/accounts/me-views-service.ts';
import { changeMembership, requestGym, type MembershipOutcome } from '../services/memberships/memberships-service.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';

/** §8 "Coach request gym": a bad body reads as the page's own text. */

const requestGymBody = Joi.object<RequestGymRequest>({ gym_id: id().required() });

const profileIdOf = (request: Request) => credentialsOf(request).UserInfo.profileId;

function refuseUnlessDone(result: MembershipOutcome): void {
  if (result.outcome === 'refused') throw Boom.badRequest(result.message);
}

/**
 * The coach–gym relation (§7 "Gym management and passes", "Coach gyms"; services/memberships). The
 * coach is always the token's coach and the gym the token's gym, so each side acts only on its own
 * relations; a refused call is 400 with the reason (rules/memberships.ts). Each answer is the lists
 * §7 names, read after the write.
 */
export const membershipsPlugin: Plugin<Deps> = {
  name: 'memberships',
  register(server, deps) {
    const coachLists = (coachId: string) => coachGymLists(deps, coachId);
    const gymLists = (gymId: string) => gymCoachLists(deps, gymId);

    server.route({
      method: 'POST',
      path: '/api/me/coaches/requestgym',
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
        refuseUnlessDone(await requestGym(deps, coachId, (request.payload as RequestGymRequest).gym_id));
        const { pendingRequests, pendingRequestsInformation } = await coachLists(coachId);
        return { pendingRequests, pendingRequestsInformation } satisfies RequestGymResponse;
      },
    });

    server.route({
      method: 'PUT',
      path: '/api/me/coaches/requestgym/{gymId}',
      options: { auth: roleAccess('coach') },
      async handler(request) {
        const coachId = profileIdOf(request);
        refuseUnlessDone(await changeMembership(deps, 'cancel', String(request.params.gymId), coachId));
        const { pendingRequests, pendingRequestsInformation } = await coachLists(coachId);
        return { pendingRequests, pendingRequestsInformation } satisfies CancelGymRequestResponse;
      },
    });

    server.route({
      method: 'PUT',
      path: '/api/me/coaches/registeredgym/{gymId}',
      options: { auth: roleAccess('coach') },
      async handler(request) {
        const coachId = profileIdOf(request);
        refuseUnlessDone(await changeMembership(deps, 'leave', String(request.params.gymId), coachId));
        const { registeredGyms, registeredGymsInformation } = await coachLists(coachId);
        return { registeredGyms, registeredGymsInformation } satisfies LeaveGymResponse;
      },
    });

    server.route({
      method: 'POST',
      path: '/api/me/gyms/mycoaches/approve/{coachId}',
      options: { auth: roleAccess('gym') },
      async handler(request) {
        const gymId = profileIdOf(request);
        refuseUnlessDone(await changeMembership(deps, 'approve', gymId, String(request.params.coachId)));
        return (await gymLists(gymId)) satisfies ApproveCoachResponse;
      },
    });

    server.route({
      method: 'DELETE',
      path: '/api/me/gyms/mycoaches/{coachId}',
      options: { auth: roleAccess('gym') },
      async handler(request) {
        const gymId = profileIdOf(request);
        refuseUnlessDone(await changeMembership(deps, 'terminate', gymId, String(request.params.coachId)));
        const { coachesInformation } = await gymLists(gymId);
        return { coachesInformation } satisfies TerminateCoachResponse;
      },
    });

    server.route({
      method: 'PUT',
      path: '/api/me/gyms/myrequests/{coachId}',
      options: { auth: roleAccess('gym') },
      async handler(request) {
        const gymId = profileIdOf(request);
        refuseUnlessDone(await changeMembership(deps, 'reject', gymId, String(request.params.coachId)));
        const { requestsInformation } = await gymLists(gymId);
        return { requestsInformation } satisfies RejectCoachResponse;
      },
    });
  },
};
