/**
 * Runs one marketplace benchmark: prints where it ran and on what, reports failure as a non-zero
 * exit, and always cleans up (browsers before the servers they talk to). A missed target is
 * printed as NOT MET, not thrown: the figures are the result.
 */
import os from 'node:os';

export type Cleanup = (step: () => Promise<unknown>) => void;

/** `setting` says what runs besides Node, e.g. 'Chromium 142 headless · loopback server'. */
export async function runMarketplaceBench(title: string, setting: string, bench: (cleanup: Cleanup) => Promise<void>): Promise<void> {
  const steps: (() => Promise<unknown>)[] = [];
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
  // Servers' keep-alive sockets and CouchDB handles would keep Node alive after the figures are out.
  process.exit();
}
