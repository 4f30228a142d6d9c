import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
 * Clusters a worker left running (ended by force on a timeout) are stopped at the end (`test-couch.ts`).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const found = await locateCouchRelease();
  process.env.MASTR_TEST_COUCHDB_RELEASE = found.release;
  process.env.MASTR_TEST_COUCHDB_SCRIPTS = found.scripts;
  process.env.MASTR_TEST_COUCHDB_TOPOLOGY = 'cluster';
  const ledger = mkdtempSync(path.join(os.tmpdir(), 'mastr-couchdb-ledger-'));
  process.env.MASTR_TEST_COUCHDB_LEDGER = ledger;
  project.provide('couchRelease', { release: found.release, scripts: found.scripts });
  return () => {
    for (const name of readdirSync(ledger)) {
      const { runDir, stopScript } = JSON.parse(readFileSync(path.join(ledger, name), 'utf8')) as Record<
        string,
        string
      >;
      try {
        execFileSync(stopScript, [runDir], { stdio: 'ignore' });
      } catch {
        // Already stopped.
      }
      rmSync(runDir, { recursive: true, force: true });
    }
    rmSync(ledger, { recursive: true, force: true });
  };
}
