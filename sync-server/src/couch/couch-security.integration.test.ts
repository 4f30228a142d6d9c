import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../cli/backend.ts';
import { loadConfig } from '../config.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { ensureDatabase, setupDatabases } from './couch.ts';
import { DB, tenantDbName } from './databases.ts';
import { newId } from './ids.ts';
import { SERVER_ADMINS_ONLY } from './security.ts';

/**
 * Who may reach the product's databases in CouchDB itself (issue 23): the server's admin and
 * nobody else, whatever CouchDB's `default_security` says (decisions.md 74), and never an anonymous
 * caller (the admin party is off). On Apache CouchDB with a real user from `_users`; the embedded
 * server has no users but its admin (`_users` is switched off), so there the same calls are refused
 * before any database is reached (401), which is what is asserted.
 */
describe('CouchDB access: the server admin only', () => {
  let stack: TestStack;
  let apache: boolean;
  beforeAll(async () => {
    stack = await startTestStack();
    apache = stack.couchServer.kind === 'apache';
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const BOB = basic('bob', 'not-the-admin');
  const statusOf = async (urlPath: string, authorization?: string) =>
    (await fetch(`${stack.couchServer.origin}/${urlPath}`, { headers: authorization ? { authorization } : {} })).status;
  const securityOf = (db: string) => stack.couch.request({ db, path: '_security' });

  /** On Apache CouchDB, a new database open to every user, as `default_security = everyone` makes it; and user bob. */
  let opened = false;
  async function openByDefaultWithBob() {
    if (opened) return;
    opened = true;
    await stack.couch.request({
      method: 'PUT',
      path: '_node/_local/_config/couchdb/default_security',
      body: 'everyone',
    });
    await stack.couch.use('_users').insert({
      _id: 'org.couchdb.user:bob',
      name: 'bob',
      password: 'not-the-admin',
      roles: [],
      type: 'user',
    } as never);
    // The control: a database made without the server's `_security` is open to bob now.
    await stack.couch.db.create('open_probe');
    await expect.poll(() => statusOf('open_probe/_all_docs', BOB)).toBe(200);
  }

  it('gives every server and tenant database a _security admitting server admins only', async () => {
    const tenant = tenantDbName('member', newId());
    await ensureDatabase(stack.couch, tenant);
    for (const db of [...Object.values(DB), tenant]) expect(await securityOf(db), db).toEqual(SERVER_ADMINS_ONLY);
  });

  it('refuses a CouchDB user who is not the server admin, even where new databases are open to everyone', async () => {
    if (apache) await openByDefaultWithBob();
    else expect(await statusOf('_users', basic('admin', 'x'))).toBe(401);
    // Made by the product after CouchDB's default was opened.
    const tenant = tenantDbName('gym', newId());
    await ensureDatabase(stack.couch, tenant);
    for (const db of [DB.accounts, DB.auth, tenant]) {
      expect(await statusOf(`${db}/_all_docs`, BOB), db).toBe(apache ? 403 : 401);
      expect(await statusOf(db, BOB), db).toBe(apache ? 403 : 401);
    }
  });

  it('closes, at the next start-up, server and tenant databases made before _security was set', async () => {
    const tenant = tenantDbName('coach', newId());
    if (apache) {
      await openByDefaultWithBob();
      // As a server before this change left them under `default_security = everyone`.
      await stack.couch.db.create(tenant);
      await stack.couch.request({ db: DB.profiles, method: 'PUT', path: '_security', body: {} });
      await expect.poll(() => statusOf(`${tenant}/_all_docs`, BOB)).toBe(200);
      expect(await statusOf(`${DB.profiles}/_all_docs`, BOB)).toBe(200);
    } else {
      // The embedded server cannot hold anything but its admin-only object: it refuses `{}`.
      await expect(
        stack.couch.request({ db: DB.profiles, method: 'PUT', path: '_security', body: {} }),
      ).rejects.toThrow();
      await stack.couch.db.create(tenant);
    }
    // An upgraded deployment has no marker of the one pass over tenant databases yet.
    const marker = await stack.couch.use(DB.auth).get('_local/tenant-security-v1');
    await stack.couch.use(DB.auth).destroy(marker._id, marker._rev);

    await setupDatabases(stack.couch);

    expect(await securityOf(tenant)).toEqual(SERVER_ADMINS_ONLY);
    expect(await securityOf(DB.profiles)).toEqual(SERVER_ADMINS_ONLY);
    for (const db of [tenant, DB.profiles]) expect(await statusOf(`${db}/_all_docs`, BOB), db).toBe(apache ? 403 : 401);
    await stack.couch.use(DB.auth).get('_local/tenant-security-v1'); // the pass is marked done
    // Run again (another instance starting, a restart): nothing changes.
    await setupDatabases(stack.couch);
    expect(await securityOf(tenant)).toEqual(SERVER_ADMINS_ONLY);
  });

  it('refuses anonymous calls: the admin party is off', async () => {
    for (const urlPath of ['_all_dbs', DB.accounts, `${DB.accounts}/_all_docs`, '_db_updates']) {
      expect(await statusOf(urlPath), urlPath).toBe(401);
    }
  });

  it('reports CouchDB credentials that are refused: health answers 503, and a start-up ends with the reason', async () => {
    const wrong = new URL(stack.couchServer.url);
    wrong.password = 'wrong-password';
    const instance = await stack.startInstance({ couchUrl: wrong.toString() }, 'everything');
    const health = await instance.inject('/api/health');
    expect([health.statusCode, health.result]).toEqual([503, { status: 'unavailable' }]);

    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-wrong-credentials-'));
    try {
      const config = loadConfig({
        COUCHDB_URL: wrong.toString(),
        DATA_DIR: dataDir,
        PORT: '0',
        NODE_ENV: 'test',
        STRIPE_TEST_PROVIDER_PORT: '0',
        LOG_LEVEL: 'silent',
      } as NodeJS.ProcessEnv);
      // Thrown at once, not waited out as an unanswering CouchDB is (cli/startup-retry.ts).
      await expect(
        startBackend(config, { pauseBeforeRetry: () => Promise.reject(new Error('retried')) }),
      ).rejects.toThrow('Name or password is incorrect.');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
