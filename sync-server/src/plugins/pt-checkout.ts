import Boom from '@hapi/boom';
import type { Request, ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import type { CheckoutConflictResponse, GymRequestCheckoutRequest } from '@mastr/rules/api/sessions.ts';
import { gymRequestId } from '@mastr/rules/doc-ids.ts';
import type { GymRequestDoc } from '@mastr/rules/documents.ts';
import type { Deps } from '../deps.ts';
import { docsWithPrefix, tenantDb } from '../couch/tenant-docs.ts';
import { id } from '../schemas/bounds.ts';
import { gymRequestList } from '../services/coaching/index.ts';
import {
  createCoachRequestCheckout,
  createGymRequestCheckout,
  type PtCheckoutOutcome,
} from '../services/payments/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute, refuse } from './define-route.ts';

/** §8 "Accept or checkout (user)": bad ids read 'Missing ID's'. */
const MISSING_IDS = "Missing ID's";
const failAction = async () => {
  throw Boom.badRequest(MISSING_IDS);
};

const idParam = Joi.object({ id: id().required() });
const requestIdParam = Joi.object({ requestId: id().required() });
const gymCheckoutBody = Joi.object<GymRequestCheckoutRequest>({ coachProfile_id: id().required() });

const memberIdOf = (request: Pick<Request, 'auth'>) => credentialsOf(request).UserInfo.profileId;

/**
 * The PT checkouts (services/payments/pt-checkout-service.ts; design/decisions.md 39): `{url}` of
 * Stripe's hosted checkout; 400 with the reason when it cannot be paid yet, 409 `{message}` when it
 * can no longer be paid (§8: the page drops the request, a gym request's 409 also carries the
 * member's gym requests afresh). Members only, for their own requests.
 */
export const ptCheckoutPlugin = contractPlugin('pt-checkout', (deps: Deps) => {
  const answer = async (h: ResponseToolkit, outcome: PtCheckoutOutcome, gymListOf?: string) => {
    if (outcome.outcome === 'refused') throw Boom.badRequest(outcome.message);
    if (outcome.outcome === 'url') return { url: outcome.url };
    const body: CheckoutConflictResponse = { message: outcome.message };
    if (gymListOf) {
      const mine = await docsWithPrefix(tenantDb<GymRequestDoc>(deps.couch, 'member', gymListOf), gymRequestId(''));
      body.privateSessionRequestsGymInformation = gymRequestList(mine);
    }
    return refuse(h, body, 409);
  };

  // §7 names two checkouts of a coach request: both take the member's accepted request (decision 39).
  return [
    ...(['POST /api/booking/coachrequest/create-checkout/{id}', 'POST /api/booking/create-checkout/{id}'] as const).map(
      (key) =>
        defineRoute(key, {
          options: { auth: roleAccess('user'), validate: { params: idParam, failAction } },
          async handler(request, h) {
            return answer(h, await createCoachRequestCheckout(deps, memberIdOf(request), request.params.id));
          },
        }),
    ),

    defineRoute('POST /api/booking/gymrequest/create-checkout/{requestId}', {
      options: {
        auth: roleAccess('user'),
        validate: { params: requestIdParam, payload: gymCheckoutBody, failAction },
      },
      async handler(request, h) {
        const memberId = memberIdOf(request);
        const { coachProfile_id } = request.payload;
        const outcome = await createGymRequestCheckout(deps, memberId, request.params.requestId, coachProfile_id);
        return answer(h, outcome, memberId);
      },
    }),
  ];
});
