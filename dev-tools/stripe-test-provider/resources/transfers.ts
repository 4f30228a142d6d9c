import { invalidRequest } from '../errors.ts';
import type { Params } from '../params.ts';
import { newId, unixNow, type ProviderState } from '../state.ts';

export interface TransferReversal {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  currency: string;
  transfer: string;
  metadata: Record<string, string>;
  created: number;
}

export interface Transfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  reversals: { object: 'list'; data: TransferReversal[]; has_more: false; total_count: number };
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** POST /v1/transfers: platform balance → a connected account (used for PT payouts). */
export function createTransfer(state: ProviderState, params: Params): Transfer {
  const amount = params.integer('amount');
  if (amount <= 0) throw invalidRequest('This value must be greater than or equal to 1.', { param: 'amount' });
  const destination = state.accounts.get(params.string('destination'), 'destination');
  const sourceTransaction = params.optionalString('source_transaction');
  if (sourceTransaction) state.charges.get(sourceTransaction, 'source_transaction');
  return state.transfers.add({
    id: newId('tr'),
    object: 'transfer',
    amount,
    amount_reversed: 0,
    reversed: false,
    reversals: { object: 'list', data: [], has_more: false, total_count: 0 },
    currency: params.string('currency').toLowerCase(),
    destination: destination.id,
    source_transaction: sourceTransaction,
    transfer_group: params.optionalString('transfer_group'),
    metadata: params.stringMap('metadata'),
    created: unixNow(),
    livemode: false,
  });
}

/**
 * POST /v1/transfers/{id}/reversals `{ amount? }`: takes (part of) a transfer back from the connected
 * account; all that is left by default, never more (400 as Stripe answers).
 */
export function createTransferReversal(state: ProviderState, params: Params, transferId: string): TransferReversal {
  const transfer = state.transfers.get(transferId);
  const remaining = transfer.amount - transfer.amount_reversed;
  const amount = params.optionalInteger('amount') ?? remaining;
  if (amount <= 0 || amount > remaining) {
    throw invalidRequest(`Reversal amount ${amount} is not between 1 and the ${remaining} left on ${transfer.id}.`, {
      param: 'amount',
    });
  }
  const reversal: TransferReversal = {
    id: newId('trr'),
    object: 'transfer_reversal',
    amount,
    currency: transfer.currency,
    transfer: transfer.id,
    metadata: params.stringMap('metadata'),
    created: unixNow(),
  };
  transfer.amount_reversed += amount;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  transfer.reversals.data.unshift(reversal);
  transfer.reversals.total_count += 1;
  return reversal;
}
