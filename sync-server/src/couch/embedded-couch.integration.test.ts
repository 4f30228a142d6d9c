import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedCouch, type EmbeddedCouch } from './embedded-couch.ts';
import { basic, call, json, type Answer } from './test-support/raw-couch-call.ts';

// leveldb as `npm start` runs it, memory as the test stacks do: both get the same protections.
describe.each([
  ['leveldb', true],
  ['in-memory', false],
] as const)('the embedded CouchDB-compatible server (%s)', (_kind, onDisk) => {
  let couch: EmbeddedCouch;
  let dataDir: string;
  let admin: Record<string, string>;
  const restarts: unknown[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-couch-'));
    couch = await startEmbeddedCouch({
      port: 0,
      ...(onDisk ? { dataDir } : {}),
      onRestart: (reason) => restarts.push(reason),
    });
    admin = basic(couch);
    expect((await call(couch, 'PUT', '/mastr_probe', { headers: { ...admin, ...json } })).status).toBe(201);
    const doc = await call(couch, 'PUT', '/mastr_probe/doc-1', {
      headers: { ...admin, ...json },
      body: '{"type":"x"}',
    });
    expect(doc.status).toBe(201);
  });
  afterAll(async () => {
    await couch.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives POST /_replicate to a target it cannot reach, with or without credentials (it is switched off)', async () => {
    const replicate = JSON.stringify({ source: 'mastr_probe', target: 'http://127.0.0.1:1/nowhere' });
    const anonymous = await call(couch, 'POST', '/_replicate', { headers: json, body: replicate });
    expect(anonymous.status).toBe(401);
    const asAdmin = await call(couch, 'POST', '/_replicate', { headers: { ...admin, ...json }, body: replicate });
    expect(asAdmin.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await call(couch, 'GET', '/_all_dbs', { headers: admin })).status).toBe(200);
  });

  it('needs the admin password for everything, and never asks a browser for one', async () => {
    const wrong = { authorization: `Basic ${Buffer.from('admin:guess').toString('base64')}` };
    for (const headers of [{}, wrong]) {
      for (const [method, urlPath, body] of [
        ['GET', '/_all_dbs'],
        ['GET', '/mastr_probe/doc-1'],
        ['GET', '/mastr_probe/_all_docs'],
        ['POST', '/mastr_probe', '{"type":"y"}'],
        ['PUT', '/mastr_other'],
      ] as const) {
        const res = await call(couch, method, urlPath, { headers: { ...headers, ...json }, body });
        expect(res.status, `${method} ${urlPath}`).toBe(401);
      }
    }
    const docs = JSON.parse((await call(couch, 'GET', '/mastr_probe/_all_docs', { headers: admin })).body);
    expect(docs.rows.map((r: { id: string }) => r.id)).toEqual(['doc-1']);
  });

  it('answers only its own Host (127.0.0.1:port or localhost:port): no DNS rebinding', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${couch.port}`,
      '127.0.0.1',
      `127.0.0.1:${couch.port + 1}`,
      `0.0.0.0:${couch.port}`,
    ]) {
      const res = await call(couch, 'GET', '/_all_dbs', { headers: { ...admin, host } });
      expect(res.status, host).toBe(421);
    }
    for (const host of [`127.0.0.1:${couch.port}`, `localhost:${couch.port}`, `LOCALHOST:${couch.port}`]) {
      expect((await call(couch, 'GET', '/_all_dbs', { headers: { ...admin, host } })).status, host).toBe(200);
    }
  });

  it('takes only JSON bodies for writes: text/plain, form and multipart posts get 415 and write nothing', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain; charset=application/json',
    ]) {
      for (const [method, urlPath] of [
        ['POST', '/mastr_probe'],
        ['PUT', '/mastr_probe/doc-2'],
        ['POST', '/mastr_probe/_bulk_docs'],
      ] as const) {
        const res = await call(couch, method, urlPath, {
          headers: { ...admin, 'content-type': type },
          body: '{"docs":[{"_id":"doc-3"}],"_id":"doc-4"}',
        });
        expect(res.status, `${type} ${method} ${urlPath}`).toBe(415);
      }
    }
    const noType = await call(couch, 'POST', '/mastr_probe', { headers: admin, body: '{"type":"y"}' });
    expect(noType.status).toBe(415);
    const docs = JSON.parse((await call(couch, 'GET', '/mastr_probe/_all_docs', { headers: admin })).body);
    expect(docs.rows.map((r: { id: string }) => r.id)).toEqual(['doc-1']);
  });

  it('answers _security as what it enforces, its admin only, and refuses to set anything else', async () => {
    const adminOnly = { members: { roles: ['_admin'] }, admins: { roles: ['_admin'] } };
    const get = await call(couch, 'GET', '/mastr_probe/_security', { headers: admin });
    expect([get.status, JSON.parse(get.body)]).toEqual([200, adminOnly]);
    const put = (body: unknown) =>
      call(couch, 'PUT', '/mastr_probe/_security', { headers: { ...admin, ...json }, body: JSON.stringify(body) });
    expect((await put(adminOnly)).status).toBe(200);
    expect((await put({ members: { names: ['bob'] } })).status).toBe(400);
    expect((await put({})).status).toBe(400);
    expect((await call(couch, 'GET', '/mastr_missing/_security', { headers: admin })).status).toBe(404);
    expect((await call(couch, 'GET', '/mastr_probe/_security', {})).status).toBe(401);
  });

  it('switches off every endpoint the app does not use', async () => {
    const off: [string, string][] = [
      ['GET', '/'],
      ['GET', '/_config'],
      ['PUT', '/_config/admins/x'],
      ['GET', '/_session'],
      ['POST', '/_session'],
      ['GET', '/_utils/'],
      ['GET', '/_users'],
      ['GET', '/_users/_all_docs'],
      ['GET', '/_active_tasks'],
      ['GET', '/_node/_local/_config'],
      ['GET', '/_membership'],
      ['POST', '/_restart'],
      ['GET', '/_stats'],
      ['GET', '/_log'],
      ['GET', '/_uuids'],
      ['GET', '/_replicator'],
      ['DELETE', '/mastr_probe'],
      ['POST', '/mastr_probe/_compact'],
      ['POST', '/mastr_probe/_view_cleanup'],
      ['POST', '/mastr_probe/_temp_view'],
      ['GET', '/mastr_probe/_design/x'],
      ['GET', '/mastr_probe/%5Fdesign%2Fx'],
      ['GET', '/mastr_probe/_design/x/_view/y'],
      ['GET', '/mastr_probe/doc-1/attachment.png'],
      ['PUT', '/mastr_probe/doc-1/attachment.png'],
      ['GET', '/mastr_probe/doc%2F1'],
      ['GET', '/..%2Fmastr_probe/_all_docs'],
    ];
    for (const [method, urlPath] of off) {
      const res = await call(couch, method, urlPath, { headers: { ...admin, ...json } });
      expect(res.status, `${method} ${urlPath}`).toBe(404);
    }
    const continuous = await call(couch, 'GET', '/mastr_probe/_changes?feed=continuous', { headers: admin });
    expect(continuous.status).toBe(400);
    // The updates feed is served as a continuous feed only (the sync gateway's one use).
    expect((await call(couch, 'GET', '/_db_updates', { headers: admin })).status).toBe(400);
    expect((await call(couch, 'GET', '/_db_updates?feed=continuous', {})).status).toBe(401);
  });

  it('tells a continuous _db_updates feed of every database written, created and deleted, and of nothing refused or only read', async () => {
    const lines: string[] = [];
    const feed = http.get(
      { host: '127.0.0.1', port: couch.port, path: '/_db_updates?feed=continuous&heartbeat=200', headers: admin },
      (res) => {
        expect(res.statusCode).toBe(200);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => lines.push(...chunk.split('\n')));
      },
    );
    try {
      await expect.poll(() => lines.length, { timeout: 5_000 }).toBeGreaterThan(0); // the first heartbeat
      const tenant = 'mastr_member_0123456789abcdef01234567';
      const write = (method: string, urlPath: string, body?: unknown) =>
        call(couch, method, urlPath, {
          headers: { ...admin, ...json },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      expect((await write('PUT', `/${tenant}`)).status).toBe(201);
      expect((await write('POST', `/${tenant}/_bulk_docs`, { docs: [{ _id: 'a' }] })).status).toBe(201);
      expect((await write('PUT', '/mastr_probe/doc-1', { type: 'stale' })).status).toBe(409); // refused: not told
      // Reads sent as POST (keys, selectors in the body) are no update, as on Apache CouchDB.
      expect((await write('POST', `/${tenant}/_all_docs`, { keys: ['a'] })).status).toBe(200);
      expect((await write('POST', `/${tenant}/_bulk_get`, { docs: [{ id: 'a' }] })).status).toBe(200);
      expect((await write('POST', `/${tenant}/_revs_diff`, { a: ['1-x'] })).status).toBe(200);
      expect((await write('PUT', '/mastr_probe/doc-9', { type: 'x' })).status).toBe(201);
      expect((await write('DELETE', `/${tenant}`)).status).toBe(200);
      const updates = () =>
        lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, string>);
      await expect.poll(() => updates().length, { timeout: 5_000 }).toBe(4);
      expect(updates()).toEqual([
        { db_name: tenant, type: 'created' },
        { db_name: tenant, type: 'updated' },
        { db_name: 'mastr_probe', type: 'updated' },
        { db_name: tenant, type: 'deleted' },
      ]);
    } finally {
      feed.destroy();
    }
  });

  it('keeps what nano and the gateway use', async () => {
    const write = (method: string, urlPath: string, body: unknown) =>
      call(couch, method, urlPath, { headers: { ...admin, ...json }, body: JSON.stringify(body) });
    expect((await call(couch, 'GET', '/mastr_probe', { headers: admin })).status).toBe(200);
    expect((await call(couch, 'GET', '/mastr_probe/', { headers: admin })).status).toBe(200);
    expect((await write('POST', '/mastr_probe/_bulk_docs', { docs: [{ _id: 'doc-5', type: 'x' }] })).status).toBe(201);
    expect((await write('POST', '/mastr_probe/_all_docs', { keys: ['doc-5'] })).status).toBe(200);
    expect((await write('POST', '/mastr_probe/_bulk_get', { docs: [{ id: 'doc-5' }] })).status).toBe(200);
    expect(
      (await write('POST', '/mastr_probe/_index', { index: { fields: ['type'] }, name: 'by-type', ddoc: 'by-type' }))
        .status,
    ).toBe(200);
    expect((await write('POST', '/mastr_probe/_find', { selector: { type: 'x' } })).status).toBe(200);
    expect((await write('POST', '/mastr_probe/_revs_diff', { 'doc-5': ['1-x'] })).status).toBe(200);
    expect((await write('PUT', '/mastr_probe/_local/checkpoint', { at: 1 })).status).toBe(201);
    expect((await call(couch, 'GET', '/mastr_probe/_changes?since=0', { headers: admin })).status).toBe(200);
    expect((await write('PUT', '/mastr_probe/checkin%3Aa%3Ab', { type: 'check-in' })).status).toBe(201);
    expect((await call(couch, 'GET', '/mastr_probe/checkin%3Aa%3Ab', { headers: admin })).status).toBe(200);
  });

  it('answers a _find racing deletions of the documents it matches as CouchDB does, never 400', async () => {
    // pouchdb-find reads the matched documents after its index: one deleted in between came back as
    // no document and `fields` threw "Cannot read properties of undefined (reading '_id')", a 400
    // that reached a registration racing an account deletion as a 500 (abuse-claim-squatting).
    const write = (method: string, urlPath: string, body: unknown) =>
      call(couch, method, urlPath, { headers: { ...admin, ...json }, body: JSON.stringify(body) });
    await write('PUT', '/mastr_find_race', {});
    await write('POST', '/mastr_find_race/_index', {
      index: { fields: ['type', 'owner'] },
      name: 'by-owner',
      ddoc: 'by-owner',
    });
    const statuses: number[] = [];
    for (let round = 0; round < 40; round += 1) {
      const docs = Array.from({ length: 20 }, (_, i) => ({
        _id: `t-${round}-${i}`,
        type: 'token',
        owner: `o-${round}`,
      }));
      const written = JSON.parse((await write('POST', '/mastr_find_race/_bulk_docs', { docs })).body) as {
        id: string;
        rev: string;
      }[];
      const deletions = written.map(({ id, rev }) => ({ _id: id, _rev: rev, _deleted: true }));
      const finds = Array.from({ length: 4 }, () =>
        write('POST', '/mastr_find_race/_find', {
          selector: { type: 'token', owner: `o-${round}` },
          fields: ['_id', '_rev'],
          use_index: 'by-owner',
        }),
      );
      const [, ...answers] = await Promise.all([
        write('POST', '/mastr_find_race/_bulk_docs', { docs: deletions }),
        ...finds,
      ]);
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('deletes a tenant database (an account deleted) and no other', async () => {
    const tenant = '/mastr_member_0123456789abcdef01234567';
    expect((await call(couch, 'PUT', tenant, { headers: admin })).status).toBe(201);
    expect((await call(couch, 'DELETE', tenant, { headers: admin })).status).toBe(200);
    expect((await call(couch, 'GET', tenant, { headers: admin })).status).toBe(404);
    for (const other of ['/mastr_accounts', '/mastr_member_0123', '/mastr_member_0123456789abcdef01234567x']) {
      expect((await call(couch, 'DELETE', other, { headers: admin })).status, other).toBe(404);
    }
  });

  it('ends a long-poll with no changes after its timeout, as CouchDB does, and answers at once when there are changes', async () => {
    const started = performance.now();
    const idle = await call(couch, 'GET', '/mastr_probe/_changes?feed=longpoll&since=now&timeout=300&heartbeat=60000', {
      headers: admin,
    });
    const took = performance.now() - started;
    expect(idle.status).toBe(200);
    const answer = JSON.parse(idle.body);
    expect(answer.results).toEqual([]);
    expect(typeof answer.last_seq).toBe('number');
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(3_000);

    const since = answer.last_seq;
    const waiting = call(
      couch,
      'GET',
      `/mastr_probe/_changes?feed=longpoll&since=${since}&include_docs=true&timeout=10000`,
      { headers: admin },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await call(couch, 'PUT', '/mastr_probe/doc-6', { headers: { ...admin, ...json }, body: '{"type":"z"}' });
    const changed = JSON.parse((await waiting).body);
    expect(changed.results.map((r: { id: string }) => r.id)).toEqual(['doc-6']);
    expect(changed.last_seq).toBeGreaterThan(since);
  });

  it('keeps the process alive when something escapes in its thread, and serves again on the same port', async () => {
    couch.crashForTest();
    const deadline = Date.now() + 10_000;
    let res: Answer | undefined;
    while (Date.now() < deadline) {
      res =
        restarts.length > 0
          ? await call(couch, 'GET', '/_all_dbs', { headers: admin }).catch(() => undefined)
          : undefined;
      if (res?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(restarts).toHaveLength(1);
    expect(String(restarts[0])).toMatch(/Crash asked for/);
    expect(res?.status).toBe(200);
    // On disk the data is still there; in memory it went with the thread.
    if (onDisk) expect(JSON.parse(res!.body)).toContain('mastr_probe');
  });
});
