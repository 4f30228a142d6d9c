import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import type { MemberCancelRefusal, MemberCancelResponse } from '@mastr/rules/api/booking.ts';
import type { Deps } from '../deps.ts';
import { cancelOwnDayPass } from '../services/payments/member-cancellation.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';

/**
 * POST /api/booking/user/cancel_day_pass/{id}: a member cancels their own day pass under the §1
 * refund rule (design/payments.md "Refunds"). 400 with the reason when refused (§8 "Cancel booking"),
 * and the pass's final state when it was cancelled already.
 */
export const memberCancellationPlugin: Plugin<Deps> = {
  name: 'member-cancellation',
  register(server, deps) {
    server.route({
      method: 'POST',
      path: '/api/booking/user/cancel_day_pass/{id}',
      options: { auth: roleAccess('user') },
      async handler(request) {
        const outcome = await cancelOwnDayPass(
          deps,
          credentialsOf(request).UserInfo.profileId,
          String(request.params.id),
        );
        if (outcome.outcome === 'refused') {
          // A pass cancelled already (another tap, or the gym, won): §8's 400 with how it finally stands.
          const refusal = Boom.badRequest(outcome.message);
          if (outcome.pass)
            Object.assign(refusal.output.payload, { pass: outcome.pass } satisfies Partial<MemberCancelRefusal>);
          throw refusal;
        }
        return { message: outcome.message, refundedPence: outcome.refundedPence } satisfies MemberCancelResponse;
      },
    });
  },
};
