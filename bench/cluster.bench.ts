/**
 * Issue 23's figures: the same benches on the embedded server and on a three-node Apache CouchDB
 * cluster (and, if asked, a single Apache node) in one run, side by side as ratios. Each bench runs
 * unchanged in a process of its own with BENCH_DATABASE set (support/bench-couch.ts), one after
 * another, never two at once; this driver reads the `figure:` lines they print. The order of the
 * databases alternates from one measure to the next, so drift on a shared machine falls on both.
 *
 * Measures: live devices one instance carries at /api p95 ≤ 50 ms, and two instances behind
 * HAProxy (live-devices.bench.ts, LIVE_INSTANCES=2); list and booking throughput
 * (api-throughput.bench.ts); first sync of the 10,000-pass gym (first-sync.bench.ts, no batch-size
 * sweep); reconnect with 1,000 offline check-ins (reconnect.bench.ts).
 *
 * Run: MASTR_TEST_COUCHDB_RELEASE=/work/couchdb-release/couchdb npx tsx bench/cluster.bench.ts
 *   CLUSTER_BENCH_DATABASES=embedded,apache,cluster   (default embedded,cluster)
 *   CLUSTER_BENCH_MEASURES=live-1,live-2,throughput,first-sync,reconnect   (default all)
 *   CLUSTER_LIVE_DEVICES=250,500,1000,2000   (the live-device steps), LIVE_API_SAMPLES=300 and
 *   LIVE_API_SECONDS=600 (the /api timing per step), THROUGHPUT_SECONDS=6, FIRST_SYNC_ROUNDS=3,
 *   CLUSTER_RUN_TIMEOUT_MINUTES=15 (per bench run)
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, type BenchDatabase } from './support/bench-couch.ts';

interface Measure {
  name: string;
  file: string;
  env: Record<string, string>;
  title: string;
}

/** Every step is timed (LIVE_ALL_STEPS), so the p95 at each step compares even past the target. */
const LIVE = {
  LIVE_DEVICES: process.env.CLUSTER_LIVE_DEVICES ?? '250,500,1000,2000',
  LIVE_API_SAMPLES: process.env.LIVE_API_SAMPLES ?? '300',
  LIVE_API_SECONDS: process.env.LIVE_API_SECONDS ?? '600',
  LIVE_ALL_STEPS: '1',
};
const MEASURES: Measure[] = [
  {
    name: 'live-1',
    title: 'live devices, one instance',
    file: 'live-devices.bench.ts',
    env: { ...LIVE, LIVE_INSTANCES: '1' },
  },
  {
    name: 'live-2',
    title: 'live devices, two instances behind HAProxy',
    file: 'live-devices.bench.ts',
    env: { ...LIVE, LIVE_INSTANCES: '2' },
  },
  {
    name: 'throughput',
    title: 'API throughput, one instance',
    file: 'api-throughput.bench.ts',
    env: { THROUGHPUT_SECONDS: process.env.THROUGHPUT_SECONDS ?? '6' },
  },
  {
    name: 'first-sync',
    title: 'first sync, 10,000-pass gym',
    file: 'first-sync.bench.ts',
    env: { FIRST_SYNC_BATCHES: 'none', FIRST_SYNC_ROUNDS: process.env.FIRST_SYNC_ROUNDS ?? '3' },
  },
  { name: 'reconnect', title: 'reconnect, 1,000 offline check-ins', file: 'reconnect.bench.ts', env: {} },
];
/** No bench may hold the run longer than this (it is then stopped and cleans up). */
const RUN_TIMEOUT_MS = Number(process.env.CLUSTER_RUN_TIMEOUT_MINUTES ?? 15) * 60_000;

const databases = (process.env.CLUSTER_BENCH_DATABASES ?? 'embedded,cluster')
  .split(',')
  .map((name) => benchDatabase({ BENCH_DATABASE: name }));
const chosen = process.env.CLUSTER_BENCH_MEASURES?.split(',');
const measures = chosen
  ? chosen.map((name) => {
      const measure = MEASURES.find((m) => m.name === name);
      if (!measure) throw new Error(`No measure '${name}': ${MEASURES.map((m) => m.name).join(', ')}`);
      return measure;
    })
  : MEASURES;

interface Outcome {
  figures: Map<string, { value: number; unit: string }>;
  ok: boolean;
}

/** Runs one bench on one database, echoing its output, and collects its figures. */
function runOne(measure: Measure, database: BenchDatabase): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, measure.file)], {
    env: { ...process.env, ...measure.env, BENCH_DATABASE: database },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const figures: Outcome['figures'] = new Map();
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      console.log(`  [${measure.name} · ${database}] ${line}`);
      const found = /^figure: (\S+) (\S+) (.+)$/.exec(line);
      if (found) figures.set(found[1], { value: Number(found[2]), unit: found[3] });
    }
  });
  // Stopped past the limit; a cleanup that hangs too (seen: a tablet removed mid-first-sync) is killed.
  let killer: NodeJS.Timeout | undefined;
  const timer = setTimeout(() => {
    child.kill('SIGTERM');
    killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  }, RUN_TIMEOUT_MS);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearTimeout(killer);
      resolve({ figures, ok: code === 0 });
    });
  });
}

const format = (figure: { value: number; unit: string } | undefined) =>
  figure ? `${figure.value < 10 ? figure.value.toFixed(2) : figure.value.toFixed(0)} ${figure.unit}` : '—';

console.log(`# Issue 23: ${databases.join(' / ')} in one run`);
console.log(
  `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs · load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the start`,
);
const table: string[] = [];
let failed = 0;
for (const [i, measure] of measures.entries()) {
  const order = i % 2 === 0 ? databases : [...databases].reverse();
  const outcomes = new Map<BenchDatabase, Outcome>();
  for (const database of order) {
    console.log(`## ${measure.title} on ${database} (load ${os.loadavg()[0].toFixed(1)})`);
    const outcome = await runOne(measure, database);
    if (!outcome.ok) failed += 1;
    outcomes.set(database, outcome);
  }
  const keys = [...new Set([...outcomes.values()].flatMap((o) => [...o.figures.keys()]))];
  for (const key of keys) {
    const cells = databases.map((d) => outcomes.get(d)?.figures.get(key));
    const base = outcomes.get('embedded')?.figures.get(key)?.value;
    const cluster = outcomes.get('cluster')?.figures.get(key)?.value;
    const ratio = base && cluster !== undefined ? `${(cluster / base).toFixed(2)}×` : '—';
    table.push(`| ${measure.title}: ${key} | ${cells.map(format).join(' | ')} | ${ratio} |`);
  }
  for (const [database, outcome] of outcomes)
    if (!outcome.ok) table.push(`| ${measure.title}: the run on ${database} FAILED (see its output) | |`); // The table so far, in case the run is stopped before the end.
  console.log(`table so far:\n${table.join('\n')}`);
}
console.log(`\n| measure | ${databases.join(' | ')} | cluster ÷ embedded |`);
console.log(`| --- | ${databases.map(() => '---').join(' | ')} | --- |`);
for (const row of table) console.log(row);
console.log(
  `load at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
process.exitCode = failed > 0 ? 1 : 0;
