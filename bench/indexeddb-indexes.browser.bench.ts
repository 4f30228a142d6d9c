/**
 * What Chromium's IndexedDB costs a front-desk tablet per pulled document, by the indexes its store
 * keeps (issue 27's reconnect: after the server has decided 1,000 offline check-ins, each tablet
 * stores ~1,000 updated passes and outcome documents, and that store is most of what is left of the
 * wait). The layouts:
 * - the tenant store's, as RxDB's Dexie storage declares it for TENANT_DOCS_SCHEMA
 *   (`id, [_deleted+id], [_deleted+type+id], [_meta.lwt+id], _meta.lwt`);
 * - the same without our `type` index (RxDB's own three stay);
 * - no secondary index: the floor, and the baseline of the ratios.
 * Each round, in a fresh headless Chromium context (in-memory IndexedDB, as the reconnect bench's),
 * seeds 10,000 passes, then updates 1,000 of them as RxDB's pull writes a batch: a read-only
 * transaction reading them (the replication's look at the device's copies) and a read-write one
 * reading and putting them (the storage's bulk write). Raw IndexedDB calls, no Dexie or RxDB, so
 * the figures are the database's own.
 * Run: npx tsx bench/indexeddb-indexes.browser.bench.ts   (ROUNDS=5)
 */
import { launchBrowser } from '../e2e/support/browser.ts';
import { runBench } from './support/run.ts';
import { figure, ms, ratio, summarise } from './support/stats.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const STORED = 10_000;
const PULLED = 1_000;
const ORIGIN = 'http://indexeddb.bench';

const LAYOUTS = {
  'tenant store (RxDB on Dexie)': [['_deleted', 'id'], ['_deleted', 'type', 'id'], ['_meta.lwt', 'id'], '_meta.lwt'],
  'without the type index': [['_deleted', 'id'], ['_meta.lwt', 'id'], '_meta.lwt'],
  'no secondary index': [],
} satisfies Record<string, (string | string[])[]>;
type Layout = keyof typeof LAYOUTS;

interface Pull {
  readMs: number;
  writeMs: number;
}

await runBench(
  `IndexedDB in Chromium: ${PULLED.toLocaleString('en-GB')} of ${STORED.toLocaleString('en-GB')} passes updated, by index layout`,
  async (cleanup) => {
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    console.log(`browser: Chromium ${browser.version()}; ${ROUNDS} rounds per layout, layouts interleaved`);

    const pulls = new Map<Layout, Pull[]>(Object.keys(LAYOUTS).map((name) => [name as Layout, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [name, indexes] of Object.entries(LAYOUTS) as [Layout, (string | string[])[]][]) {
        const context = await browser.newContext();
        try {
          // tsx keeps the names of the page function's inner functions with a helper the page lacks.
          await context.addInitScript('globalThis.__name = (target) => target;');
          const page = await context.newPage();
          await page.route(`${ORIGIN}/**`, (route) =>
            route.fulfill({ body: '<!doctype html><title>idb</title>', contentType: 'text/html' }),
          );
          await page.goto(`${ORIGIN}/`);
          pulls.get(name)!.push(await page.evaluate(pullIntoStore, { indexes, stored: STORED, pulled: PULLED }));
        } finally {
          await context.close();
        }
      }
    }

    const base = summarise(pulls.get('no secondary index')!.map((p) => p.readMs + p.writeMs)).p50;
    for (const [name, rounds] of pulls) {
      const total = summarise(rounds.map((p) => p.readMs + p.writeMs)).p50;
      const read = summarise(rounds.map((p) => p.readMs)).p50;
      const write = summarise(rounds.map((p) => p.writeMs)).p50;
      console.log(
        `${name}: ${ms(total)} (read ${ms(read)}, read and put ${ms(write)}) for ${PULLED} documents, ${ratio(total, base)} the floor; ${(total / PULLED).toFixed(2)} ms per document`,
      );
      figure(`indexeddb.pull-1000.${name.replace(/\W+/g, '-').replace(/-$/, '')}`, total, 'ms');
    }
  },
  'raw IndexedDB in headless Chromium, a fresh in-memory context per round',
);

/** In the page: seeds the store, then times a pulled batch's read and its read-and-put. */
async function pullIntoStore({
  indexes,
  stored,
  pulled,
}: {
  indexes: (string | string[])[];
  stored: number;
  pulled: number;
}): Promise<Pull> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('tenant', 1);
    open.onupgradeneeded = () => {
      const docs = open.result.createObjectStore('docs', { keyPath: 'id' });
      indexes.forEach((keyPath, i) => docs.createIndex(`index${i}`, keyPath));
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const id = (i: number) => `daypass:${String(i).padStart(6, '0')}-4f1c2d9e`;
  // A day pass as the device stores it (RxDB's `_deleted` as '0'/'1' for the index, its `_meta`).
  const pass = (i: number, generation: number) => ({
    id: id(i),
    type: 'day-pass',
    _deleted: '0',
    _rev: `${generation}-${(i * 2654435761).toString(16)}`,
    _meta: { lwt: Date.now() + generation, o: { _rev: generation, hash: 'k2f9' } },
    _attachments: {},
    gymId: 'gym-6d1f0a9b',
    memberId: `member-${i}`,
    memberName: `Member ${i}`,
    date: '2026-12-03',
    pricePence: 1500,
    status: 'paid',
    entryCode: `MX${i}`,
    countedCheckIns: generation > 1 ? [{ checkInId: `checkin:${i}-a81c`, at: new Date().toISOString() }] : [],
  });
  const inTransaction = (mode: IDBTransactionMode, work: (docs: IDBObjectStore) => void) =>
    new Promise<void>((resolve, reject) => {
      const tx = db.transaction('docs', mode);
      work(tx.objectStore('docs'));
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  await inTransaction('readwrite', (docs) => {
    for (let i = 0; i < stored; i += 1) docs.put(pass(i, 1));
  });
  const t0 = performance.now();
  await inTransaction('readonly', (docs) => {
    for (let i = 0; i < pulled; i += 1) docs.get(id(i));
  });
  const t1 = performance.now();
  await inTransaction('readwrite', (docs) => {
    for (let i = 0; i < pulled; i += 1) docs.get(id(i));
    for (let i = 0; i < pulled; i += 1) docs.put(pass(i, 2));
  });
  const t2 = performance.now();
  db.close();
  return { readMs: t1 - t0, writeMs: t2 - t1 };
}
