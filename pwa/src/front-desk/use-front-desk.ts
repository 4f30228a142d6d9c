import { useCallback, useEffect, useMemo, useState } from 'react';
import type {
  CheckInDoc,
  CheckInOutcomeDoc,
  DayPassDoc,
  MastrPassDoc,
  SigningKeysDoc,
} from '@mastr/rules/documents.ts';
import { useJournalledCheckIns, useTenantDocs, useTenantStore } from '../data/tenant-data-provider.tsx';
import type { Message } from '../forms/form-message.tsx';
import { recordCheckIn } from './check-in-actions.ts';
import { CODE_ERRORS, frontDeskLists, frontDeskSelectors, withJournalled, type PassView } from './front-desk-model.ts';

/** The clock the lists are judged by; ticks so a tick mark turns back into 'Check In' after 60 minutes. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The front desk over the gym's local data: lists, and checking in. */
export function useFrontDesk() {
  const store = useTenantStore();
  const now = useNow(30_000);
  const where = frontDeskSelectors(now);
  const dayPasses = useTenantDocs<DayPassDoc>('day-pass', where.dayPasses);
  const mastrPasses = useTenantDocs<MastrPassDoc>('mastr-pass', where.mastrPasses);
  const checkIns = useTenantDocs<CheckInDoc>('check-in', where.checkIns);
  const journalled = useJournalledCheckIns<CheckInDoc>();
  const outcomes = useTenantDocs<CheckInOutcomeDoc>('check-in-outcome', where.outcomes);
  const signingKeys = useTenantDocs<SigningKeysDoc>('signing-keys');
  const lists = useMemo(
    () =>
      frontDeskLists(
        [...dayPasses.docs, ...mastrPasses.docs],
        withJournalled(checkIns.docs, journalled),
        outcomes.docs,
        now,
      ),
    [dayPasses.docs, mastrPasses.docs, checkIns.docs, journalled, outcomes.docs, now],
  );
  const checkIn = useCallback(
    (view: PassView, method: CheckInDoc['method']): Promise<Message> =>
      store ? recordCheckIn(store, view, method) : Promise.resolve({ tone: 'error', text: CODE_ERRORS.opening }),
    [store],
  );
  return {
    gymId: store?.tenantId ?? null,
    ready: dayPasses.ready && mastrPasses.ready && checkIns.ready && outcomes.ready && signingKeys.ready,
    lists,
    publicKeys: signingKeys.docs[0]?.keys ?? [],
    checkIn,
  };
}
