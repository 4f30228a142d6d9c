import type { Params } from '../params.ts';
import { newId, unixNow, type ResourceContext } from '../state.ts';

export interface BillingPortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
}

/** POST /v1/billing_portal/sessions `{ customer, return_url }` → a session whose url opens the portal page. */
export function createBillingPortalSession(
  { state, publicUrl }: ResourceContext,
  params: Params,
): BillingPortalSession {
  const customer = state.customers.get(params.string('customer'), 'customer');
  const id = newId('bps');
  return state.billingPortalSessions.add({
    id,
    object: 'billing_portal.session',
    customer: customer.id,
    return_url: params.optionalString('return_url'),
    url: `${publicUrl}/billing-portal/${id}`,
    created: unixNow(),
    livemode: false,
  });
}
