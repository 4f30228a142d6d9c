import { fork, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('../cli/cluster-instance.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface InstanceProcess {
  name: string;
  port: number;
  /** `http://127.0.0.1:{port}`: the instance itself, bypassing the balancer. */
  origin: string;
  /** Its pid while it runs (a real node process, not a tsx wrapper: a signal sent to it reaches the server). */
  pid(): number | null;
  /** Sends `signal` (SIGKILL by default: a crash) and resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and environment (a process manager's restart); resolves once healthy. */
  restart(): Promise<void>;
  /** Stops it as an operator would (SIGTERM: Hapi finishes what it serves), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

export interface InstanceProcessOptions {
  name: string;
  port: number;
  /** The instance's whole environment (`cli/cluster-instance.ts` reads its configuration from it). */
  env: NodeJS.ProcessEnv;
  /** Each line it prints, and a line when it dies unasked. */
  log(line: string): void;
}

/**
 * A Hapi instance of the cluster stack in a process of its own (`cli/cluster-instance.ts`), run by
 * node with tsx's loader so its pid is the server's. It gets its own process group, so a Ctrl-C in
 * the terminal reaches only the parent, which stops the instances in order.
 */
export async function startInstanceProcess(options: InstanceProcessOptions): Promise<InstanceProcess> {
  const { name, port, log } = options;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let stopping = false;
  const start = async () => {
    stopping = false;
    const started = fork(ENTRY, [], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx'],
      env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    child = started;
    for (const stream of [started.stdout!, started.stderr!])
      createInterface({ input: stream }).on('line', (line) => log(`[${name}] ${line}`));
    exited = new Promise((resolve) =>
      started.once('exit', (code, signal) => {
        if (!stopping) log(`[${name}] pid ${started.pid} exited (${signal ?? `code ${code}`})`);
        resolve();
      }),
    );
    await new Promise<void>((resolve, reject) => {
      started.once('message', () => resolve());
      void exited.then(() => reject(new Error(`${name} exited before it was ready`)));
    });
  };
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);
  await start();
  const alive = () => child !== null && child.exitCode === null && child.signalCode === null;
  return {
    name,
    port,
    origin: `http://127.0.0.1:${port}`,
    pid: () => (alive() ? child!.pid! : null),
    async kill(signal = 'SIGKILL') {
      if (alive()) child!.kill(signal);
      await exited;
    },
    restart: start,
    async stop() {
      process.off('exit', killOnExit);
      if (!alive()) return;
      stopping = true;
      child!.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
