import Boom from '@hapi/boom';
import Joi from 'joi';
import type { Deps } from '../deps.ts';
import { id } from '../schemas/bounds.ts';
import { cancelBooking } from '../services/coaching/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/** §8 "Cancel booking": bad ids read 'Missing ID's'. */
const MISSING_IDS = "Missing ID's";
const failAction = async () => {
  throw Boom.badRequest(MISSING_IDS);
};

/**
 * §7 cancel_booking of a paid private session, by its coach or its member
 * (services/coaching/booking-cancellation.ts): 200 with what happened and the refund, 400 with the
 * reason when refused. Each side only for its own bookings (the id is looked up in its own database).
 */
export const bookingCancellationPlugin = contractPlugin('booking-cancellation', (deps: Deps) =>
  (
    [
      ['coach', 'POST /api/booking/coach/cancel_booking/{bookingId}', 'bookingId'],
      ['member', 'POST /api/booking/user/cancel_booking/{id}', 'id'],
    ] as const
  ).map(([side, key, param]) =>
    defineRoute(key, {
      options: {
        auth: roleAccess(side === 'coach' ? 'coach' : 'user'),
        validate: { params: Joi.object({ [param]: id().required() }), failAction },
      },
      async handler(request) {
        const profileId = credentialsOf(request).UserInfo.profileId;
        const outcome = await cancelBooking(deps, side, profileId, request.params[param]);
        if (outcome.outcome === 'refused') throw Boom.badRequest(outcome.message);
        return { message: outcome.message, refundedPence: outcome.refundedPence };
      },
    }),
  ),
);
