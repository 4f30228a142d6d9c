import type { Deps } from '../../deps.ts';
import {
  planEndedMail,
  planFailingMail,
  planStartedMail,
  stripePageUrl,
  sendEventMail,
  greetingOf,
} from '../mail/index.ts';
import type { SubscriptionDoc } from '../../couch/stores/payments-store.ts';

/**
 * The gym hears of its Basic plan by mail when it starts (or a failed payment is made good), when a
 * payment fails, and when it ends (design/mail.md "Account mails"). Judged from the subscription
 * record as stored (subscription-service.ts): its status and the status before, so a Stripe event
 * redelivered, or applied late after a newer one, names the same change and queues nothing new.
 * Keys: the subscription and the event that made the change (a plan can fail and recover more than
 * once); its end is once per subscription.
 */

type Phase = 'running' | 'failing' | 'ended' | null;

/** `incomplete` (first payment under way) and `paused` say nothing to the gym. */
function phaseOf(status: string | null | undefined): Phase {
  if (status === 'active' || status === 'trialing') return 'running';
  if (status === 'past_due' || status === 'unpaid') return 'failing';
  if (status === 'canceled' || status === 'incomplete_expired') return 'ended';
  return null;
}

export async function tellPlanChanged(
  deps: Pick<Deps, 'couch' | 'config' | 'mailer' | 'logger'>,
  record: SubscriptionDoc,
): Promise<void> {
  const now = phaseOf(record.status);
  const before = phaseOf(record.previousStatus);
  if (!now || now === before) return;
  // A plan that never ran (its first payment never made) has not "ended" for the gym.
  if (now === 'ended' && !before) return;
  const stripeUrl = stripePageUrl(deps.config.publicUrl);
  const event =
    now === 'ended'
      ? `plan-ended:${record.subscriptionId}`
      : `plan-${now}:${record.subscriptionId}:${record.eventCreated}`;
  await sendEventMail(deps, {
    event,
    profileId: record.gymId,
    category: 'account',
    content: (recipient) => {
      const greeting = greetingOf(recipient);
      if (now === 'running')
        return planStartedMail({
          greeting,
          pricePence: deps.config.fees.basicPlanPricePence,
          recovered: before === 'failing',
          stripeUrl,
        });
      return now === 'failing' ? planFailingMail({ greeting, stripeUrl }) : planEndedMail({ greeting, stripeUrl });
    },
  });
}
