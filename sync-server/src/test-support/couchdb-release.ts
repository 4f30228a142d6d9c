import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the shared Apache CouchDB release and its scripts are kept: `MASTR_COUCHDB_DIR`, else the clone's `../shared/couchdb`. */
function sharedCouchDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.MASTR_COUCHDB_DIR ?? path.join(REPO_ROOT, '..', 'shared', 'couchdb'));
}

export interface CouchRelease {
  /** An unpacked release, for `MASTR_TEST_COUCHDB_RELEASE`. */
  release: string;
  /** The folder of the start and stop scripts, for `MASTR_TEST_COUCHDB_SCRIPTS`. */
  scripts: string;
  /** A folder this call unpacked into, to remove when done (none when the release was named). */
  unpackedInto?: string;
}

/**
 * The Apache CouchDB release the cluster tests run on: the one named by `MASTR_TEST_COUCHDB_RELEASE`,
 * else the tarball in the shared folder unpacked into a fresh temporary folder (~190 MB, ~3 s). With
 * neither, one error saying what is missing and how to provide it.
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
  const tarball = existsSync(shared)
    ? readdirSync(shared).find((name) => /^apache-couchdb-.*-x86_64\.tar\.gz$/.test(name))
    : undefined;
  if (!tarball) throw new Error(noRelease(`no apache-couchdb-*-x86_64.tar.gz in ${shared}`));
  const unpackedInto = mkdtempSync(path.join(os.tmpdir(), 'mastr-couchdb-release-'));
  await run('tar', ['xzf', path.join(shared, tarball), '-C', unpackedInto]);
  return { release: path.join(unpackedInto, 'couchdb'), scripts, unpackedInto };
}

const noRelease = (why: string) =>
  `The cluster tests need Apache CouchDB: ${why}. Put the release and its scripts in ../shared/couchdb ` +
  `(or name their folder with MASTR_COUCHDB_DIR), or name an unpacked release with MASTR_TEST_COUCHDB_RELEASE.`;
