import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { locateCouchRelease } from './couchdb-release.ts';

describe('locateCouchRelease (the cluster project’s set-up)', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mastr-release-test-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('says in one message what is missing when there is no shared folder', async () => {
    const missing = path.join(tempDir(), 'nowhere');
    await expect(locateCouchRelease({ MASTR_COUCHDB_DIR: missing })).rejects.toThrow(
      `The cluster tests need Apache CouchDB: no start-cluster.sh in ${missing}. Put the release and its scripts in ../shared/couchdb (or name their folder with MASTR_COUCHDB_DIR), or name an unpacked release with MASTR_TEST_COUCHDB_RELEASE.`,
    );
  });

  it('names the missing tarball when the scripts are there without a release', async () => {
    const shared = tempDir();
    writeFileSync(path.join(shared, 'start-cluster.sh'), '');
    await expect(locateCouchRelease({ MASTR_COUCHDB_DIR: shared })).rejects.toThrow(
      `no apache-couchdb-*-x86_64.tar.gz in ${shared}`,
    );
  });

  it('refuses a named release that is not an unpacked one', async () => {
    const shared = tempDir();
    writeFileSync(path.join(shared, 'start-cluster.sh'), '');
    const release = tempDir();
    await expect(
      locateCouchRelease({ MASTR_COUCHDB_DIR: shared, MASTR_TEST_COUCHDB_RELEASE: release }),
    ).rejects.toThrow(`MASTR_TEST_COUCHDB_RELEASE=${release} is not an unpacked release (no bin/couchdb)`);
  });

  it('takes a named release as it is, unpacking nothing', async () => {
    const shared = tempDir();
    writeFileSync(path.join(shared, 'start-cluster.sh'), '');
    const release = tempDir();
    mkdirSync(path.join(release, 'bin'));
    writeFileSync(path.join(release, 'bin', 'couchdb'), '');
    expect(await locateCouchRelease({ MASTR_COUCHDB_DIR: shared, MASTR_TEST_COUCHDB_RELEASE: release })).toEqual({
      release,
      scripts: shared,
    });
  });
});
