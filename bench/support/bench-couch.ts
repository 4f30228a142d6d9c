/**
 * The CouchDB a bench runs on, chosen by BENCH_DATABASE (issue 23), so one bench measures the same
 * thing on each database without a copy of it:
 * - `embedded` (default): the embedded CouchDB-compatible server in this process, leveldb in the
 *   bench's data folder (BENCH_COUCH=memory keeps it in memory), as `npm start` runs it;
 * - `apache`: a fresh Apache CouchDB node on loopback;
 * - `cluster`: a fresh three-node Apache CouchDB cluster (q=2, n=3) behind Debian's HAProxy, as
 *   production runs one; the bench talks to the balancer.
 * The Apache ones are the test stacks' (`startTestCouch`), from the release at
 * MASTR_TEST_COUCHDB_RELEASE (e.g. /work/couchdb-release/couchdb).
 */
import { startEmbeddedCouch } from '../../sync-server/src/couch/embedded-couch.ts';
import { startTestCouch } from '../../sync-server/src/test-support/test-couch.ts';

export type BenchDatabase = 'embedded' | 'apache' | 'cluster';

interface BenchCouch {
  /** With the admin's credentials when the database has them. */
  url: string;
  database: BenchDatabase;
  close(): Promise<void>;
}

export function benchDatabase(env: NodeJS.ProcessEnv = process.env): BenchDatabase {
  const chosen = env.BENCH_DATABASE ?? 'embedded';
  if (chosen !== 'embedded' && chosen !== 'apache' && chosen !== 'cluster')
    throw new Error(`BENCH_DATABASE must be embedded, apache or cluster, not '${chosen}'`);
  return chosen;
}

/** What the bench runs on, for its header line. */
export function describeBenchDatabase(env: NodeJS.ProcessEnv = process.env): string {
  switch (benchDatabase(env)) {
    case 'apache':
      return 'CouchDB: Apache 3 single node';
    case 'cluster':
      return 'CouchDB: Apache 3 cluster, 3 nodes (q=2, n=3) behind HAProxy';
    default:
      return `CouchDB: embedded (${env.BENCH_COUCH === 'memory' ? 'memory' : 'leveldb'})`;
  }
}

/** `dataDir` holds the embedded server's leveldb; an Apache node keeps its data in its own folder. */
export async function startBenchCouch(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<BenchCouch> {
  const database = benchDatabase(env);
  if (database === 'embedded') {
    const memory = env.BENCH_COUCH === 'memory';
    const embedded = await startEmbeddedCouch({ port: 0, ...(memory ? {} : { dataDir }) });
    return { url: embedded.url, database, close: () => embedded.close() };
  }
  if (!env.MASTR_TEST_COUCHDB_RELEASE)
    throw new Error(`BENCH_DATABASE=${database} needs MASTR_TEST_COUCHDB_RELEASE (an unpacked Apache CouchDB release)`);
  const apache = await startTestCouch({
    ...env,
    MASTR_TEST_COUCHDB_TOPOLOGY: database === 'cluster' ? 'cluster' : 'single',
  });
  return { url: apache.url, database, close: () => apache.close() };
}
