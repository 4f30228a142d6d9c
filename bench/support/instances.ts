/**
 * Hapi instances in processes of their own (server-process.ts, bare-server-process.ts), and Debian's
 * HAProxy in front of several of them as production runs them (issue 23).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { startHaproxy } from '../../sync-server/src/cluster/haproxy-process.ts';
import type { Cleanup } from './run.ts';
import { waitUntil } from './stats.ts';

interface Instance {
  child: ChildProcess;
  origin: string;
}

/** Forks `file` (in bench/support) with `env` and resolves once it reports its origin over IPC. */
export function startInstance(file: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const child = fork(path.join(import.meta.dirname, file), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, NODE_ENV: 'test' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, origin: (message as { origin: string }).origin }));
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before it started`)));
  });
}

export async function stopInstance({ child }: Instance): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The instances behind HAProxy (round robin, health-checked on /api/health); resolves to the
 * balancer's origin once every instance is in rotation.
 */
export async function behindBalancer(instances: Instance[], cleanup: Cleanup): Promise<string> {
  const port = await freePort();
  const balancer = await startHaproxy([
    {
      name: 'hapi',
      bind: { host: '127.0.0.1', port },
      servers: instances.map(({ origin }, i) => ({
        name: `hapi${i + 1}`,
        host: '127.0.0.1',
        port: Number(new URL(origin).port),
      })),
      healthPath: '/api/health',
    },
  ]);
  cleanup(() => balancer.stop());
  const origin = `http://127.0.0.1:${port}`;
  await waitUntil(async () => (await fetch(`${origin}/api/health`)).status === 200, {
    timeoutMs: 10_000,
    everyMs: 100,
    what: 'the balancer to pass requests',
  });
  // A server enters rotation after two passed checks (500 ms apart); let every one of them pass.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return origin;
}
