import type { Params } from '../params.ts';
import { newId, unixNow, type ProviderState } from '../state.ts';

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export function addCustomer(
  state: ProviderState,
  email: string | null,
  metadata: Record<string, string> = {},
): Customer {
  return state.customers.add({
    id: newId('cus'),
    object: 'customer',
    email,
    metadata,
    created: unixNow(),
    livemode: false,
  });
}

/** POST /v1/customers */
export function createCustomer(state: ProviderState, params: Params): Customer {
  return addCustomer(state, params.optionalString('email'), params.stringMap('metadata'));
}
