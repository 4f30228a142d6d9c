import { useCallback, useMemo } from 'react';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { useNow } from '../lib/index.ts';
import { useFrontDeskDocs, useTenantStore } from '../data/index.ts';
import type { Message } from '../forms/index.ts';
import { recordCheckIn } from './check-in-actions.ts';
import { CODE_ERRORS, frontDeskLists, frontDeskWindow, type PassView } from './front-desk-model.ts';

/** The front desk over the gym's local data: lists, and checking in. */
export function useFrontDesk() {
  const store = useTenantStore();
  // Every 30 s: a tick mark turns back into 'Check In' 60 minutes after the check-in.
  const now = useNow(30_000);
  // Today's and upcoming passes, this device's check-ins waiting in its journal (a tap's at once) and today's outcomes.
  const docs = useFrontDeskDocs(frontDeskWindow(now));
  const lists = useMemo(
    () => frontDeskLists(docs?.passes ?? [], docs?.checkIns ?? [], docs?.outcomes ?? [], now),
    [docs, now],
  );
  const checkIn = useCallback(
    (view: PassView, method: CheckInDoc['method']): Promise<Message> =>
      store ? recordCheckIn(store, view, method) : Promise.resolve({ tone: 'error', text: CODE_ERRORS.opening }),
    [store],
  );
  return {
    gymId: store?.tenantId ?? null,
    ready: docs !== null,
    lists,
    publicKeys: docs?.signingKeys?.keys ?? [],
    checkIn,
  };
}
