import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_BALANCER_TIMINGS,
  haproxyConfig,
  type BalancedService,
  type BalancerTimings,
} from './haproxy-config.ts';

/** @public Debian's haproxy (`apt-get install -y haproxy`); HAPROXY_BIN overrides. */
export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

export interface RunningBalancer {
  /** The configuration it runs, as written to its file. */
  config: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs haproxy in the foreground (`-db`) as a child of this process on `services`, and resolves once
 * every frontend accepts connections. Its configuration file lives in a fresh temporary folder,
 * removed on stop.
 */
export async function startHaproxy(
  services: BalancedService[],
  timings: BalancerTimings = DEFAULT_BALANCER_TIMINGS,
): Promise<RunningBalancer> {
  if (!existsSync(HAPROXY_BIN))
    throw new Error(`No haproxy at ${HAPROXY_BIN}: install it (apt-get install -y haproxy) or set HAPROXY_BIN.`);
  const config = haproxyConfig(services, timings);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mastr-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  // Validate first, so a bad configuration is a clear error rather than a listener that never comes.
  await runToEnd(spawn(HAPROXY_BIN, ['-c', '-q', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] }));
  const child = spawn(HAPROXY_BIN, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await Promise.race([
      Promise.all(services.map((s) => waitForListener(s.bind.host, s.bind.port))),
      exited.then(() => {
        throw new Error(`haproxy exited at start: ${stderr}`);
      }),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  let stopped: Promise<void> | undefined;
  return {
    config,
    pid: child.pid!,
    stop() {
      stopped ??= (async () => {
        process.off('exit', killOnExit);
        if (child.exitCode === null && child.signalCode === null) {
          // SIGTERM is haproxy's hard stop: connections are closed at once, as a stopped balancer's are.
          child.kill('SIGTERM');
          await exited;
        }
        rmSync(dir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

function runToEnd(child: ChildProcess): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`haproxy refused its configuration (exit ${code}): ${stderr}`)),
    );
  });
}

async function waitForListener(host: string, port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host, port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`haproxy is not listening on ${host}:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
