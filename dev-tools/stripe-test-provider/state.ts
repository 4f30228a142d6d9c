import { randomBytes } from 'node:crypto';
import { resourceMissing } from './errors.ts';
import type { Account, AccountLink } from './resources/accounts.ts';
import type { BillingPortalSession } from './resources/billing-portal.ts';
import type { StoredCheckoutSession } from './resources/checkout-sessions.ts';
import type { Customer } from './resources/customers.ts';
import type { Charge, PaymentIntent } from './resources/payment-intents.ts';
import type { Refund } from './resources/refunds.ts';
import type { Subscription } from './resources/subscriptions.ts';
import type { Transfer } from './resources/transfers.ts';

/** Seconds since the epoch, the unit of every Stripe timestamp. */
export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/** Stripe-looking ids (`cs_test_…`, `pi_…`): a prefix and 24 random alphanumerics. */
export function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const suffix = Array.from(randomBytes(24), (byte) => alphabet[byte % alphabet.length]).join('');
  return `${prefix}_${suffix}`;
}

/** One kind of object by id; a missing id answers Stripe's `resource_missing` 404. */
class Collection<T extends { id: string }> {
  private readonly byId = new Map<string, T>();

  constructor(readonly objectName: string) {}

  add(item: T): T {
    this.byId.set(item.id, item);
    return item;
  }

  get(id: string, param = 'id'): T {
    const item = this.byId.get(id);
    if (!item) throw resourceMissing(this.objectName, id, param);
    return item;
  }

  values(): T[] {
    return [...this.byId.values()];
  }
}

/** Everything the provider knows. In memory only: a restart forgets it all (it is a dev tool). */
export interface ProviderState {
  checkoutSessions: Collection<StoredCheckoutSession>;
  paymentIntents: Collection<PaymentIntent>;
  charges: Collection<Charge>;
  refunds: Collection<Refund>;
  customers: Collection<Customer>;
  subscriptions: Collection<Subscription>;
  accounts: Collection<Account>;
  accountLinks: Collection<AccountLink>;
  loginLinks: Collection<{ id: string; account: string }>;
  billingPortalSessions: Collection<BillingPortalSession>;
  transfers: Collection<Transfer>;
}

export function createState(): ProviderState {
  return {
    checkoutSessions: new Collection('checkout.session'),
    paymentIntents: new Collection('payment_intent'),
    charges: new Collection('charge'),
    refunds: new Collection('refund'),
    customers: new Collection('customer'),
    subscriptions: new Collection('subscription'),
    accounts: new Collection('account'),
    accountLinks: new Collection('account_link'),
    loginLinks: new Collection('login_link'),
    billingPortalSessions: new Collection('billing_portal.session'),
    transfers: new Collection('transfer'),
  };
}

/** A webhook event the provider is about to send: its type and a snapshot of the object. */
export interface EventDraft {
  type: string;
  object: object;
}

/** What every resource handler gets: the state, the public base url of hosted pages, and an event sink. */
export interface ResourceContext {
  state: ProviderState;
  publicUrl: string;
  /** Where the Express dashboard's 'Return to' link leads for an account (the platform's page), if set. */
  platformReturnUrl?: (account: Account) => string | null;
  emit(type: string, object: object): void;
}
