import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort, startCouchCluster } from '../cluster/couch-cluster.ts';
import { startHaproxy } from '../cluster/haproxy-process.ts';
import type { Couch } from '../couch/couch.ts';
import { startEmbeddedCouch } from '../couch/embedded-couch.ts';

const run = promisify(execFile);

/**
 * The CouchDB a test stack runs on. The one place that chooses it, by environment:
 * - `MASTR_TEST_COUCHDB_RELEASE=/path/to/couchdb` (an unpacked Apache CouchDB release, e.g. from
 *   `../shared/couchdb/`): a fresh single node per stack on a free loopback port, started and
 *   stopped with the shared scripts (`MASTR_TEST_COUCHDB_SCRIPTS`, default the clone's
 *   `../shared/couchdb`); ~2 s and ~85 MB each.
 * - the same with `MASTR_TEST_COUCHDB_TOPOLOGY=cluster`: a fresh three-node cluster (q=2, n=3) per
 *   stack behind Debian's HAProxy, as production runs one (design/architecture.md); the stack talks to
 *   the balancer, and a test can kill a node and start it again (`nodes`). ~6 s and ~260 MB each.
 * - neither: the embedded CouchDB-compatible server in memory, so a fresh clone needs nothing.
 */
export interface TestCouch {
  /** With the admin's credentials, for nano and the gateway. */
  url: string;
  /** Without credentials. */
  origin: string;
  port: number;
  /** `apache`: a real Apache CouchDB node or cluster; `embedded`: the PouchDB-based server. */
  kind: 'apache' | 'embedded';
  topology: 'single' | 'cluster';
  /** A cluster's nodes, behind the balancer at `url`; empty for a single server. */
  nodes: ClusterNode[];
  /** Ends the embedded server's thread as a crash would (the embedded server's own tests). */
  crashForTest(): void;
  close(): Promise<void>;
}

/** @public A cluster node of a test stack, for the CouchDB-node fault cells (issue 23). */
export interface ClusterNode {
  name: string;
  /** The node's own address, with the admin's credentials (bypassing the balancer). */
  url: string;
  /** Ends the node as a crash would (SIGKILL): its connections are cut, its data stays on disk. */
  kill(): Promise<void>;
  /** Starts a killed node again with its data; it rejoins the cluster and catches up. */
  restart(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export async function startTestCouch(env: NodeJS.ProcessEnv = process.env): Promise<TestCouch> {
  const release = env.MASTR_TEST_COUCHDB_RELEASE;
  const scripts = env.MASTR_TEST_COUCHDB_SCRIPTS ?? path.join(REPO_ROOT, '..', 'shared', 'couchdb');
  if (release && env.MASTR_TEST_COUCHDB_TOPOLOGY === 'cluster') return startApacheCluster(release, scripts);
  if (release) return startApacheNode(release, scripts);
  const embedded = await startEmbeddedCouch({ port: 0 });
  return {
    ...embedded,
    kind: 'embedded',
    topology: 'single',
    nodes: [],
    crashForTest: () => embedded.crashForTest(),
    close: () => embedded.close(),
  };
}

/** Nodes of this process still running: stopped if the worker exits without closing its stacks. */
const running = new Map<string, string>();

/**
 * A worker ended by force (vitest terminates one that outlives its timeouts) runs no exit handler:
 * with `MASTR_TEST_COUCHDB_LEDGER` (set by the cluster project's set-up), each running node or
 * cluster is also noted in that folder, and the set-up's teardown stops whatever is left there.
 */
const ledgerEntry = (runDir: string) =>
  process.env.MASTR_TEST_COUCHDB_LEDGER
    ? path.join(process.env.MASTR_TEST_COUCHDB_LEDGER, path.basename(runDir))
    : null;
function noteRunning(runDir: string, stopScript: string): void {
  running.set(runDir, stopScript);
  const entry = ledgerEntry(runDir);
  if (entry) writeFileSync(entry, JSON.stringify({ runDir, stopScript }));
}
process.once('exit', () => {
  for (const [runDir, stopScript] of running) {
    try {
      execFileSync(stopScript, [runDir], { stdio: 'ignore' });
    } catch {
      // Best effort on the way out.
    }
  }
});

async function startApacheNode(release: string, scripts: string): Promise<TestCouch> {
  const stopScript = path.join(scripts, 'stop-couchdb.sh');
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const runDir = mkdtempSync(path.join(os.tmpdir(), `mastr-couch-${port}-`));
    noteRunning(runDir, stopScript);
    try {
      await run(path.join(scripts, 'start-couchdb.sh'), [release, String(port), runDir], {
        env: { ...process.env, COUCHDB_LOG_LEVEL: couchLogLevel() },
      });
    } catch (err) {
      await stopNode(runDir, stopScript);
      if (attempt < 3 && /already in use/.test(String((err as { stderr?: string }).stderr))) continue;
      throw err;
    }
    const url = /^COUCHDB_URL=(.*)$/m.exec(readFileSync(path.join(runDir, 'env'), 'utf8'))![1];
    let closed = false;
    return {
      url,
      origin: `http://127.0.0.1:${port}`,
      port,
      kind: 'apache',
      topology: 'single',
      nodes: [],
      crashForTest() {
        throw new Error('crashForTest is the embedded server’s own: an Apache node is stopped with close().');
      },
      async close() {
        if (closed) return;
        closed = true;
        await stopNode(runDir, stopScript);
      },
    };
  }
}

const couchLogLevel = () => process.env.COUCHDB_LOG_LEVEL ?? 'warning';

async function startApacheCluster(release: string, scripts: string): Promise<TestCouch> {
  const stopScript = path.join(scripts, 'stop-couchdb.sh');
  const clusterDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-cluster-'));
  noteRunning(clusterDir, stopScript);
  const cluster = await startCouchCluster({ release, scripts, dir: clusterDir, logLevel: couchLogLevel() }).catch(
    async (err: unknown) => {
      await stopNode(clusterDir, stopScript);
      throw err;
    },
  );
  const balancerPort = await freePort();
  const balancer = await startHaproxy(
    [
      {
        name: 'couchdb',
        bind: { host: '127.0.0.1', port: balancerPort },
        servers: cluster.nodes.map((node) => ({ name: node.name, host: '127.0.0.1', port: node.port })),
        healthPath: '/_up',
      },
    ],
    // Checks every 200 ms: a killed node is out of rotation within about half a second.
    { checkIntervalMs: 200, serverTimeoutMs: 75_000 },
  ).catch(async (err: unknown) => {
    await stopNode(clusterDir, stopScript);
    throw err;
  });
  const nodes: ClusterNode[] = cluster.nodes.map(({ name, url, kill, restart }) => ({ name, url, kill, restart }));
  const { user, password } = cluster.admin;
  let closed = false;
  return {
    url: `http://${user}:${password}@127.0.0.1:${balancerPort}`,
    origin: `http://127.0.0.1:${balancerPort}`,
    port: balancerPort,
    kind: 'apache',
    topology: 'cluster',
    nodes,
    crashForTest() {
      throw new Error('crashForTest is the embedded server’s own: kill a cluster node with nodes[i].kill().');
    },
    async close() {
      if (closed) return;
      closed = true;
      await balancer.stop();
      await stopNode(clusterDir, stopScript);
    },
  };
}

async function stopNode(runDir: string, stopScript: string): Promise<void> {
  await run(stopScript, [runDir]).catch(() => undefined);
  running.delete(runDir);
  const entry = ledgerEntry(runDir);
  if (entry) rmSync(entry, { force: true });
  rmSync(runDir, { recursive: true, force: true });
}

/**
 * The product's databases, for tests that count or watch what was written: not CouchDB's own
 * (`_users`, `_replicator`, `_global_changes`), which Apache CouchDB writes by itself —
 * `_global_changes` after any update anywhere (the record behind `_db_updates`), `_users` its
 * `_design/_auth` shortly after it starts — whatever a request did.
 */
export async function productDatabases(couch: Couch): Promise<string[]> {
  return (await couch.db.list()).filter((name) => !name.startsWith('_'));
}
