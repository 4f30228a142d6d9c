import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Couch } from '../couch/couch.ts';
import { startEmbeddedCouch } from '../couch/embedded-couch.ts';

const run = promisify(execFile);

/**
 * The CouchDB a test stack runs on. The one place that chooses it, by environment:
 * - `MASTR_TEST_COUCHDB_RELEASE=/path/to/couchdb` (an unpacked Apache CouchDB release, e.g. from
 *   `../shared/couchdb/`): a fresh single node per stack on a free loopback port, started and
 *   stopped with the shared scripts (`MASTR_TEST_COUCHDB_SCRIPTS`, default the clone's
 *   `../shared/couchdb`); ~2 s and ~85 MB each.
 * - neither: the embedded CouchDB-compatible server in memory, so a fresh clone needs nothing.
 */
export interface TestCouch {
  /** With the admin's credentials, for nano and the gateway. */
  url: string;
  /** Without credentials. */
  origin: string;
  port: number;
  /** `apache`: a real Apache CouchDB node; `embedded`: the PouchDB-based server. */
  kind: 'apache' | 'embedded';
  /** Ends the embedded server's thread as a crash would (the embedded server's own tests). */
  crashForTest(): void;
  close(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export async function startTestCouch(env: NodeJS.ProcessEnv = process.env): Promise<TestCouch> {
  const release = env.MASTR_TEST_COUCHDB_RELEASE;
  if (release)
    return startApacheNode(release, env.MASTR_TEST_COUCHDB_SCRIPTS ?? path.join(REPO_ROOT, '..', 'shared', 'couchdb'));
  const embedded = await startEmbeddedCouch({ port: 0 });
  return { ...embedded, kind: 'embedded', crashForTest: () => embedded.crashForTest(), close: () => embedded.close() };
}

/** A port free on loopback now (the start script refuses a busy one; a lost race is retried). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Nodes of this process still running: stopped if the worker exits without closing its stacks. */
const running = new Map<string, string>();
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
    running.set(runDir, stopScript);
    try {
      await run(path.join(scripts, 'start-couchdb.sh'), [release, String(port), runDir], {
        env: { ...process.env, COUCHDB_LOG_LEVEL: process.env.COUCHDB_LOG_LEVEL ?? 'warning' },
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

async function stopNode(runDir: string, stopScript: string): Promise<void> {
  await run(stopScript, [runDir]).catch(() => undefined);
  running.delete(runDir);
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
