/**
 * Decision 200 on a gym's device: what dropping the tenant collection's `type` index (schema
 * version 8) costs or saves the app's reads, a pull's writes, and the one-time migration a device
 * runs on update. Two layouts, interleaved (the order alternating between rounds), each round on a
 * fresh device in a fresh headless Chromium context (empty IndexedDB), holding the same seeded gym
 * (10,000 day passes, 300 Mastr passes, notifications, schedule weeks, signing keys, outcomes,
 * bookings: 10,631 documents):
 * - "v7: type index": TENANT_DOCS_SCHEMA as version 7 with `indexes: ['type']`, a type read as
 *   `{ ...where, type }`;
 * - "v8: id ranges": TENANT_DOCS_SCHEMA as it is, a type read as `ofType(type, where)` (its id
 *   range on the primary key, pwa/src/data/local-queries.ts).
 * Timed after seeding: each of the app's reads once (a fresh query's first `exec()`), then 1,000
 * day passes updated with `bulkUpsert`; and in a context of its own, a version-7 store opened
 * under version 8 (every document migrated), as the store opened it before decision 200 (RxDB's
 * `autoMigrate`, 10 documents a batch) and as it opens it now (`autoMigrate: false`, then
 * `migratePromise(TENANT_DOCS_MIGRATION_BATCH)`). Both layouts must find the same ids.
 * The seed is stored 1,000 documents a write, as the pull's batches (SEED_BATCH): RxDB gives one
 * write's documents one `_meta.lwt`, and the migration reads the old store by `[_meta.lwt+id]`
 * from its last checkpoint, whose lwt range opens at the first document of that write, so each
 * batch walks the write's documents again up to where it left off: the migration's time grows with
 * the documents sharing an lwt (SEED_BATCH=20000 stores the gym in one write: minutes).
 * Run: npx tsx bench/tenant-queries.browser.bench.ts   (ROUNDS=5, SEED_BATCH=1000)
 */
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../e2e/support/browser.ts';
import { buildBenchPage, openBenchPage, type BuiltPage } from './support/browser-bench-page.ts';
import { runBenchIn } from './support/run.ts';
import { figure, ms, ratio, summarise } from './support/stats.ts';
import type {
  Layout,
  MigrationFigures,
  QueriesFigures,
  TenantQueriesPage,
} from './browser/tenant-queries/tenant-queries-api.ts';
import type { Browser } from 'playwright-core';
import { TENANT_DOCS_MIGRATION_BATCH } from '../pwa/src/data/tenant-docs.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SEED_BATCH = Number(process.env.SEED_BATCH ?? 1_000);
/** What the store migrates by (tenant-store.ts); RxDB's `autoMigrate`, the store's way before decision 200, moves 10 a batch. */
const MIGRATION_BATCH = TENANT_DOCS_MIGRATION_BATCH;
const PAGE_ROOT = fileURLToPath(new URL('./browser/tenant-queries/', import.meta.url));
/** Never contacted: Playwright answers the page's own files, and the page makes no other request. */
const ORIGIN = 'http://127.0.0.1:9';
const LAYOUTS: Record<Layout, string> = { v7: 'v7: type index', v8: 'v8: id ranges' };

/** One call into the page of a fresh context (its own, empty IndexedDB), the context closed after. */
async function inFreshContext<T>(
  browser: Browser,
  built: BuiltPage,
  label: string,
  work: (page: TenantQueriesPage) => Promise<T>,
): Promise<T> {
  const { page, context } = await openBenchPage(
    browser,
    ORIGIN,
    built,
    'window.tenantQueriesBench !== undefined',
    label,
  );
  try {
    // The page's calls, each made in the page through `page.evaluate`.
    return await work({
      queries: (input) => page.evaluate((asked) => window.tenantQueriesBench!.queries(asked), input),
      migrate: (input) => page.evaluate((asked) => window.tenantQueriesBench!.migrate(asked), input),
    });
  } finally {
    await context.close();
  }
}

/** Throws unless both layouts found the same documents; says whether they came in the same order. */
function sameResults(v7: QueriesFigures, v8: QueriesFigures, round: number): string[] {
  const reordered: string[] = [];
  if (v7.documents !== v8.documents) throw new Error(`round ${round}: ${v7.documents} vs ${v8.documents} documents`);
  v7.queries.forEach((a, i) => {
    const b = v8.queries[i];
    const [x, y] = [[...a.ids].sort(), [...b.ids].sort()];
    if (a.name !== b.name || x.length !== y.length || x.some((id, j) => id !== y[j]))
      throw new Error(
        `round ${round}: ${a.name} found ${a.ids.length} documents under v7, ${b.name} ${b.ids.length} under v8, not the same ids`,
      );
    if (a.ids.some((id, j) => id !== b.ids[j])) reordered.push(a.name);
  });
  return reordered;
}

await runBenchIn(
  "Tenant reads in Chromium: a gym's 10,631 documents read by type index (v7) or id range (v8), and the v7 → v8 migration",
  'Chromium headless, no server',
  async (cleanup) => {
    const built = await buildBenchPage(PAGE_ROOT);
    cleanup(async () => built.remove());
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    console.log(
      `browser: Chromium ${browser.version()}; ${ROUNDS} rounds, layouts interleaved, each in a fresh context`,
    );
    const now = new Date().toISOString();

    console.log(`the seed stored ${SEED_BATCH.toLocaleString('en-GB')} documents a bulkInsert`);
    const runs: Record<Layout, QueriesFigures[]> = { v7: [], v8: [] };
    const migrations: MigrationFigures[] = [];
    const batchedMigrations: MigrationFigures[] = [];
    const reorderedNames = new Set<string>();
    for (let round = 1; round <= ROUNDS; round += 1) {
      const order: Layout[] = round % 2 === 1 ? ['v7', 'v8'] : ['v8', 'v7'];
      for (const layout of order)
        runs[layout].push(
          await inFreshContext(browser, built, `${layout} round ${round}`, (page) =>
            page.queries({ layout, seed: round, now, seedBatch: SEED_BATCH }),
          ),
        );
      const [v7, v8] = [runs.v7.at(-1)!, runs.v8.at(-1)!];
      for (const name of sameResults(v7, v8, round)) reorderedNames.add(name);
      const migrateOnce = async (batchSize: number | null) => {
        const label = `migration${batchSize === null ? '' : ` by ${batchSize}`} round ${round}`;
        const figures = await inFreshContext(browser, built, label, (page) =>
          page.migrate({ seed: round, now, seedBatch: SEED_BATCH, batchSize }),
        );
        if (figures.after !== figures.documents)
          throw new Error(`${label}: ${figures.documents} documents before the migration, ${figures.after} after`);
        return figures;
      };
      const migration = await migrateOnce(null);
      migrations.push(migration);
      const batched = await migrateOnce(MIGRATION_BATCH);
      batchedMigrations.push(batched);
      const line = (f: QueriesFigures) =>
        `${f.queries.map((q) => `${q.name} ${ms(q.ms)}`).join(', ')}, write ${ms(f.write.ms)}`;
      console.log(`round ${round} (${order.join(' then ')}): ${v7.documents} documents, same ids in both`);
      console.log(`  v7: ${line(v7)}`);
      console.log(`  v8: ${line(v8)}`);
      console.log(
        `  migration v7 → v8: ${ms(migration.ms)} for ${migration.documents} documents (reopen after it ${ms(migration.reopenMs)}); ` +
          `with migratePromise(${MIGRATION_BATCH}) ${ms(batched.ms)}`,
      );
    }

    const first = runs.v7[0];
    console.log(
      `\nmedians of ${ROUNDS} rounds (documents found; index RxDB's planner read, * = each document matched too):`,
    );
    const median = (layout: Layout, pick: (f: QueriesFigures) => number) => summarise(runs[layout].map(pick)).p50;
    const plan = (layout: Layout, i: number) => {
      const q = runs[layout][0].queries[i];
      return `[${q.index.join('+')}]${q.selectorSatisfiedByIndex ? '' : '*'}`;
    };
    first.queries.forEach((q, i) => {
      const [v7, v8] = [median('v7', (f) => f.queries[i].ms), median('v8', (f) => f.queries[i].ms)];
      console.log(
        `${q.name.padEnd(22)} ${String(q.ids.length).padStart(6)} docs  ${LAYOUTS.v7} ${ms(v7).padStart(8)} ${plan('v7', i).padEnd(22)}` +
          `  ${LAYOUTS.v8} ${ms(v8).padStart(8)} ${plan('v8', i).padEnd(16)}  v8/v7 ${ratio(v8, v7)}`,
      );
    });
    const reads = (f: QueriesFigures) => f.queries.reduce((sum, q) => sum + q.ms, 0);
    const [readsV7, readsV8] = [median('v7', reads), median('v8', reads)];
    console.log(
      `${'all seven reads'.padEnd(22)} ${''.padStart(6)}       ${LAYOUTS.v7} ${ms(readsV7).padStart(8)} ${''.padEnd(22)}  ${LAYOUTS.v8} ${ms(readsV8).padStart(8)} ${''.padEnd(16)}  v8/v7 ${ratio(readsV8, readsV7)}`,
    );
    const [writeV7, writeV8] = [median('v7', (f) => f.write.ms), median('v8', (f) => f.write.ms)];
    console.log(
      `${`bulkUpsert ${first.write.documents} passes`.padEnd(29)}       ${LAYOUTS.v7} ${ms(writeV7).padStart(8)} ${''.padEnd(22)}  ${LAYOUTS.v8} ${ms(writeV8).padStart(8)} ${''.padEnd(16)}  v8/v7 ${ratio(writeV8, writeV7)}`,
    );
    const [seedV7, seedV8] = [median('v7', (f) => f.seedMs), median('v8', (f) => f.seedMs)];
    console.log(
      `(seeding, not a measurement: ${first.documents} documents stored ${SEED_BATCH} a bulkInsert in ${ms(seedV7)} under v7, ${ms(seedV8)} under v8, v8/v7 ${ratio(seedV8, seedV7)})`,
    );
    if (reorderedNames.size > 0) console.log(`same ids, another order under v8: ${[...reorderedNames].join(', ')}`);
    else console.log('every query found the same ids in the same order under both layouts');
    const migration = summarise(migrations.map((m) => m.ms));
    const batched = summarise(batchedMigrations.map((m) => m.ms));
    const reopen = summarise(migrations.map((m) => m.reopenMs));
    const held = migrations[0].documents;
    console.log(
      `migration v7 → v8 with RxDB's autoMigrate (10 a batch, the store before decision 200): median ${ms(migration.p50)}, max ${ms(migration.max)} ` +
        `for ${held} documents (${(migration.p50 / held).toFixed(2)} ms each); the count unchanged after it; reopening once migrated ${ms(reopen.p50)}`,
    );
    console.log(
      `migration v7 → v8 as the store opens it now (autoMigrate: false, then migratePromise(${MIGRATION_BATCH})): median ${ms(batched.p50)}, max ${ms(batched.max)} ` +
        `(${ratio(batched.p50, migration.p50)} autoMigrate's)`,
    );

    first.queries.forEach((q, i) => {
      figure(
        `tenant-queries.${q.name}.v7`,
        median('v7', (f) => f.queries[i].ms),
        'ms',
      );
      figure(
        `tenant-queries.${q.name}.v8`,
        median('v8', (f) => f.queries[i].ms),
        'ms',
      );
    });
    figure('tenant-queries.reads-all.v7', readsV7, 'ms');
    figure('tenant-queries.reads-all.v8', readsV8, 'ms');
    figure('tenant-queries.bulk-upsert-1000.v7', writeV7, 'ms');
    figure('tenant-queries.bulk-upsert-1000.v8', writeV8, 'ms');
    figure('tenant-queries.migration-v7-v8', migration.p50, 'ms');
    figure(`tenant-queries.migration-v7-v8-by-${MIGRATION_BATCH}`, batched.p50, 'ms');
    figure('tenant-queries.reopen-v8', reopen.p50, 'ms');
  },
);
