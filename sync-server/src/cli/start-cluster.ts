import path from 'node:path';
import { clusterCouchDir, startClusterStack } from '../cluster/cluster-stack.ts';
import { hasClusterData } from '../cluster/couch-cluster.ts';
import { findCouchRelease } from '../cluster/couch-release.ts';
import { loadConfig } from '../config.ts';
import { buildPwaIfStale } from './build-if-stale.ts';
import { clusterBanner } from './cluster-banner.ts';
import { runUntilSignalled, StartupError } from './process-lifecycle.ts';
import { REPO_ROOT } from './repo-root.ts';

/**
 * `npm run start:cluster`: the production shape on one machine (design/architecture.md "Deploying on
 * a CouchDB cluster"). A three-node Apache CouchDB cluster from the shared release, CLUSTER_INSTANCES
 * (default 2) Hapi instances each in a process of its own, and HAProxy in front of both, serving the
 * app on PORT. Its data (nodes, secrets, mail outbox) is kept in DATA_DIR/cluster, apart from `npm
 * start`'s. Not `npm start`'s default, which stays one process on the embedded server.
 */
runUntilSignalled(async () => {
  const env = process.env;
  if (env.COUCHDB_URL)
    throw new StartupError('start:cluster runs its own CouchDB cluster: unset COUCHDB_URL (npm start uses one).');
  if (env.NODE_ENV === 'production')
    throw new StartupError('start:cluster is a stack for one machine, not for production: see design/architecture.md.');
  const instances = Number(env.CLUSTER_INSTANCES ?? 2);
  if (!Number.isInteger(instances) || instances < 1 || instances > 16)
    throw new StartupError(`CLUSTER_INSTANCES must be a whole number from 1 to 16: ${env.CLUSTER_INSTANCES}`);
  const dataDir = path.join(path.resolve(REPO_ROOT, env.DATA_DIR ?? 'data'), 'cluster');
  // Loaded as `npm start` loads it, in the cluster's own data dir: secrets generated once there and
  // handed to every instance; the CouchDB admin password too.
  const config = loadConfig({ ...env, DATA_DIR: dataDir }, REPO_ROOT);
  const { release, scripts } = await findCouchRelease(env, REPO_ROOT);
  await buildPwaIfStale(REPO_ROOT);
  const couchDir = clusterCouchDir(dataDir);
  const kept = hasClusterData(couchDir);
  console.log(
    kept ? `Starting the CouchDB cluster in ${couchDir} again…` : `Starting a CouchDB cluster in ${couchDir}…`,
  );
  const stack = await startClusterStack({
    config,
    env,
    release,
    scripts,
    couchDir,
    instances,
    seed: true,
    log: (line) => console.log(line),
  }).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException)?.code === 'EADDRINUSE' || /already in use|cannot bind/i.test(String(err)))
      throw new StartupError(`A port is already in use (PORT ${config.port}?): ${String(err)}`);
    throw err;
  });
  console.log(clusterBanner(stack, kept));
  return stack.stop;
});
