/**
 * Runs one benchmark: prints where it ran and on what, reports failure as a non-zero exit, and
 * always cleans up (last opened, first closed: browsers and devices before the servers they talk
 * to). A missed target is printed as NOT MET, not thrown: the figures are the result.
 */
import os from 'node:os';
import { describeBenchDatabase } from './bench-couch.ts';

export type Cleanup = (step: () => Promise<unknown>) => void;

/** `setting` says what runs besides Node, e.g. 'Chromium 142 headless · loopback server'. */
export async function runBenchIn(
  title: string,
  setting: string,
  bench: (cleanup: Cleanup) => Promise<void>,
): Promise<void> {
  const steps: (() => Promise<unknown>)[] = [];
  // A driver (bench/cluster.bench.ts) ends an overlong run with SIGTERM: clean up (an Apache
  // CouchDB node or HAProxy would outlive this process) and exit as a failure.
  process.once('SIGTERM', () => {
    console.error('Stopped (SIGTERM): cleaning up');
    void (async () => {
      for (const step of steps.reverse()) await step().catch((err) => console.error('Cleanup failed:', err));
      process.exit(143);
    })();
  });
  console.log(`# ${title}`);
  console.log(
    `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim()} · ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB · load ${os.loadavg()[0].toFixed(1)} (other work on the machine skews figures) · ${setting}`,
  );
  try {
    await bench((step) => steps.push(step));
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    for (const step of steps.reverse()) await step().catch((err) => console.error('Cleanup failed:', err));
  }
  // Live replications' timers, servers' keep-alive sockets and leveldb handles would keep Node alive after the figures are out.
  process.exit();
}

/** A sync benchmark: devices against the CouchDB BENCH_DATABASE chooses (bench-couch.ts). */
export function runBench(
  title: string,
  bench: (cleanup: Cleanup) => Promise<void>,
  devices = 'RxDB/Dexie on fake-indexeddb in Node',
): Promise<void> {
  const couch = `${describeBenchDatabase()}${process.env.BENCH_COUCH_TIMING === '1' ? ' behind a timing proxy' : ''}`;
  return runBenchIn(title, `devices: ${devices} · ${couch}`, bench);
}
