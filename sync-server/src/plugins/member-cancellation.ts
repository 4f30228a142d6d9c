import Boom from '@hapi/boom';
import Joi from 'joi';
import type { MemberCancelRefusal } from '@mastr/rules/api/booking.ts';
import type { Deps } from '../deps.ts';
import { ID_PATTERN } from '@mastr/rules/doc-ids.ts';
import { cancelOwnDayPass, cancelOwnMastrPass } from '../services/payments/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/** §8 "Cancel booking": a path id that is not an id changes nothing. */
const MISSING_IDS = "Missing ID's";

/** A refusal as §8's 400; a pass cancelled already (another tap, or the other side, won) comes with how it finally stands. */
function refusalOf(outcome: { message: string; pass?: MemberCancelRefusal['pass'] }): Boom.Boom {
  const refusal = Boom.badRequest(outcome.message);
  if (outcome.pass)
    Object.assign(refusal.output.payload, { pass: outcome.pass } satisfies Partial<MemberCancelRefusal>);
  return refusal;
}

/**
 * POST /api/booking/user/cancel_day_pass/{id}: a member cancels their own day pass under the §1
 * refund rule (design/payments.md "Refunds"); POST /api/booking/user/cancel_mastr_pass/{id} their
 * own Mastr class pass (decision 70). 400 with the reason when refused (§8 "Cancel booking"), and
 * the pass's final state when it was cancelled already.
 */
export const memberCancellationPlugin = contractPlugin('member-cancellation', (deps: Deps) => [
  defineRoute('POST /api/booking/user/cancel_day_pass/{id}', {
    options: { auth: roleAccess('user') },
    async handler(request) {
      const outcome = await cancelOwnDayPass(deps, credentialsOf(request).UserInfo.profileId, request.params.id);
      if (outcome.outcome === 'refused') throw refusalOf(outcome);
      return { message: outcome.message, refundedPence: outcome.refundedPence };
    },
  }),

  defineRoute('POST /api/booking/user/cancel_mastr_pass/{id}', {
    options: {
      auth: roleAccess('user'),
      validate: {
        params: Joi.object({ id: Joi.string().pattern(ID_PATTERN).required() }),
        failAction: async () => {
          throw Boom.badRequest(MISSING_IDS);
        },
      },
    },
    async handler(request) {
      const outcome = await cancelOwnMastrPass(deps, credentialsOf(request).UserInfo.profileId, request.params.id);
      if (outcome.outcome === 'refused') throw refusalOf(outcome);
      return { message: outcome.message, refundedPence: outcome.refundedPence };
    },
  }),
]);
