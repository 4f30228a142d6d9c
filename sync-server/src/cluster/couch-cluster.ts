import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One node of a cluster started by `startCouchCluster`. */
interface CouchClusterNode {
  name: string;
  /** The node's own address, with the admin's credentials (bypassing any balancer). */
  url: string;
  port: number;
  /** Its run dir (config, data, log, pid). */
  runDir: string;
  /** The Erlang VM's pid while it runs. */
  pid(): number | null;
  /** Ends the node as a crash would (SIGKILL): its connections are cut, its data stays on disk. */
  kill(): Promise<void>;
  /** Starts a killed node again with its data; it rejoins the cluster and catches up. */
  restart(): Promise<void>;
}

export interface CouchCluster {
  nodes: CouchClusterNode[];
  admin: { user: string; password: string };
  /** Where the nodes' run dirs are (`node1`, `node2`, `node3`). */
  dir: string;
  /** Stops every node (its data stays in `dir`). */
  stop(): Promise<void>;
}

export interface CouchClusterOptions {
  /** An unpacked Apache CouchDB release (`couchdb/` of the shared tarball). */
  release: string;
  /** The shared scripts (`start-cluster.sh`, `start-couchdb.sh`, `stop-couchdb.sh`): `../shared/couchdb`. */
  scripts: string;
  /** The cluster's directory. A cluster already in it is started again with its data (`keepData`). */
  dir: string;
  /** Start the nodes found in `dir` again rather than a fresh cluster (their ports come from their config). */
  keepData?: boolean;
  adminPassword?: string;
  /** CouchDB's own log level (`warning` unless given). */
  logLevel?: string;
}

const NODE_COUNT = 3;

/** A port free on loopback now (the start scripts refuse a busy one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const nodeDir = (dir: string, i: number) => path.join(dir, `node${i + 1}`);

/** Whether `dir` holds a cluster `startCouchCluster` made (each node's config is there). */
export function hasClusterData(dir: string): boolean {
  return Array.from({ length: NODE_COUNT }, (_, i) => nodeDir(dir, i)).every((d) =>
    existsSync(path.join(d, 'etc', 'local.ini')),
  );
}

/**
 * A three-node Apache CouchDB cluster (q=2, n=3) on loopback, from the shared release and its
 * scripts: fresh with `start-cluster.sh` (free HTTP and Erlang distribution ports), or, with
 * `keepData` and a cluster already in `dir`, its three nodes started again as they were (same ports,
 * names, cookie and data), which find each other and serve what they held.
 */
export async function startCouchCluster(options: CouchClusterOptions): Promise<CouchCluster> {
  const { release, scripts, dir } = options;
  const stopScript = path.join(scripts, 'stop-couchdb.sh');
  const logLevel = options.logLevel ?? process.env.COUCHDB_LOG_LEVEL ?? 'warning';
  const admin = { user: 'admin', password: options.adminPassword ?? 'secret' };
  const baseEnv = {
    ...process.env,
    COUCHDB_USER: admin.user,
    COUCHDB_PASSWORD: admin.password,
    COUCHDB_LOG_LEVEL: logLevel,
  };
  // A parent that exits without stopping the cluster (an error, a second Ctrl-C) leaves no node behind.
  const stopOnExit = () => {
    try {
      execFileSync(stopScript, [dir], { stdio: 'ignore' });
    } catch {
      // Best effort on the way out.
    }
  };
  process.once('exit', stopOnExit);
  const stop = async () => {
    process.off('exit', stopOnExit);
    await run(stopScript, [dir]).catch(() => undefined);
  };
  const restartNode = (i: number) =>
    run(path.join(scripts, 'start-couchdb.sh'), [release, '0', nodeDir(dir, i)], {
      env: { ...baseEnv, COUCHDB_KEEP_DATA: '1', COUCHDB_CLUSTER_MEMBER: '1' },
    });
  try {
    if (options.keepData && hasClusterData(dir)) {
      await Promise.all(Array.from({ length: NODE_COUNT }, (_, i) => restartNode(i)));
    } else {
      const ports: number[] = [];
      const distPorts: number[] = [];
      for (let i = 0; i < NODE_COUNT; i += 1) {
        ports.push(await freePort());
        distPorts.push(await freePort());
      }
      await run(path.join(scripts, 'start-cluster.sh'), [release, ...ports.map(String)], {
        env: {
          ...baseEnv,
          COUCHDB_CLUSTER_DIR: dir,
          COUCHDB_DIST_PORTS: distPorts.join(' '),
          COUCHDB_NODE_PREFIX: erlangNodePrefix(dir),
        },
      });
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const nodes = Array.from({ length: NODE_COUNT }, (_, i): CouchClusterNode => {
    const runDir = nodeDir(dir, i);
    const port = chttpdPort(readFileSync(path.join(runDir, 'etc', 'local.ini'), 'utf8'));
    const pid = () => {
      try {
        const value = Number(readFileSync(path.join(runDir, 'couchdb.pid'), 'utf8'));
        return isAlive(value) ? value : null;
      } catch {
        return null;
      }
    };
    return {
      name: `node${i + 1}`,
      url: `http://${admin.user}:${encodeURIComponent(admin.password)}@127.0.0.1:${port}`,
      port,
      runDir,
      pid,
      async kill() {
        const running = pid();
        if (running === null) return;
        try {
          process.kill(running, 'SIGKILL');
        } catch {
          return; // Already gone.
        }
        while (isAlive(running)) await new Promise((resolve) => setTimeout(resolve, 20));
      },
      async restart() {
        await restartNode(i);
      },
    };
  });
  try {
    await waitForMembers(nodes);
  } catch (err) {
    await stop();
    throw err;
  }
  return { nodes, admin, dir, stop };
}

/**
 * Erlang node names are registered with the machine's one epmd: two clusters whose nodes are both
 * called `node1@127.0.0.1` cannot run at once (the second node refuses to start, "the name … seems
 * to be in use"). A prefix from the cluster's directory keeps them apart, and stays the same for a
 * kept cluster (its names are in its config and in its `_nodes` database).
 */
function erlangNodePrefix(dir: string): string {
  return `mastr${createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 10)}node`;
}

/** Each node sees all three connected: a cluster started again is whole only once they have met. */
async function waitForMembers(nodes: CouchClusterNode[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const node of nodes) {
    const { origin, username, password } = new URL(node.url);
    const authorization = `Basic ${Buffer.from(`${username}:${decodeURIComponent(password)}`).toString('base64')}`;
    for (;;) {
      const members = await fetch(`${origin}/_membership`, { headers: { authorization } })
        .then((res) => (res.ok ? (res.json() as Promise<{ all_nodes: string[] }>) : null))
        .catch(() => null);
      if (members && members.all_nodes.length >= NODE_COUNT) break;
      if (Date.now() > deadline) throw new Error(`CouchDB ${node.name} does not see the other nodes`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The HTTP port in a node's local.ini (its `[chttpd]` section). */
function chttpdPort(ini: string): number {
  const port = /^\[chttpd\][^[]*?^port *= *(\d+)/m.exec(ini);
  if (!port) throw new Error('A CouchDB node config without a [chttpd] port');
  return Number(port[1]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
