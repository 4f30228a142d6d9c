/** Runs one benchmark: prints where it ran, reports failure as a non-zero exit, always cleans up. */
import os from 'node:os';

export async function runBench(
  title: string,
  bench: (cleanup: (step: () => Promise<unknown>) => void) => Promise<void>,
  devices = 'RxDB/Dexie on fake-indexeddb in Node',
): Promise<void> {
  const steps: (() => Promise<unknown>)[] = [];
  console.log(`# ${title}`);
  console.log(
    `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim()} · ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB · load ${os.loadavg()[0].toFixed(1)} (other work on the machine skews figures) · devices: ${devices} · ` +
      `CouchDB: embedded (${process.env.BENCH_COUCH === 'memory' ? 'memory' : 'leveldb'})${process.env.BENCH_COUCH_TIMING === '1' ? ' behind a timing proxy' : ''}`,
  );
  try {
    await bench((step) => steps.push(step));
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    // Last opened, first closed: devices before the server they talk to.
    for (const step of steps.reverse()) await step().catch((err) => console.error('Cleanup failed:', err));
  }
  // Live replications' timers and leveldb handles would keep Node alive after the figures are out.
  process.exit();
}
