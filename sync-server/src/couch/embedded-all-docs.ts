import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

interface PouchDatabase {
  get(id: string): Promise<{ _id: string; _rev: string }>;
  allDocs(options: { keys: string[]; include_docs: true }): Promise<{ total_rows: number; rows: unknown[] }>;
  info(): Promise<{ doc_count: number }>;
}

interface PouchConstructor {
  allDbs(): Promise<string[]>;
}

/** A request express's body parser has read (express-pouchdb's own parser then leaves it be). */
type ParsedRequest = IncomingMessage & { body?: unknown };

const isKeys = (body: unknown): body is { keys: string[] } =>
  typeof body === 'object' &&
  body !== null &&
  Object.keys(body).join() === 'keys' &&
  Array.isArray((body as { keys: unknown }).keys) &&
  (body as { keys: unknown[] }).keys.every((key) => typeof key === 'string' && key !== '' && !key.startsWith('_'));

/**
 * `POST /{db}/_all_docs?include_docs=true` with `{keys}`, the documents-by-id read every service
 * makes (`fetchDocs`, nano's `fetch`), answered from one `get` per key. PouchDB answers a keys query
 * with a range scan per key, each also counting the database: 60–150 ms for 200 keys in a gym of
 * 10,000 passes against 6–22 ms for the gets (leveldb), and a check-in push makes two such reads, so
 * on the embedded server a front desk's reconnect spent most of each push on them (issue 27).
 * The answer is CouchDB's: rows in key order, repeated keys repeated; a key without a live document
 * is left to PouchDB's own keys query, which tells a deleted one (`value.deleted`, `doc: null`) from
 * a missing one (`error: not_found`). Any other `_all_docs` goes on to express-pouchdb untouched,
 * its body already parsed by the same parser.
 */
export function allDocsByKeys(Pouch: PouchConstructor): Middleware {
  const { jsonParser } = require('express-pouchdb/lib/utils') as { jsonParser: Middleware };
  const { getOrCreateDB } = require('express-pouchdb/lib/create-or-delete-dbs') as {
    getOrCreateDB(Pouch: PouchConstructor, name: string): Promise<PouchDatabase>;
  };
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://couch');
    const match = /^\/([^/]+)\/_all_docs$/.exec(url.pathname);
    if (!match || req.method !== 'POST' || url.search !== '?include_docs=true') return next();
    jsonParser(req, res, () => {
      const { body } = req as ParsedRequest;
      if (!isKeys(body)) return next();
      const dbName = decodeURIComponent(match[1]);
      void (async () => {
        if (!(await Pouch.allDbs()).includes(dbName)) return next();
        const db = await getOrCreateDB(Pouch, dbName);
        const rows: unknown[] = await Promise.all(
          body.keys.map((key) =>
            db.get(key).then(
              (doc) => ({ id: key, key, value: { rev: doc._rev }, doc }),
              (err: { status?: number }) => {
                if (err?.status === 404) return null;
                throw err;
              },
            ),
          ),
        );
        const unfound = body.keys.filter((_, i) => rows[i] === null);
        if (unfound.length > 0) {
          const theirs = (await db.allDocs({ keys: unfound, include_docs: true })).rows;
          let taken = 0;
          for (let i = 0; i < rows.length; i += 1) if (rows[i] === null) rows[i] = theirs[taken++];
        }
        const { doc_count } = await db.info();
        const text = JSON.stringify({ total_rows: doc_count, rows });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      })().catch(next);
    });
  };
}
