import Boom from '@hapi/boom';
import type { Request } from '@hapi/hapi';
import Joi from 'joi';
import type { RejectSessionRequest, SessionRequestsResponse } from '@mastr/rules/api/sessions.ts';
import { coachRequestId } from '@mastr/rules/doc-ids.ts';
import type { CoachRequestDoc } from '@mastr/rules/documents.ts';
import type { Deps } from '../deps.ts';
import { docsWithPrefix, tenantDb } from '../couch/tenant-docs.ts';
import { boundedText, id, nestedId } from '../schemas/bounds.ts';
import {
  coachRequestList,
  acceptSessionRequest,
  rejectSessionRequest,
  type AnswerOutcome,
} from '../services/coaching/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/** §8 "Coach session actions": bad ids read 'Missing ID's'. */
const MISSING_IDS = "Missing ID's";
const failAction = async () => {
  throw Boom.badRequest(MISSING_IDS);
};

const params = Joi.object({ requestId: id().required() });

/** What the page sends with a reject (§7); never trusted, the request id says it all. */
const rejectBody = Joi.object<RejectSessionRequest>({
  user_profile_id: id(),
  booking_day_id: nestedId(),
  request_date: boundedText(40),
  bookingTimeObject_id: nestedId(),
})
  .allow(null)
  .optional();

const coachIdOf = (request: Pick<Request, 'auth'>) => credentialsOf(request).UserInfo.profileId;

/**
 * A coach's answers to members' slot requests (services/coaching/session-request-answers.ts). Coaches
 * only (401 without a token, 403 for members and gyms); a request that is not the token's coach's
 * reads as gone (400 with the reason). Both answer the coach's requests read after the write.
 */
export const sessionRequestsPlugin = contractPlugin('session-requests', (deps: Deps) => {
  const answer = async (coachId: string, outcome: AnswerOutcome): Promise<SessionRequestsResponse> => {
    if (outcome.outcome === 'refused') throw Boom.badRequest(outcome.message);
    const requests = await docsWithPrefix(tenantDb<CoachRequestDoc>(deps.couch, 'coach', coachId), coachRequestId(''));
    return { privateSessionRequestsInformation: coachRequestList(requests) };
  };

  return [
    defineRoute('POST /api/me/coaches/sessionrequests/accept/{requestId}', {
      options: { auth: roleAccess('coach'), validate: { params, failAction } },
      async handler(request) {
        const coachId = coachIdOf(request);
        return answer(coachId, await acceptSessionRequest(deps, coachId, request.params.requestId));
      },
    }),

    defineRoute('PUT /api/me/coaches/sessionrequests/reject/{requestId}', {
      options: { auth: roleAccess('coach'), validate: { params, payload: rejectBody, failAction } },
      async handler(request) {
        const coachId = coachIdOf(request);
        return answer(coachId, await rejectSessionRequest(deps, coachId, request.params.requestId));
      },
    }),
  ];
});
