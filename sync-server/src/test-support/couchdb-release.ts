import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCouchRelease, releaseTarball, type CouchRelease } from '../cluster/couch-release.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the shared Apache CouchDB release and its scripts are kept: `MASTR_COUCHDB_DIR`, else the clone's `../shared/couchdb`. */
function sharedCouchDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.MASTR_COUCHDB_DIR ?? path.join(REPO_ROOT, '..', 'shared', 'couchdb'));
}

/**
 * The Apache CouchDB release the cluster tests run on: the one named by `MASTR_TEST_COUCHDB_RELEASE`,
 * else the tarball in the shared folder, unpacked once into the same cache `npm run start:cluster`
 * uses (`cluster/couch-release.ts`). With neither, one error saying what is missing and how to provide it.
 */
export async function locateCouchRelease(env: NodeJS.ProcessEnv = process.env): Promise<CouchRelease> {
  const shared = sharedCouchDir(env);
  const scripts = path.resolve(env.MASTR_TEST_COUCHDB_SCRIPTS ?? shared);
  if (!existsSync(path.join(scripts, 'start-cluster.sh')))
    throw new Error(noRelease(`no start-cluster.sh in ${scripts}`));
  if (env.MASTR_TEST_COUCHDB_RELEASE) {
    const release = path.resolve(env.MASTR_TEST_COUCHDB_RELEASE);
    if (!existsSync(path.join(release, 'bin', 'couchdb')))
      throw new Error(noRelease(`MASTR_TEST_COUCHDB_RELEASE=${release} is not an unpacked release (no bin/couchdb)`));
    return { release, scripts };
  }
  if (!releaseTarball(shared)) throw new Error(noRelease(`no apache-couchdb-*-x86_64.tar.gz in ${shared}`));
  const { release } = await findCouchRelease(
    { MASTR_COUCHDB_DIR: shared, MASTR_COUCHDB_CACHE: env.MASTR_COUCHDB_CACHE },
    REPO_ROOT,
  );
  return { release, scripts };
}

const noRelease = (why: string) =>
  `The cluster tests need Apache CouchDB: ${why}. Put the release and its scripts in ../shared/couchdb ` +
  `(or name their folder with MASTR_COUCHDB_DIR), or name an unpacked release with MASTR_TEST_COUCHDB_RELEASE.`;
