import { invalidRequest } from '../errors.ts';
import type { Params } from '../params.ts';
import { newId, unixNow, type ResourceContext } from '../state.ts';

type CapabilityStatus = 'inactive' | 'active';

export interface Account {
  id: string;
  object: 'account';
  type: string;
  country: string;
  email: string | null;
  default_currency: string;
  capabilities: Record<string, CapabilityStatus>;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** Kept whole; only `url`, `created` and `expires_at` are public (as on Stripe). */
export interface AccountLink {
  id: string;
  account: string;
  refresh_url: string;
  return_url: string;
  created: number;
  expires_at: number;
  used: boolean;
}

/** Stripe's onboarding links are short-lived and single-use; after either, the page sends to refresh_url. */
const ACCOUNT_LINK_LIFETIME_SECONDS = 300;

/** POST /v1/accounts: an Express account that cannot take payments until onboarding is completed. */
export function createAccount({ state }: ResourceContext, params: Params): Account {
  return state.accounts.add({
    id: newId('acct'),
    object: 'account',
    type: params.optionalString('type') ?? 'express',
    country: params.optionalString('country') ?? 'GB',
    email: params.optionalString('email'),
    default_currency: 'gbp',
    capabilities: Object.fromEntries(params.keys('capabilities').map((name) => [name, 'inactive' as const])),
    details_submitted: false,
    charges_enabled: false,
    payouts_enabled: false,
    metadata: params.stringMap('metadata'),
    created: unixNow(),
    livemode: false,
  });
}

/** POST /v1/account_links → `{ object, url, created, expires_at }` pointing at the onboarding page. */
export function createAccountLink({ state, publicUrl }: ResourceContext, params: Params) {
  const account = state.accounts.get(params.string('account'), 'account');
  const type = params.string('type');
  if (type !== 'account_onboarding') {
    throw invalidRequest(
      `This test provider only implements account links of type 'account_onboarding', not '${type}'.`,
      { param: 'type' },
    );
  }
  const created = unixNow();
  const link = state.accountLinks.add({
    id: newId('acctlink'),
    account: account.id,
    refresh_url: params.string('refresh_url'),
    return_url: params.string('return_url'),
    created,
    expires_at: created + ACCOUNT_LINK_LIFETIME_SECONDS,
    used: false,
  });
  return { object: 'account_link', url: `${publicUrl}/onboarding/${link.id}`, created, expires_at: link.expires_at };
}

/** POST /v1/accounts/{id}/login_links: like Stripe, only once onboarding is complete. */
export function createLoginLink({ state, publicUrl }: ResourceContext, accountId: string) {
  const account = state.accounts.get(accountId, 'account');
  if (!account.details_submitted) {
    throw invalidRequest('Cannot create a login link for an account that has not completed onboarding.', {
      param: 'account',
    });
  }
  const link = state.loginLinks.add({ id: newId('lael'), account: account.id });
  return { object: 'login_link', url: `${publicUrl}/express/${link.id}`, created: unixNow() };
}

/** Whether an onboarding link still opens the form (unused and unexpired), otherwise it goes to refresh_url. */
export function isAccountLinkUsable(link: AccountLink): boolean {
  return !link.used && unixNow() < link.expires_at;
}

/** The onboarding page's 'Complete onboarding': the account can now take payments. */
export function completeOnboarding({ state, emit }: ResourceContext, link: AccountLink): string {
  const account = state.accounts.get(link.account);
  link.used = true;
  account.details_submitted = true;
  account.charges_enabled = true;
  account.payouts_enabled = true;
  for (const name of Object.keys(account.capabilities)) account.capabilities[name] = 'active';
  emit('account.updated', account);
  return link.return_url;
}
