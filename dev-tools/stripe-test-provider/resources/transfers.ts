import { invalidRequest } from '../errors.ts';
import type { Params } from '../params.ts';
import { newId, unixNow, type ProviderState } from '../state.ts';

export interface Transfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** POST /v1/transfers: platform balance → a connected account (used for PT payouts). */
export function createTransfer(state: ProviderState, params: Params): Transfer {
  const amount = params.integer('amount');
  if (amount <= 0) throw invalidRequest('This value must be greater than or equal to 1.', { param: 'amount' });
  const destination = state.accounts.get(params.string('destination'), 'destination');
  return state.transfers.add({
    id: newId('tr'),
    object: 'transfer',
    amount,
    currency: params.string('currency').toLowerCase(),
    destination: destination.id,
    metadata: params.stringMap('metadata'),
    created: unixNow(),
    livemode: false,
  });
}
