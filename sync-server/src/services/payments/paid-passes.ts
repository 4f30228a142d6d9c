import type Stripe from 'stripe';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { paymentDocId } from '@mastr/rules/doc-ids.ts';
import type { DayPassSale, MastrPassSale, SaleCharge } from '@mastr/rules/sale-metadata.ts';
import type { Deps } from '../../deps.ts';
import { getAccount } from '../../couch/stores/accounts-store.ts';
import { enrolPaidMastrPass } from '../directory/index.ts';
import { tellPassBought, createDayPass, createMastrPass } from '../passes/index.ts';
import { getProfile } from '../../couch/stores/profiles-store.ts';
import { recordPayment } from '../../couch/stores/payments-store.ts';
import { refundPassInFull } from '../refunds/index.ts';

/**
 * Issues the pass a paid checkout session stands for (its sale, decoded from the session's metadata
 * by rules/sale-metadata.ts). The pass id is derived from the session id (rules/checkout-pass.ts,
 * shared with the PWA), so however many times and on however many instances the event is applied,
 * one pass exists.
 */
export async function issuePaidPass(
  deps: Deps,
  session: Stripe.Checkout.Session,
  sale: DayPassSale | MastrPassSale,
  charge: SaleCharge,
): Promise<void> {
  const { kind, gymId, memberId } = sale;
  const paymentIntentId =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!paymentIntentId || session.amount_total == null) return;

  const passId = await checkoutPassId(session.id);
  const pricePence = session.amount_total;
  // Recorded first and whatever follows: a paid session can always be refunded.
  await recordPayment(deps.couch, {
    _id: paymentDocId(passId),
    type: 'payment',
    passId,
    passKind: kind,
    gymId,
    memberId,
    checkoutSessionId: session.id,
    paymentIntentId,
    amountPence: pricePence,
    applicationFeePence: charge.applicationFeePence,
    destination: charge.destination,
    refunds: {},
    createdAt: deps.now().toISOString(),
  });
  const owners = await passOwners(deps, gymId, memberId);
  if (!owners) {
    // The checkout was opened before its member or gym deleted their account: no pass, the money goes back.
    const refundedPence = await refundPassInFull(deps, passId, 'account-deleted');
    deps.logger.warn(
      { checkoutSessionId: session.id, gymId, memberId, refundedPence },
      'stripe: a paid session names a gym or member whose account is deleted; refunded',
    );
    return;
  }
  // The receipt is queued by every delivery that gets here, keyed by the pass (`pass-bought:{passId}`):
  // a redelivery, or one racing on another instance, finds it queued, so it goes out once; and a
  // delivery that failed before queueing it is retried by Stripe and queues it then.
  if (sale.kind === 'day-pass') {
    const { pass } = await createDayPass(deps, {
      ...owners,
      pricePence,
      passType: sale.passType,
      date: sale.date,
      passId,
    });
    await tellPassBought(deps, pass, pricePence);
  } else {
    const { pass } = await createMastrPass(deps, {
      ...owners,
      pricePence,
      dateAndTimeStart: sale.classDateAndTime,
      passId,
    });
    // A class cancelled between the checkout and the payment leaves the pass unassigned (and says so).
    const joined = await enrolPaidMastrPass(deps, pass);
    const chosen = pass.dateAndTimeStart;
    await tellPassBought(
      deps,
      joined || !chosen
        ? pass
        : {
            ...pass,
            dateAndTimeStart: null,
            cancelledClass: { classDateAndTime: chosen, cancelledAt: deps.now().toISOString() },
          },
      pricePence,
    );
  }
}

async function passOwners(deps: Deps, gymId: string, memberId: string) {
  const [gym, gymAccount, account, member] = await Promise.all([
    getProfile(deps.couch, 'gym', gymId),
    getAccount(deps.couch, gymId),
    getAccount(deps.couch, memberId),
    getProfile(deps.couch, 'user', memberId),
  ]);
  if (gym?.type !== 'gym' || account?.kind !== 'user' || member?.type !== 'user') return null;
  // An account being deleted gets no new pass: its deletion may have looked for passes already.
  if (account.deletingSince || gymAccount?.deletingSince) return null;
  return {
    gym: { profileId: gymId, gymName: gym.gymName },
    member: { profileId: memberId, name: member.name, email: account.email },
  };
}
