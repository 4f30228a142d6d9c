/**
 * The reconnect bench page, one per front-desk tablet, run in Chromium on the gateway's origin
 * (reconnect.browser.bench.ts): the PWA's own tenant store, opened as the app opens it, and the
 * front desk's own check-in action.
 */
import { BehaviorSubject, filter, firstValueFrom, map } from 'rxjs';
import { recordsDecidedBy } from '@mastr/rules/check-in-decisions.ts';
import { openTenantStore, type OpenedTenantStore } from '../../../pwa/src/data/tenant-store.ts';
import { recordCheckIn } from '../../../pwa/src/front-desk/check-in-actions.ts';
import { frontDeskLists } from '../../../pwa/src/front-desk/front-desk-model.ts';
import type { OpenInput, ReconnectBenchPage } from './reconnect-api.ts';

let store: OpenedTenantStore | null = null;
const opened = () => {
  if (!store) throw new Error('open() first');
  return store;
};

async function open({ gymId, token }: OpenInput): Promise<void> {
  // The options tenant-data-provider.tsx passes: default database name, storage, origin and log.
  store = await openTenantStore({
    kind: 'gym',
    tenantId: gymId,
    getAccessToken: () => token,
    refresh: async () => token,
  });
  await firstValueFrom(store.status$.pipe(filter((status) => status.firstSync.done)));
}

async function checkIn(passIds: string[]): Promise<{ waiting: number; ids: string[] }> {
  const tablet = opened();
  const docs = await firstValueFrom(tablet.frontDesk.watch({ fromDate: '0000-01-01', since: '' }));
  const today = new Map(
    frontDeskLists(docs.passes, docs.checkIns, docs.outcomes, new Date()).today.map((view) => [view.passId, view]),
  );
  for (const passId of passIds) {
    const view = today.get(passId);
    if (!view) throw new Error(`pass ${passId} is not on today's list`);
    const { text } = await recordCheckIn(tablet, view, 'tap');
    if (text !== 'Checked In.') throw new Error(`pass ${passId}: '${text}'`);
  }
  const recorded = await firstValueFrom(tablet.frontDesk.watch({ fromDate: '0000-01-01', since: '' }));
  const waiting = await firstValueFrom(tablet.status$.pipe(map((status) => status.pending)));
  return { waiting, ids: recorded.checkIns.map((c) => c._id) };
}

/** When the device's count of decisions and of check-ins waiting to sync changed (the timeline's progress lines). */
const progress: { at: number; what: string }[] = [];
const decided = new BehaviorSubject<{ held: number; of: number }>({ held: 0, of: Infinity });

function followDecisions(checkInIds: string[]): void {
  const { collection, status$ } = opened();
  const wanted = new Set(checkInIds);
  const held = new Set<string>();
  decided.next({ held: 0, of: wanted.size });
  // Change events, not a query: a live query over 10,000 passes would cost the device more than what is measured.
  const events = collection.$.subscribe((event) => {
    if (event.operation === 'DELETE') return;
    const before = held.size;
    for (const id of recordsDecidedBy(event.documentData as { type?: string })) if (wanted.has(id)) held.add(id);
    if (held.size === before) return;
    progress.push({ at: performance.now(), what: `${held.size} decisions held` });
    decided.next({ held: held.size, of: wanted.size });
  });
  const waiting = status$.subscribe(({ pending }) =>
    progress.push({ at: performance.now(), what: `${pending} waiting` }),
  );
  void firstValueFrom(decided.pipe(filter(({ held: n, of }) => n >= of))).then(
    () => (events.unsubscribe(), waiting.unsubscribe()),
  );
}

async function decisionsHeld(): Promise<void> {
  await firstValueFrom(decided.pipe(filter(({ held, of }) => held >= of)));
}

// The resource timings of a whole round (first sync, pushes, pulls) stay readable: the default buffer holds 250.
performance.setResourceTimingBufferSize(100_000);

const syncRequestsSince = (since: number) =>
  performance
    .getEntriesByType('resource')
    .filter((entry): entry is PerformanceResourceTiming => entry.startTime >= since && entry.name.includes('/sync/'));

function lastPushAnswered(since: number): number | null {
  const pushes = syncRequestsSince(since).filter((entry) => new URL(entry.name).pathname.endsWith('/_bulk_docs'));
  return pushes.length ? Math.max(...pushes.map((entry) => entry.responseEnd)) - since : null;
}

/** The sync requests answered since `since` (performance.now() of the page): when, how long, what. */
function requests(since: number): string[] {
  const answered = syncRequestsSince(since).map((entry) => {
    const url = new URL(entry.name);
    const what = `${url.pathname.replace(/^.*\//, '')} ${url.searchParams.get('feed') ?? ''}`;
    return {
      at: entry.startTime,
      line: `${Math.round(entry.startTime - since)} → ${Math.round(entry.responseEnd - since)} ms ${what} ${entry.encodedBodySize} B`,
    };
  });
  const changes = progress
    .filter(({ at }) => at >= since)
    .map(({ at, what }) => ({ at, line: `${Math.round(at - since)} ms · ${what}` }));
  return [...answered, ...changes].sort((a, b) => a.at - b.at).map(({ line }) => line);
}

const bench: ReconnectBenchPage = {
  open,
  checkIn,
  followDecisions,
  decisionsHeld,
  lastPushAnswered,
  now: () => performance.now(),
  requests,
};
window.reconnectBench = bench;
