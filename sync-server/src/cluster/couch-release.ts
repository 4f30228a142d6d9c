import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CouchRelease {
  /** The unpacked release (its `bin/couchdb`). */
  release: string;
  /** The directory of the start/stop scripts. */
  scripts: string;
}

/** The release tarball in the shared folder `dir`, if there is one. */
export function releaseTarball(dir: string): string | undefined {
  return existsSync(dir)
    ? readdirSync(dir).find((name) => /^apache-couchdb-.*-x86_64\.tar\.gz$/.test(name))
    : undefined;
}

/**
 * Apache CouchDB for `npm run start:cluster` and the cluster tests, from the directory that holds the shared release and its
 * scripts (`MASTR_COUCHDB_DIR`, default the clone's `../shared/couchdb`, as `.ci/run` reads it). The
 * tarball is unpacked once into a cache (`MASTR_COUCHDB_CACHE`, default the system's temp dir) under
 * its own name, so later starts take ~0 s; `MASTR_COUCHDB_RELEASE` names an already unpacked one.
 */
export async function findCouchRelease(env: NodeJS.ProcessEnv, repoRoot: string): Promise<CouchRelease> {
  const scripts = path.resolve(repoRoot, env.MASTR_COUCHDB_DIR ?? path.join('..', 'shared', 'couchdb'));
  if (!existsSync(path.join(scripts, 'start-cluster.sh')))
    throw new Error(
      `No Apache CouchDB scripts in ${scripts}: set MASTR_COUCHDB_DIR to the directory of the shared release (start-cluster.sh, the tarball).`,
    );
  if (env.MASTR_COUCHDB_RELEASE) return { release: path.resolve(env.MASTR_COUCHDB_RELEASE), scripts };
  const tarball = releaseTarball(scripts);
  if (!tarball) throw new Error(`No apache-couchdb-*-x86_64.tar.gz in ${scripts}.`);
  const cache = path.resolve(env.MASTR_COUCHDB_CACHE ?? path.join(os.tmpdir(), 'mastr-couchdb-releases'));
  const target = path.join(cache, tarball.replace(/\.tar\.gz$/, ''));
  const release = path.join(target, 'couchdb');
  if (existsSync(path.join(release, 'bin', 'couchdb'))) return { release, scripts };
  // Unpacked beside, then renamed: a start interrupted half-way leaves no half release behind.
  mkdirSync(cache, { recursive: true });
  const partial = mkdtempSync(path.join(cache, '.unpacking-'));
  try {
    await run('tar', ['xzf', path.join(scripts, tarball), '-C', partial]);
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return { release, scripts };
}
