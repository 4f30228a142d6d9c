import { GYM_CANNOT_TAKE_CARD_PAYMENTS, MASTR_CLASS_CANCELLED, MASTR_CLASS_STARTED } from '@mastr/rules/texts.ts';
import type { DayPassCheckoutRequest, MastrClassCheckoutRequest } from '@mastr/rules/api/booking.ts';
import type { DayPassType } from '@mastr/rules/constants.ts';
import { DATE_FORMATS, formatWallClock, isCalendarDate, ukDateKey, ukWallClock } from '@mastr/rules/dates.ts';
import type { GymProfileDoc } from '@mastr/rules/documents.ts';
import { MASTR_CLASS_PRICE_PENCE, MIN_CHARGE_PENCE } from '@mastr/rules/money.ts';
import { encodeSale, type Sale } from '@mastr/rules/sale-metadata.ts';
import { classesOnDate, dayPassClasses, isDayPassDateOpen, locateInWindow } from '@mastr/rules/timetable.ts';
import type { Deps } from '../../deps.ts';
import { getAccount } from '../../couch/stores/accounts-store.ts';
import { gymTimetableView, currentMastrClasses } from '../directory/index.ts';
import { getProfile } from '../../couch/stores/profiles-store.ts';
import { chargeableAccount } from './connect-service.ts';
import { passSplit } from '@mastr/rules/fees.ts';

/**
 * Member checkouts (§7 "Member bookings"): every check is made and every amount computed here, from
 * stored prices; the session's metadata (rules/sale-metadata.ts) tells the webhook what to issue once
 * paid (design/payments.md "Calls", "Webhooks and idempotency").
 */

export const CHECKOUT_REFUSALS = {
  notYou: 'Missing data: user_id is not the signed-in member.',
  unknownGym: 'Missing data: gym_id does not name a gym taking bookings.',
  notSubscribed: 'This gym is not taking bookings at the moment.',
  cannotSell: GYM_CANNOT_TAKE_CARD_PAYMENTS,
  noPrice: 'This gym has not set a price for this pass yet.',
  badDate: 'Missing data: passDayDate is not a date.',
  pastDate: 'Day passes cannot be bought for a day that has passed.',
  beyondWindow: 'Day passes can be bought for this week and next week only.',
  noClasses: 'There is no class this pass covers at this gym on that day.',
  mastrNotOffered: 'Missing data: that Mastr class is not on offer.',
  mastrCancelled: MASTR_CLASS_CANCELLED,
  mastrStarted: MASTR_CLASS_STARTED,
} as const;

export class CheckoutRefusal extends Error {}

/** Stripe's shortest session lifetime, plus a margin for the request's way there. */
const SESSION_LIFETIME_SECONDS = 31 * 60;

const refuse = (message: string): never => {
  throw new CheckoutRefusal(message);
};

/** The member's request with who they are, from the token. */
export interface DayPassCheckoutInput extends DayPassCheckoutRequest {
  memberId: string;
}

export async function createDayPassCheckout(
  deps: Deps,
  passType: DayPassType,
  input: DayPassCheckoutInput,
): Promise<string> {
  if (input.user_id !== input.memberId) refuse(CHECKOUT_REFUSALS.notYou);
  const { gym, destination } = await sellingGym(deps, input.gym_id);
  const date = input.passDayDate;
  if (!isCalendarDate(date)) refuse(CHECKOUT_REFUSALS.badDate);
  const now = deps.now();
  if (!isDayPassDateOpen(date, ukDateKey(now))) refuse(CHECKOUT_REFUSALS.pastDate);
  const timetable = await gymTimetableView(deps.couch, input.gym_id, now);
  if (!locateInWindow(date, timetable.currentWeekStart)) refuse(CHECKOUT_REFUSALS.beyondWindow);
  if (
    dayPassClasses(classesOnDate(timetable.schedule, timetable.currentWeekStart, date), passType === 'Kids').length ===
    0
  ) {
    refuse(CHECKOUT_REFUSALS.noClasses);
  }
  const pricePence = passType === 'Adult' ? gym.adultDayPassPrice : gym.kidsDayPassPrice;
  const sale: Sale = { kind: 'day-pass', passType, gymId: input.gym_id, memberId: input.memberId, date };
  return createPaymentSession(deps, {
    sale,
    pricePence,
    destination,
    member: await memberOf(deps, input.memberId),
    name: `${passType} Day Pass – ${gym.gymName}`,
    description: formatWallClock(date, DATE_FORMATS.long),
    successPath: '/userdashboard/daypasses',
  });
}

export interface MastrClassCheckoutInput extends MastrClassCheckoutRequest {
  memberId: string;
}

export async function createMastrClassCheckout(deps: Deps, input: MastrClassCheckoutInput): Promise<string> {
  if (input.user_id !== input.memberId) refuse(CHECKOUT_REFUSALS.notYou);
  const { gym, destination } = await sellingGym(deps, input.gym_id);
  const now = deps.now();
  const occurrence = (await currentMastrClasses(deps.couch, input.gym_id, gym, now)).find(
    (o) => o._id === input.mastrClassId,
  );
  const namedDay = input.mastrClassDate.replace(/Z$/, '').slice(0, 10);
  if (!occurrence || occurrence.classDateAndTime.slice(0, 10) !== namedDay) {
    // Only classes that have not started are on offer: a named day already past says why.
    refuse(
      namedDay && namedDay <= ukWallClock(now).slice(0, 10)
        ? CHECKOUT_REFUSALS.mastrStarted
        : CHECKOUT_REFUSALS.mastrNotOffered,
    );
  }
  if (occurrence!.cancelled) refuse(CHECKOUT_REFUSALS.mastrCancelled);
  const { classDateAndTime } = occurrence!;
  const sale: Sale = {
    kind: 'mastr-pass',
    gymId: input.gym_id,
    memberId: input.memberId,
    mastrClassId: occurrence!._id,
    classDateAndTime,
  };
  return createPaymentSession(deps, {
    sale,
    pricePence: MASTR_CLASS_PRICE_PENCE,
    destination,
    member: await memberOf(deps, input.memberId),
    name: `Mastr Class – ${gym.gymName}`,
    description: `${formatWallClock(classDateAndTime, DATE_FORMATS.long)} ${formatWallClock(classDateAndTime, DATE_FORMATS.time)}`,
    successPath: '/userdashboard/daypasses/mastr',
  });
}

/** A public gym whose Connect account can take charges, or a refusal saying which part is missing. */
async function sellingGym(deps: Deps, gymId: string): Promise<{ gym: GymProfileDoc; destination: string }> {
  const gym = await getProfile(deps.couch, 'gym', gymId);
  if (gym?.type !== 'gym' || !gym.status) return refuse(CHECKOUT_REFUSALS.unknownGym);
  if (!gym.subscribed) refuse(CHECKOUT_REFUSALS.notSubscribed);
  const destination = await chargeableAccount(deps, 'gym', gymId);
  if (!destination) refuse(CHECKOUT_REFUSALS.cannotSell);
  return { gym, destination: destination! };
}

export async function memberOf(deps: Deps, memberId: string) {
  const [account, profile] = await Promise.all([
    getAccount(deps.couch, memberId),
    getProfile(deps.couch, 'user', memberId),
  ]);
  // The token outlived its account: nobody to issue a pass to.
  if (account?.kind !== 'user' || profile?.type !== 'user') return refuse(CHECKOUT_REFUSALS.notYou);
  return { email: account.email };
}

interface PaymentSessionInput {
  sale: Sale;
  pricePence: number;
  /** The connected account the charge goes to (the gym's for passes, the coach's for PT). */
  destination: string;
  member: { email: string };
  name: string;
  description: string;
  successPath: string;
  /** Where Cancel returns to; the gym's page unless told. */
  cancelPath?: string;
  /** Mastr's part of the charge; a pass's platform fee unless told (PT adds the gym's share). */
  applicationFeePence?: number;
}

/** A payment-mode Checkout session as a destination charge; resolves to its hosted page's address. */
export async function createPaymentSession(deps: Deps, input: PaymentSessionInput): Promise<string> {
  const { sale, pricePence } = input;
  if (!Number.isInteger(pricePence) || pricePence < MIN_CHARGE_PENCE) refuse(CHECKOUT_REFUSALS.noPrice);
  const applicationFeePence = input.applicationFeePence ?? passSplit(pricePence, deps.config.fees).applicationFeePence;
  const metadata = encodeSale(sale, { applicationFeePence, destination: input.destination });
  const base = deps.config.publicUrl;
  const session = await deps.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        price_data: {
          currency: 'gbp',
          unit_amount: pricePence,
          product_data: { name: input.name, description: input.description },
        },
        quantity: 1,
      },
    ],
    payment_intent_data: {
      application_fee_amount: applicationFeePence,
      transfer_data: { destination: input.destination },
      metadata,
    },
    metadata,
    client_reference_id: sale.memberId,
    customer_email: input.member.email,
    success_url: `${base}${input.successPath}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${base}${input.cancelPath ?? `/gyms/${sale.gymId}`}?checkout=cancelled`,
    // Stripe's clock, not the business clock: the lifetime is counted from Stripe's creation time.
    expires_at: Math.floor(Date.now() / 1000) + SESSION_LIFETIME_SECONDS,
  });
  if (!session.url) throw new Error(`Checkout session ${session.id} has no url.`);
  return session.url;
}
