import type Stripe from 'stripe';
import type { Deps } from '../../deps.ts';
import { getAccount } from '../../couch/stores/accounts-store.ts';
import { applyGoLive } from '../accounts/index.ts';
import {
  getConnectAccount,
  getPayee,
  recordConnectAccount,
  updatePayee,
  type PayeeDoc,
  type PayeeKind,
} from '../../couch/stores/payments-store.ts';
import { setPaymentFlags } from './profile-flags.ts';
import { isResourceMissing } from './stripe-client.ts';

/**
 * Stripe Connect Express accounts of gyms and coaches (§7 "Payments and subscription"). The account
 * is created on the first onboarding request; its id stays in `mastr_payments`. Whether it can take
 * payments is learnt from `account.updated` (design/payments.md "Who can sell").
 */

export const NOT_ONBOARDED = 'Complete onboarding with Stripe first.';

export class ConnectRefusal extends Error {}

const dashboardStripePage = (deps: Deps, kind: PayeeKind) => `${deps.config.publicUrl}/${kind}dashboard/stripe`;

/** The url of Stripe's onboarding for this gym or coach, creating its Express account on first use. */
export async function onboardingLink(deps: Deps, kind: PayeeKind, profileId: string): Promise<string> {
  const account = await ensureConnectAccount(deps, kind, profileId);
  const page = dashboardStripePage(deps, kind);
  const link = await deps.stripe.accountLinks.create({
    account,
    refresh_url: page,
    return_url: page,
    type: 'account_onboarding',
  });
  return link.url;
}

/** The url of the Express dashboard; refused (ConnectRefusal) until onboarding was completed. */
export async function loginLink(deps: Deps, kind: PayeeKind, profileId: string): Promise<string> {
  const payee = await getPayee(deps.couch, kind, profileId);
  if (!payee?.connectAccountId || !payee.detailsSubmitted) throw new ConnectRefusal(NOT_ONBOARDED);
  try {
    return (await deps.stripe.accounts.createLoginLink(payee.connectAccountId)).url;
  } catch (err) {
    if (!isResourceMissing(err)) throw err;
    // The local test provider forgot the account (restarted): the page offers onboarding again.
    await forgetAccount(deps, kind, profileId, payee.connectAccountId);
    throw new ConnectRefusal(NOT_ONBOARDED);
  }
}

async function ensureConnectAccount(deps: Deps, kind: PayeeKind, profileId: string): Promise<string> {
  const stored = (await getPayee(deps.couch, kind, profileId))?.connectAccountId ?? null;
  if (stored) {
    try {
      await deps.stripe.accounts.retrieve(stored);
      return stored;
    } catch (err) {
      if (!isResourceMissing(err)) throw err;
      await forgetAccount(deps, kind, profileId, stored);
    }
  }
  const email = (await getAccount(deps.couch, profileId))?.email;
  const account = await deps.stripe.accounts.create(
    {
      type: 'express',
      country: 'GB',
      ...(email ? { email } : {}),
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { mastrKind: kind, mastrProfileId: profileId },
    },
    // Two quick clicks make one account (a forgotten account's replacement gets a key of its own).
    { idempotencyKey: `connect-account:${kind}:${profileId}:${stored ?? 'first'}` },
  );
  // The lookup first: an account.updated arriving right after must find its owner.
  await recordConnectAccount(deps.couch, account.id, kind, profileId);
  await updatePayee(deps.couch, kind, profileId, (payee) =>
    payee.connectAccountId === account.id ? null : { ...payee, connectAccountId: account.id, ...notOnboarded },
  );
  return account.id;
}

const notOnboarded = {
  detailsSubmitted: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  accountUpdatedAt: null,
} as const;

async function forgetAccount(deps: Deps, kind: PayeeKind, profileId: string, accountId: string): Promise<void> {
  await updatePayee(deps.couch, kind, profileId, (payee) =>
    payee.connectAccountId === accountId ? { ...payee, connectAccountId: null, ...notOnboarded } : null,
  );
  await setPaymentFlags(deps.couch, kind, profileId, { stripeAccountDetailsSubmittedStatus: false });
  // No account, no payments: the gym or coach is Inactive until onboarded again (decisions.md "Going live").
  await applyGoLive(deps, kind, profileId);
}

/**
 * `account.updated`: the account's onboarding and charge state. An event older than the one last
 * applied, or for an account that is not (or no longer) the payee's, changes nothing.
 */
export async function applyAccountUpdated(deps: Deps, account: Stripe.Account, eventCreated: number): Promise<void> {
  const owner = await getConnectAccount(deps.couch, account.id);
  if (!owner) return;
  const payee = await updatePayee(deps.couch, owner.kind, owner.profileId, (current): PayeeDoc | null => {
    if (current.connectAccountId !== account.id) return null;
    if (current.accountUpdatedAt !== null && eventCreated < current.accountUpdatedAt) return null;
    return {
      ...current,
      detailsSubmitted: account.details_submitted === true,
      chargesEnabled: account.charges_enabled === true,
      payoutsEnabled: account.payouts_enabled === true,
      accountUpdatedAt: eventCreated,
    };
  });
  if (payee?.connectAccountId === account.id) {
    await setPaymentFlags(deps.couch, owner.kind, owner.profileId, {
      stripeAccountDetailsSubmittedStatus: payee.detailsSubmitted,
    });
    // Charges enabled or disabled, details submitted or not: Active follows (decisions.md "Going live").
    await applyGoLive(deps, owner.kind, owner.profileId);
  }
}

/** Where a gym's or coach's sales are paid, or null while its account cannot take charges. */
export async function chargeableAccount(deps: Deps, kind: PayeeKind, profileId: string): Promise<string | null> {
  const payee = await getPayee(deps.couch, kind, profileId);
  return payee?.connectAccountId && payee.chargesEnabled ? payee.connectAccountId : null;
}
