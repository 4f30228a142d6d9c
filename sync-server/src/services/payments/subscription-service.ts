import type Stripe from 'stripe';
import { subscriptionDocId } from '@mastr/rules/doc-ids.ts';
import type { Deps } from '../../deps.ts';
import {
  getPayee,
  gymSubscriptions,
  updatePayee,
  updateSubscription,
  type SubscriptionDoc,
} from '../../couch/stores/payments-store.ts';
import { setPaymentFlags } from './profile-flags.ts';
import { tellPlanChanged } from './plan-mails.ts';
import { isResourceMissing } from './stripe-client.ts';

/**
 * The gym Basic plan (§2 "Stripe" plan section, §7 "Payments and subscription"): a monthly Stripe
 * subscription whose events set `subscribed` and `mastrPlan` (design/payments.md "Subscriptions").
 */

const BASIC_PLAN = 'Basic';

export const SUBSCRIPTION_REFUSALS = {
  alreadySubscribed: 'This gym already has a plan: use Manage Plan to change it.',
  noPlan: 'There is no plan to manage yet: select a plan first.',
} as const;

export class SubscriptionRefusal extends Error {}

/** Statuses after which a subscription is over for good. */
const ENDED = new Set(['canceled', 'incomplete_expired']);
const PAYING = new Set(['active', 'trialing']);

const stripePage = (deps: Deps) => `${deps.config.publicUrl}/gymdashboard/stripe`;

export async function basicPlanCheckout(deps: Deps, gymId: string): Promise<string> {
  if ((await gymSubscriptions(deps.couch, gymId)).some((s) => !ENDED.has(s.status))) {
    throw new SubscriptionRefusal(SUBSCRIPTION_REFUSALS.alreadySubscribed);
  }
  const customer = await ensureCustomer(deps, gymId);
  const session = await deps.stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [
      {
        price_data: {
          currency: 'gbp',
          unit_amount: deps.config.fees.basicPlanPricePence,
          recurring: { interval: 'month' },
          product_data: { name: 'Mastr Basic plan' },
        },
        quantity: 1,
      },
    ],
    customer,
    client_reference_id: gymId,
    metadata: { kind: 'basic-plan', gymId },
    subscription_data: { metadata: { gymId } },
    success_url: `${stripePage(deps)}?subscription=success`,
    cancel_url: `${stripePage(deps)}?subscription=cancelled`,
  });
  if (!session.url) throw new Error(`Checkout session ${session.id} has no url.`);
  return session.url;
}

export async function customerPortal(deps: Deps, gymId: string): Promise<string> {
  const customer = (await getPayee(deps.couch, 'gym', gymId))?.customerId;
  if (!customer) throw new SubscriptionRefusal(SUBSCRIPTION_REFUSALS.noPlan);
  try {
    return (await deps.stripe.billingPortal.sessions.create({ customer, return_url: stripePage(deps) })).url;
  } catch (err) {
    if (isResourceMissing(err)) throw new SubscriptionRefusal(SUBSCRIPTION_REFUSALS.noPlan);
    throw err;
  }
}

/** The gym's Stripe customer, created once (a customer the local test provider forgot is replaced). */
async function ensureCustomer(deps: Deps, gymId: string): Promise<string> {
  const stored = (await getPayee(deps.couch, 'gym', gymId))?.customerId ?? null;
  if (stored) {
    try {
      const customer = await deps.stripe.customers.retrieve(stored);
      if (!customer.deleted) return stored;
    } catch (err) {
      if (!isResourceMissing(err)) throw err;
    }
  }
  const customer = await deps.stripe.customers.create(
    { metadata: { mastrGymId: gymId } },
    { idempotencyKey: `customer:${gymId}:${stored ?? 'first'}` },
  );
  await recordCustomer(deps, gymId, customer.id, stored);
  return customer.id;
}

/** Stores the gym's customer id unless another one than `replacing` is stored already. */
async function recordCustomer(deps: Deps, gymId: string, customerId: string, replacing: string | null): Promise<void> {
  await updatePayee(deps.couch, 'gym', gymId, (payee) =>
    payee.customerId === replacing ? { ...payee, customerId } : null,
  );
}

/** `checkout.session.completed` in subscription mode: the customer that pays the plan. */
export async function applySubscriptionCheckout(deps: Deps, session: Stripe.Checkout.Session): Promise<void> {
  const gymId = session.metadata?.gymId;
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (!gymId || !customer) return;
  await updatePayee(deps.couch, 'gym', gymId, (payee) =>
    payee.customerId === customer ? null : { ...payee, customerId: customer },
  );
}

/**
 * `customer.subscription.created|updated|deleted`. Deliveries may come late or out of order: an
 * event older than the one last applied to that subscription changes nothing, and `canceled` is
 * final, so a late `updated` never resurrects a cancelled plan. The gym's flags are then derived
 * from all its subscriptions.
 */
export async function applySubscriptionEvent(
  deps: Deps,
  subscription: Stripe.Subscription,
  eventCreated: number,
  deleted: boolean,
): Promise<void> {
  const gymId = subscription.metadata?.gymId;
  if (!gymId) return; // not a Mastr plan
  const status = deleted ? 'canceled' : subscription.status;
  const record = await updateSubscription(
    deps.couch,
    subscriptionDocId(gymId, subscription.id),
    (current): SubscriptionDoc | null => {
      if (current && (current.status === 'canceled' || eventCreated < current.eventCreated)) return null;
      if (current && current.status === status && current.eventCreated === eventCreated) return null;
      return {
        _id: subscriptionDocId(gymId, subscription.id),
        type: 'subscription',
        gymId,
        subscriptionId: subscription.id,
        status,
        previousStatus: current?.status ?? null,
        eventCreated,
      };
    },
  );
  await derivePlanFlags(deps, gymId, record ? [record] : []);
  // Told from the record as stored, whichever delivery wrote it: a redelivery, or one that lost
  // the race, names the same change and so the same mail.
  if (record) await tellPlanChanged(deps, record);
}

/**
 * The gym's `subscribed` and `mastrPlan` flags, derived from its subscription records only. Records
 * the caller has just written or read by id stand in for their rows: on a cluster the range read can
 * come from a copy that has not got them yet (design/decisions.md 79, 130).
 */
async function derivePlanFlags(deps: Deps, gymId: string, known: SubscriptionDoc[] = []): Promise<void> {
  const fresh = new Set(known.map((s) => s._id));
  const subscriptions = [...(await gymSubscriptions(deps.couch, gymId)).filter((s) => !fresh.has(s._id)), ...known];
  await setPaymentFlags(deps.couch, 'gym', gymId, {
    subscribed: subscriptions.some((s) => PAYING.has(s.status)),
    // A plan with a failed payment is still the gym's plan (Manage Plan lets it fix the card).
    mastrPlan: subscriptions.some((s) => !ENDED.has(s.status)) ? BASIC_PLAN : null,
  });
}

/**
 * Whether Stripe itself holds a running plan of the gym. Used where Stripe may have forgotten what our
 * records say (the local test provider keeps nothing across restarts): records of plans Stripe no
 * longer knows are closed as cancelled and the flags derived again, so the page never shows a plan
 * that Manage Plan cannot open. Resolves true when a plan runs on Stripe.
 */
export async function reconcileGymPlan(deps: Deps, gymId: string): Promise<boolean> {
  const customer = (await getPayee(deps.couch, 'gym', gymId))?.customerId;
  const known = customer
    ? await deps.stripe.subscriptions.list({ customer, limit: 100 }).then(
        (list) => list.data.filter((s) => !ENDED.has(s.status)).map((s) => s.id),
        (err: unknown) => {
          if (isResourceMissing(err)) return [];
          throw err;
        },
      )
    : [];
  const closed: SubscriptionDoc[] = [];
  for (const record of await gymSubscriptions(deps.couch, gymId)) {
    if (ENDED.has(record.status) || known.includes(record.subscriptionId)) continue;
    const stored = await updateSubscription(deps.couch, record._id, (current) =>
      current && !ENDED.has(current.status) ? { ...current, status: 'canceled', previousStatus: current.status } : null,
    );
    if (stored) closed.push(stored);
  }
  await derivePlanFlags(deps, gymId, closed);
  return known.length > 0;
}

/**
 * Account deletion: every plan of the gym that has not ended is cancelled on Stripe at once (no
 * further charges; the month under way is not refunded). Stripe is asked as well as our records, so
 * a plan whose events have not reached us yet is cancelled too. Stripe's `customer.subscription.deleted`
 * then updates our records as for a cancel in the portal. Safe to repeat: a plan cancelled already is
 * "No such subscription" on Stripe, which is fine here. Resolves to the number cancelled now.
 */
export async function cancelGymPlans(deps: Deps, gymId: string): Promise<number> {
  const running = new Set(
    (await gymSubscriptions(deps.couch, gymId)).filter((s) => !ENDED.has(s.status)).map((s) => s.subscriptionId),
  );
  const customer = (await getPayee(deps.couch, 'gym', gymId))?.customerId;
  if (customer) {
    const listed = await deps.stripe.subscriptions.list({ customer, limit: 100 }).catch((err: unknown) => {
      if (isResourceMissing(err)) return { data: [] as Stripe.Subscription[] };
      throw err;
    });
    for (const subscription of listed.data) if (!ENDED.has(subscription.status)) running.add(subscription.id);
  }
  let cancelled = 0;
  for (const id of running) {
    try {
      await deps.stripe.subscriptions.cancel(id);
      cancelled += 1;
    } catch (err) {
      if (!isResourceMissing(err)) throw err;
    }
  }
  return cancelled;
}
