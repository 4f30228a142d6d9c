import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { locateCouchRelease } from './couchdb-release.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    couchRelease: { release: string; scripts: string };
  }
}

/**
 * The cluster project's set-up (`npm run test:cluster`): finds or unpacks the Apache CouchDB release
 * once per run and points every test stack of the project at a three-node cluster of it. The workers
 * start after this and copy this process's environment, so `test-couch.ts` reads it there as it does
 * for a release named by hand; `couchRelease` is also provided, for a test to check what it runs on.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const found = await locateCouchRelease();
  process.env.MASTR_TEST_COUCHDB_RELEASE = found.release;
  process.env.MASTR_TEST_COUCHDB_SCRIPTS = found.scripts;
  process.env.MASTR_TEST_COUCHDB_TOPOLOGY = 'cluster';
  project.provide('couchRelease', { release: found.release, scripts: found.scripts });
  return () => {
    if (found.unpackedInto) rmSync(found.unpackedInto, { recursive: true, force: true });
  };
}
