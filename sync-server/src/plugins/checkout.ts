import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import type { DayPassCheckoutRequest, MastrClassCheckoutRequest } from '@mastr/rules/api/booking.ts';
import type { RedirectResponse } from '@mastr/rules/api/common.ts';
import { DAY_PASS_TYPES } from '@mastr/rules/constants.ts';
import type { Deps } from '../deps.ts';
import {
  CheckoutRefusal,
  createDayPassCheckout,
  createMastrClassCheckout,
} from '../services/payments/checkout-service.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';

const dayPassBody = Joi.object<DayPassCheckoutRequest>({
  user_id: Joi.string().required(),
  gym_id: Joi.string().required(),
  passDayDate: Joi.string()
    .pattern(/^\d{4}-\d{2}-\d{2}$/)
    .required(),
});

const mastrClassBody = Joi.object<MastrClassCheckoutRequest>({
  user_id: Joi.string().required(),
  gym_id: Joi.string().required(),
  mastrClassDate: Joi.string().max(40).required(),
  mastrClassId: Joi.string().max(40).required(),
});

/** A refusal is the member's 400 with its reason; anything else is a server fault. */
async function refusalsAs400<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof CheckoutRefusal) throw Boom.badRequest(err.message);
    throw err;
  }
}

/**
 * The member's checkouts (§7 "Member bookings"): `{url}` of Stripe's hosted checkout. Signed-in
 * members only (401 without a token, 403 for gyms and coaches), for themselves only. No amount is
 * read from the request (unknown fields are refused); design/payments.md "Calls".
 */
export const checkoutPlugin: Plugin<Deps> = {
  name: 'checkout',
  register(server, deps) {
    for (const passType of DAY_PASS_TYPES) {
      server.route({
        method: 'POST',
        path: `/api/booking/createCheckoutSession${passType}DayPass`,
        options: { auth: roleAccess('user'), validate: { payload: dayPassBody } },
        async handler(request) {
          const body = request.payload as DayPassCheckoutRequest;
          const memberId = credentialsOf(request).UserInfo.profileId;
          const url = await refusalsAs400(() => createDayPassCheckout(deps, passType, { ...body, memberId }));
          return { url } satisfies RedirectResponse;
        },
      });
    }

    server.route({
      method: 'POST',
      path: '/api/booking/createCheckoutMastrClass',
      options: { auth: roleAccess('user'), validate: { payload: mastrClassBody } },
      async handler(request) {
        const body = request.payload as MastrClassCheckoutRequest;
        const memberId = credentialsOf(request).UserInfo.profileId;
        const url = await refusalsAs400(() => createMastrClassCheckout(deps, { ...body, memberId }));
        return { url } satisfies RedirectResponse;
      },
    });
  },
};
