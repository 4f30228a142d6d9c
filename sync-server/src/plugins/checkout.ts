import Boom from '@hapi/boom';
import Joi from 'joi';
import type { DayPassCheckoutRequest, MastrClassCheckoutRequest } from '@mastr/rules/api/booking.ts';
import { DAY_PASS_TYPES } from '@mastr/rules/constants.ts';
import type { Deps } from '../deps.ts';
import { boundedText, calendarDate, id } from '../schemas/bounds.ts';
import {
  CHECKOUT_REFUSALS,
  CheckoutRefusal,
  createDayPassCheckout,
  createMastrClassCheckout,
} from '../services/payments/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/**
 * A field out of its bounds (design/decisions.md 27) is refused with the same 400 its service gives
 * a well-formed but wrong value: a gym_id of no gym reads the same whether it is unknown or not an id.
 */
const bounded = (schema: Joi.StringSchema, refusal: string) => schema.required().messages({ '*': refusal });

const memberId = bounded(id(), CHECKOUT_REFUSALS.notYou);
const gymId = bounded(id(), CHECKOUT_REFUSALS.unknownGym);

const dayPassBody = Joi.object<DayPassCheckoutRequest>({
  user_id: memberId,
  gym_id: gymId,
  passDayDate: bounded(calendarDate(), CHECKOUT_REFUSALS.badDate),
});

const mastrClassBody = Joi.object<MastrClassCheckoutRequest>({
  user_id: memberId,
  gym_id: gymId,
  // The class's wall-clock start ('2026-11-26T18:00:00', a trailing Z from older pages allowed).
  mastrClassDate: boundedText(40).required(),
  mastrClassId: bounded(id(), CHECKOUT_REFUSALS.mastrNotOffered),
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
export const checkoutPlugin = contractPlugin('checkout', (deps: Deps) => [
  ...DAY_PASS_TYPES.map((passType) =>
    defineRoute(`POST /api/booking/createCheckoutSession${passType}DayPass`, {
      options: { auth: roleAccess('user'), validate: { payload: dayPassBody } },
      async handler(request) {
        const body = request.payload;
        const memberId = credentialsOf(request).UserInfo.profileId;
        const url = await refusalsAs400(() => createDayPassCheckout(deps, passType, { ...body, memberId }));
        return { url };
      },
    }),
  ),

  defineRoute('POST /api/booking/createCheckoutMastrClass', {
    options: { auth: roleAccess('user'), validate: { payload: mastrClassBody } },
    async handler(request) {
      const body = request.payload;
      const memberId = credentialsOf(request).UserInfo.profileId;
      const url = await refusalsAs400(() => createMastrClassCheckout(deps, { ...body, memberId }));
      return { url };
    },
  }),
]);
