import Boom from '@hapi/boom';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import type { RedirectResponse } from '@mastr/rules/api/common.ts';
import type { CheckoutConflictResponse, GymRequestCheckoutRequest } from '@mastr/rules/api/sessions.ts';
import { gymRequestId } from '@mastr/rules/doc-ids.ts';
import type { GymRequestDoc } from '@mastr/rules/documents.ts';
import type { Deps } from '../deps.ts';
import { docsWithPrefix, tenantDb } from '../couch/tenant-docs.ts';
import { id } from '../schemas/bounds.ts';
import { gymRequestList } from '../services/coaching/request-views.ts';
import {
  createCoachRequestCheckout,
  createGymRequestCheckout,
  type PtCheckoutOutcome,
} from '../services/payments/pt-checkout-service.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';

/** §8 "Accept or checkout (user)": bad ids read 'Missing ID's'. */
const MISSING_IDS = "Missing ID's";
const failAction = async () => {
  throw Boom.badRequest(MISSING_IDS);
};

const idParam = Joi.object({ id: id().required() });
const requestIdParam = Joi.object({ requestId: id().required() });
const gymCheckoutBody = Joi.object<GymRequestCheckoutRequest>({ coachProfile_id: id().required() });

const memberIdOf = (request: Request) => credentialsOf(request).UserInfo.profileId;

/**
 * The PT checkouts (services/payments/pt-checkout-service.ts; design/decisions.md 39): `{url}` of
 * Stripe's hosted checkout; 400 with the reason when it cannot be paid yet, 409 `{message}` when it
 * can no longer be paid (§8: the page drops the request, a gym request's 409 also carries the
 * member's gym requests afresh). Members only, for their own requests.
 */
export const ptCheckoutPlugin: Plugin<Deps> = {
  name: 'pt-checkout',
  register(server, deps) {
    const answer = async (h: ResponseToolkit, outcome: PtCheckoutOutcome, gymListOf?: string) => {
      if (outcome.outcome === 'refused') throw Boom.badRequest(outcome.message);
      if (outcome.outcome === 'url') return h.response({ url: outcome.url } satisfies RedirectResponse);
      const body: CheckoutConflictResponse = { message: outcome.message };
      if (gymListOf) {
        const mine = await docsWithPrefix(tenantDb<GymRequestDoc>(deps.couch, 'member', gymListOf), gymRequestId(''));
        body.privateSessionRequestsGymInformation = gymRequestList(mine);
      }
      return h.response(body).code(409);
    };

    // §7 names two checkouts of a coach request: both take the member's accepted request (decision 39).
    for (const path of ['/api/booking/coachrequest/create-checkout/{id}', '/api/booking/create-checkout/{id}']) {
      server.route({
        method: 'POST',
        path,
        options: { auth: roleAccess('user'), validate: { params: idParam, failAction } },
        async handler(request, h) {
          return answer(h, await createCoachRequestCheckout(deps, memberIdOf(request), String(request.params.id)));
        },
      });
    }

    server.route({
      method: 'POST',
      path: '/api/booking/gymrequest/create-checkout/{requestId}',
      options: {
        auth: roleAccess('user'),
        validate: { params: requestIdParam, payload: gymCheckoutBody, failAction },
      },
      async handler(request, h) {
        const memberId = memberIdOf(request);
        const { coachProfile_id } = request.payload as GymRequestCheckoutRequest;
        const outcome = await createGymRequestCheckout(
          deps,
          memberId,
          String(request.params.requestId),
          coachProfile_id,
        );
        return answer(h, outcome, memberId);
      },
    });
  },
};
