/**
 * The embedded server's own answers to the two reads it serves itself rather than through
 * express-pouchdb's defaults, each as Apache CouchDB answers it: the gateway's filtered `_changes`
 * (decision 198) and documents by id (decision 199). The rest of the server is in
 * embedded-couch.integration.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedCouch, type EmbeddedCouch } from './embedded-couch.ts';
import { basic, call, json } from './test-support/raw-couch-call.ts';

// leveldb as `npm start` runs it, memory as the test stacks do: both answer alike.
describe.each([
  ['leveldb', true],
  ['in-memory', false],
] as const)('reads the embedded server (%s) answers as Apache CouchDB does', (_kind, onDisk) => {
  let couch: EmbeddedCouch;
  let dataDir: string;
  let admin: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-couch-'));
    couch = await startEmbeddedCouch({ port: 0, ...(onDisk ? { dataDir } : {}) });
    admin = basic(couch);
  });
  afterAll(async () => {
    await couch.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe("POST _changes?filter=_selector, as Apache CouchDB answers it (the sync gateway's gym pulls, decision 198)", () => {
    const db = '/mastr_selected';
    // The shape of the gateway's (sync/device-pulls.ts), on a type of this test's own.
    const selector = { $or: [{ type: { $ne: 'drop' } }, { type: { $exists: false } }] };
    type Changes = { results: { id: string; seq: number; deleted?: boolean; doc?: unknown }[]; last_seq: number };
    const write = (method: string, urlPath: string, body?: unknown) =>
      call(couch, method, urlPath, {
        headers: { ...admin, ...json },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const selected = async (query: string, body: unknown = { selector }) => {
      const res = await write('POST', `${db}/_changes?filter=_selector&${query}`, body);
      expect(res.status, res.body).toBe(200);
      return JSON.parse(res.body) as Changes;
    };
    let seqOf: Map<string, number>;
    let end: number;

    beforeAll(async () => {
      expect((await write('PUT', db)).status).toBe(201);
      for (const [id, type] of [
        ['a', 'keep'],
        ['r1', 'drop'],
        ['r2', 'drop'],
        ['r3', 'drop'],
        ['b', 'keep'],
        ['gone', 'drop'],
      ])
        expect((await write('PUT', `${db}/${id}`, { type })).status).toBe(201);
      // A bare tombstone has no `type`: `$exists: false` keeps it, as on CouchDB.
      const gone = JSON.parse((await call(couch, 'GET', `${db}/gone`, { headers: admin })).body);
      expect((await call(couch, 'DELETE', `${db}/gone?rev=${gone._rev}`, { headers: admin })).status).toBe(200);
      for (const id of ['r4', 'r5']) expect((await write('PUT', `${db}/${id}`, { type: 'drop' })).status).toBe(201);
      const all = JSON.parse((await call(couch, 'GET', `${db}/_changes?since=0`, { headers: admin })).body) as Changes;
      seqOf = new Map(all.results.map((r) => [r.id, r.seq]));
      end = all.last_seq;
    });

    it('counts matching rows against limit, answers the last sequence scanned, keeps tombstones and carries documents', async () => {
      const first = await selected('since=0&limit=2&include_docs=true&style=all_docs');
      expect(first.results.map((r) => r.id)).toEqual(['a', 'b']);
      expect(first.results[1].doc).toMatchObject({ _id: 'b', type: 'keep' });
      expect(first.last_seq).toBe(seqOf.get('b'));
      const second = await selected(`since=${first.last_seq}&limit=2`);
      expect(second.results).toEqual([expect.objectContaining({ id: 'gone', deleted: true })]);
      expect(second.last_seq).toBe(end); // scanned past the trailing 'drop' documents
      // Nothing matches past `since`, yet the read moved on.
      const none = await selected(`since=${seqOf.get('gone')}`);
      expect(none).toEqual({ results: [], last_seq: end });
    });

    it('holds a long-poll through changes that do not match and answers the first that does, or empty at its timeout', async () => {
      let answered = false;
      const waiting = selected(`feed=longpoll&since=${end}&timeout=10000&include_docs=true`).then((answer) => {
        answered = true;
        return answer;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await write('PUT', `${db}/r6`, { type: 'drop' })).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      expect((await write('PUT', `${db}/c`, { type: 'keep' })).status).toBe(201);
      const changed = await waiting;
      expect(changed.results.map((r) => r.id)).toEqual(['c']);
      expect(changed.results[0].doc).toMatchObject({ type: 'keep' });

      const started = performance.now();
      const idle = selected(`feed=longpoll&since=${changed.last_seq}&timeout=300`);
      await write('PUT', `${db}/r7`, { type: 'drop' });
      expect(await idle).toEqual({ results: [], last_seq: expect.any(Number) });
      expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    });

    it('refuses any other POST _changes: another filter or none, a body beyond {selector}, continuous feeds', async () => {
      for (const [query, body] of [
        ['since=0', { selector }],
        ['since=0', { doc_ids: ['a'] }],
        ['filter=_doc_ids&since=0', { doc_ids: ['a'] }],
        ['filter=_selector', { selector, doc_ids: ['a'] }],
        ['filter=_selector', {}],
        ['filter=_selector', { selector: [] }],
        ['filter=_selector', { selector: 'x' }],
        ['filter=_selector', []],
        ['filter=_selector&feed=continuous', { selector }],
      ] as const) {
        const res = await write('POST', `${db}/_changes?${query}`, body);
        expect(res.status, `${query} ${JSON.stringify(body)}`).toBe(400);
      }
      const garbled = await call(couch, 'POST', `${db}/_changes?filter=_selector`, {
        headers: { ...admin, ...json },
        body: '{"selector":',
      });
      expect(garbled.status).toBe(400);
      expect((await write('POST', '/mastr_nowhere/_changes?filter=_selector', { selector })).status).toBe(404);
    });
  });

  describe('POST _all_docs?include_docs=true with {keys}, as CouchDB answers it (every documents-by-id read; one get per key)', () => {
    const db = '/mastr_by_keys';
    const post = (urlPath: string, body: unknown) =>
      call(couch, 'POST', urlPath, { headers: { ...admin, ...json }, body: JSON.stringify(body) });
    const revs = new Map<string, string>();

    beforeAll(async () => {
      expect((await call(couch, 'PUT', db, { headers: admin })).status).toBe(201);
      for (const id of ['a', 'b', 'gone', 'z']) {
        const res = await post(db, { _id: id, n: id });
        revs.set(id, JSON.parse(res.body).rev);
      }
      // `a` edited once (its latest revision is the one answered), `gone` deleted.
      revs.set('a', JSON.parse((await post(db, { _id: 'a', _rev: revs.get('a'), n: 'a2' })).body).rev);
      const deleted = await call(couch, 'DELETE', `${db}/gone?rev=${revs.get('gone')}`, { headers: admin });
      revs.set('gone', JSON.parse(deleted.body).rev);
    });

    it('answers rows in key order: live documents whole, a deleted one as deleted, a missing one as not_found, repeats repeated', async () => {
      const res = await post(`${db}/_all_docs?include_docs=true`, { keys: ['z', 'gone', 'nowhere', 'a', 'z'] });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({
        total_rows: 3,
        rows: [
          { id: 'z', key: 'z', value: { rev: revs.get('z') }, doc: { _id: 'z', _rev: revs.get('z'), n: 'z' } },
          { id: 'gone', key: 'gone', value: { rev: revs.get('gone'), deleted: true }, doc: null },
          { key: 'nowhere', error: 'not_found' },
          { id: 'a', key: 'a', value: { rev: revs.get('a') }, doc: { _id: 'a', _rev: revs.get('a'), n: 'a2' } },
          { id: 'z', key: 'z', value: { rev: revs.get('z') }, doc: { _id: 'z', _rev: revs.get('z'), n: 'z' } },
        ],
      });
      expect(JSON.parse((await post(`${db}/_all_docs?include_docs=true`, { keys: [] })).body)).toEqual({
        total_rows: 3,
        rows: [],
      });
    });

    it('leaves every other _all_docs to express-pouchdb as before: other options, no documents, another body, a missing database', async () => {
      const withLimit = JSON.parse(
        (await post(`${db}/_all_docs?include_docs=true`, { keys: ['a', 'b'], limit: 1 })).body,
      );
      expect(withLimit.rows.map((r: { id: string }) => r.id)).toEqual(['a']);
      const bare = JSON.parse((await post(`${db}/_all_docs`, { keys: ['a', 'nowhere'] })).body);
      expect(bare.rows).toEqual([
        { id: 'a', key: 'a', value: { rev: revs.get('a') } },
        { key: 'nowhere', error: 'not_found' },
      ]);
      expect((await post(`${db}/_all_docs?include_docs=true`, [])).status).toBe(400);
      expect((await post('/mastr_nowhere/_all_docs?include_docs=true', { keys: ['a'] })).status).toBe(404);
    });
  });
});
