import { createHash, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { allDocsByKeys } from './embedded-all-docs.ts';
import { createEmbeddedDbUpdates } from './embedded-db-updates.ts';

const require = createRequire(import.meta.url);

/** The user name of the embedded server's one account; its password is the dev secret `couchAdminPassword`. */
export const EMBEDDED_COUCH_USER = 'admin';

/** Longest a long-poll `_changes` is held when the caller asks for longer or gives no `timeout` (CouchDB's default). */
const MAX_LONGPOLL_MS = 60_000;

/**
 * The parts of express-pouchdb the server and the gateway use, and nothing else: no `_replicate`
 * (an unreachable target crashed the process) or replicator daemon, no `_config`, `_session`,
 * `_users`, `_utils`, `_active_tasks`, `_stats`, `_log`, views, shows, rewrites, attachments,
 * security objects or vhosts. The allow-list below refuses everything else before it gets here.
 */
const EXPRESS_POUCHDB_PARTS = [
  'routes/db',
  'routes/all-dbs',
  'routes/all-docs',
  'routes/bulk-docs',
  'routes/bulk-get',
  'routes/changes',
  'routes/documents',
  'routes/find',
  'routes/revs-diff',
  'routes/404',
];

type Next = (err?: unknown) => void;
/** An express middleware, typed without express's types (the package ships none). */
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** Database names CouchDB allows, without '/' (so no encoded paths). */
const DB_NAME = /^[a-z][a-z0-9_$()+-]*$/;
/** A gym's, member's or coach's own database: the only kind ever deleted (an account deleted, design/decisions.md). */
const TENANT_DB_NAME = /^mastr_(?:gym|member|coach)_[a-f0-9]{24}$/;
/** What may be asked of a database, by endpoint and method (HEAD goes wherever GET does). */
const DB_ENDPOINTS: Record<string, readonly string[]> = {
  _all_docs: ['GET', 'POST'],
  _changes: ['GET', 'POST'],
  _bulk_docs: ['POST'],
  _bulk_get: ['POST'],
  _find: ['POST'],
  _index: ['POST'],
  _revs_diff: ['POST'],
  _security: ['GET', 'PUT'],
};
const DOC_METHODS = ['GET', 'PUT', 'DELETE'];

/** A document id from the raw path, if it is one: decodes, and is neither special ('_…') nor a path. */
function plainDocId(raw: string): boolean {
  try {
    const id = decodeURIComponent(raw);
    return id !== '' && !id.startsWith('_') && !id.includes('/');
  } catch {
    return false;
  }
}

/**
 * The allow-list: `_all_dbs` and `_db_updates`; a database's info, creation and document POST; the deletion of a
 * tenant database (an account deleted) and of no other; `_all_docs`, `_changes`, `_bulk_docs`,
 * `_bulk_get`, `_find`, `_index`, `_revs_diff`, `_security` (`securityObjects`); documents and
 * `_local` documents by id. Nothing else (no design documents, attachments, `_compact` or server-wide endpoints).
 */
function allowed(method: string, pathname: string): boolean {
  const asked = method === 'HEAD' ? 'GET' : method;
  if (pathname === '/_all_dbs' || pathname === '/_db_updates') return asked === 'GET';
  const [db = '', second, third, ...more] = pathname.split('/').slice(1);
  if (!DB_NAME.test(db) || more.length > 0) return false;
  if (second === undefined || (second === '' && third === undefined))
    return ['GET', 'PUT', 'POST'].includes(asked) || (asked === 'DELETE' && TENANT_DB_NAME.test(db));
  if (third === undefined) {
    if (Object.hasOwn(DB_ENDPOINTS, second)) return DB_ENDPOINTS[second].includes(asked);
    return plainDocId(second) && DOC_METHODS.includes(asked);
  }
  return second === '_local' && plainDocId(third) && DOC_METHODS.includes(asked);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Hosts the server answers to: its own loopback address and port, nothing a rebound DNS name can carry. */
function knownHost(req: IncomingMessage): boolean {
  const port = req.socket.localPort;
  const host = (req.headers.host ?? '').toLowerCase();
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function isJson(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}

/**
 * Refuses, in this order: a Host other than 127.0.0.1:{port} or localhost:{port} (421: DNS
 * rebinding), a missing or wrong Basic password (401, no browser prompt), a write whose body is
 * not JSON (415: no text/plain or form posts from other sites), and any endpoint the app does not
 * use (404).
 */
function couchGuard(adminPassword: string): Middleware {
  const expected = sha256(`Basic ${Buffer.from(`${EMBEDDED_COUCH_USER}:${adminPassword}`).toString('base64')}`);
  return (req, res, next) => {
    if (!knownHost(req)) return sendJson(res, 421, { error: 'misdirected_request', reason: 'Unknown Host header.' });
    if (!timingSafeEqual(sha256(req.headers.authorization ?? ''), expected)) {
      return sendJson(res, 401, { error: 'unauthorized', reason: 'Name or password is incorrect.' });
    }
    const method = req.method ?? 'GET';
    if (
      method !== 'GET' &&
      method !== 'HEAD' &&
      (req.headers['content-type'] !== undefined || hasBody(req)) &&
      !isJson(req)
    ) {
      return sendJson(res, 415, { error: 'bad_content_type', reason: 'Content-Type must be application/json.' });
    }
    const pathname = (req.url ?? '/').split('?')[0];
    if (!allowed(method, pathname))
      return sendJson(res, 404, { error: 'not_found', reason: 'This endpoint is switched off.' });
    next();
  };
}

interface ChangesFeed {
  on(event: 'change', listener: (change: { seq: unknown }) => void): ChangesFeed;
  on(event: 'error', listener: (err: unknown) => void): ChangesFeed;
  cancel(): void;
}
interface PouchDatabase {
  changes(options: Record<string, unknown>): ChangesFeed & Promise<{ results: unknown[]; last_seq: unknown }>;
}
interface PouchConstructor {
  allDbs(): Promise<string[]>;
}

/** A query parameter as express-pouchdb reads it: JSON when it parses, the text otherwise. */
function queryValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Longest `POST _changes` body read: a selector (the sync gateway's is a few dozen bytes). */
const MAX_CHANGES_BODY = 64 * 1024;

/**
 * The selector of a `POST _changes`, as Apache CouchDB takes it: `filter=_selector` and a body
 * `{selector: {...}}`; or the reason it is refused. Nothing else is taken (400): express-pouchdb
 * would take `doc_ids` from a POST without a filter, which nothing of the app sends.
 */
async function selectorOf(req: IncomingMessage, url: URL): Promise<{ selector: object } | { refused: string }> {
  if (url.searchParams.get('filter') !== '_selector') return { refused: 'POST _changes takes filter=_selector only.' };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_CHANGES_BODY) return { refused: 'The body is too large.' };
    chunks.push(chunk as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return { refused: 'invalid UTF-8 JSON' };
  }
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(body) || Object.keys(body).join() !== 'selector' || !isObject(body.selector))
    return { refused: 'The body must be {"selector": {...}} and nothing else.' };
  return { selector: body.selector };
}

/**
 * `_changes` the way Apache CouchDB answers it where express-pouchdb does not:
 * - `feed=longpoll` honouring `timeout` (express-pouchdb ignores it and holds the request until a
 *   change or a disconnect): the changes since `since` at once if there are any, else the first
 *   change to come, else after `timeout` (at most MAX_LONGPOLL_MS) `{results: [], last_seq}` with
 *   the sequence the read reached;
 * - `POST` with `filter=_selector` and `{selector}` (a gym's pull through the sync gateway,
 *   decision 198), normal or long-poll: PouchDB's `selector`, whose `limit` counts matching rows
 *   and whose `last_seq` is the last sequence scanned, as CouchDB's. Any other POST body or filter
 *   is refused with 400 (`selectorOf`).
 * `feed=continuous` and `eventsource` (never held to a bound) are refused; a GET normal feed goes
 * on to express-pouchdb.
 */
function changesFeeds(Pouch: PouchConstructor): Middleware {
  const { getOrCreateDB } = require('express-pouchdb/lib/create-or-delete-dbs');
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://couch');
    const match = /^\/([^/]+)\/_changes$/.exec(url.pathname);
    const feed = url.searchParams.get('feed') ?? 'normal';
    if (!match || (req.method !== 'GET' && req.method !== 'POST')) return next();
    if (feed !== 'normal' && feed !== 'longpoll')
      return sendJson(res, 400, { error: 'bad_request', reason: `feed=${feed} is switched off.` });
    if (req.method === 'GET' && feed === 'normal') return next();
    const options: Record<string, unknown> = {};
    for (const name of ['since', 'limit', 'include_docs', 'style', 'conflicts', 'descending']) {
      const raw = url.searchParams.get(name);
      if (raw !== null) options[name] = queryValue(raw);
    }
    if (typeof options.limit === 'number' && options.limit < 1) options.limit = 1; // as express-pouchdb
    const asked = Number(url.searchParams.get('timeout') ?? MAX_LONGPOLL_MS);
    const timeoutMs = Number.isFinite(asked) && asked >= 0 ? Math.min(asked, MAX_LONGPOLL_MS) : MAX_LONGPOLL_MS;
    const dbName = decodeURIComponent(match[1]);
    void (async () => {
      if (req.method === 'POST') {
        const filter = await selectorOf(req, url);
        if ('refused' in filter) return sendJson(res, 400, { error: 'bad_request', reason: filter.refused });
        options.selector = filter.selector;
      }
      if (!(await Pouch.allDbs()).includes(dbName))
        return sendJson(res, 404, { error: 'not_found', reason: 'no_db_file' });
      const db: PouchDatabase = await getOrCreateDB(Pouch, dbName);
      const now = await db.changes({ ...options, live: false });
      if (res.destroyed) return;
      if (feed === 'normal' || now.results.length > 0) return sendJson(res, 200, now);
      let done = false;
      const stop = () => {
        if (done) return false;
        done = true;
        clearTimeout(timer);
        changes.cancel();
        return true;
      };
      const answer = (status: number, body: unknown) => {
        if (stop() && !res.destroyed) sendJson(res, status, body);
      };
      const timer = setTimeout(() => answer(200, { results: [], last_seq: now.last_seq }), timeoutMs);
      const changes = db.changes({ ...options, since: now.last_seq, live: true });
      changes.on('change', (change) => answer(200, { results: [change], last_seq: change.seq }));
      changes.on('error', (err) =>
        answer(500, { error: 'internal_error', reason: String((err as Error)?.message ?? err) }),
      );
      res.once('close', stop);
    })().catch(next);
  };
}

/** What every database of the embedded server admits: its one account, the admin (as Apache's `admin_only`). */
const ADMIN_ONLY = { members: { roles: ['_admin'] }, admins: { roles: ['_admin'] } };
const isAdminOnly = (body: unknown) => JSON.stringify(body) === JSON.stringify(ADMIN_ONLY);

/**
 * `GET`/`PUT /{db}/_security` as far as the embedded server can mean them. It has one account, the
 * admin, and `couchGuard` refuses everyone else (401) before any database is reached, so every
 * database's security object is in effect `ADMIN_ONLY`: GET answers it, a PUT of it is accepted (the
 * server sets it on every database, as on Apache CouchDB, decisions.md 74) and a PUT of anything else
 * is refused, since it could not be honoured. 404 for a database that does not exist, as CouchDB.
 */
function securityObjects(Pouch: PouchConstructor): Middleware {
  return (req, res, next) => {
    const match = /^\/([^/]+)\/_security$/.exec((req.url ?? '/').split('?')[0]);
    if (!match) return next();
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (!(await Pouch.allDbs()).includes(decodeURIComponent(match[1])))
        return sendJson(res, 404, { error: 'not_found', reason: 'Database does not exist.' });
      if (req.method !== 'PUT') return sendJson(res, 200, ADMIN_ONLY);
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return sendJson(res, 400, { error: 'bad_request', reason: 'invalid UTF-8 JSON' });
      }
      if (isAdminOnly(body)) return sendJson(res, 200, { ok: true });
      sendJson(res, 400, { error: 'bad_request', reason: 'The embedded server admits only its admin.' });
    })().catch(next);
  };
}

type FindCallback = (err: unknown, answer?: unknown) => void;
interface PouchWithFind {
  prototype: { find(this: unknown, request: unknown, callback?: FindCallback): Promise<unknown> };
}

/** How often a `_find` whose documents were deleted under it is run again (each run sees the index anew). */
const FIND_ATTEMPTS = 5;

/**
 * pouchdb-find reads the matched documents after its index: a document deleted in between comes
 * back as none, and picking `fields` from it throws "Cannot read properties of undefined (reading
 * '_id')", which express-pouchdb answered 400. Apache CouchDB never does; a registration racing an
 * account deletion got a 500 from it. Running the query again sees the index brought up to date.
 */
function findSkipsDocumentsDeletedMeanwhile(PouchDB: PouchWithFind): void {
  const find = PouchDB.prototype.find;
  PouchDB.prototype.find = function (request, callback) {
    const run = async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await find.call(this, request);
        } catch (err) {
          if (!(err instanceof TypeError) || attempt >= FIND_ATTEMPTS) throw err;
        }
      }
    };
    const answer = run();
    if (callback) answer.then((result) => callback(null, result), callback);
    return answer;
  };
}

export interface EmbeddedCouchAppOptions {
  /** Directory for the leveldb files; omit to keep everything in memory. */
  dataDir?: string;
  adminPassword: string;
}

/**
 * The embedded CouchDB-compatible server's request handler: express-pouchdb over PouchDB behind
 * `couchGuard`, with long-polls bounded and selector-filtered changes served (`changesFeeds`), and an
 * error handler that answers 500 instead of letting an error escape (the worker it runs in is
 * restarted if anything still does).
 */
export function createEmbeddedCouchApp(
  options: EmbeddedCouchAppOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const PouchDB = require('pouchdb');
  const express = require('express');
  const expressPouchDB = require('express-pouchdb');

  let Pouch;
  if (options.dataDir) {
    const prefix = path.join(options.dataDir, 'couch') + path.sep;
    mkdirSync(prefix, { recursive: true });
    Pouch = PouchDB.defaults({ prefix });
  } else {
    PouchDB.plugin(require('pouchdb-adapter-memory'));
    Pouch = PouchDB.defaults({ adapter: 'memory' });
  }

  const app = express();
  app.disable('x-powered-by');
  app.use(couchGuard(options.adminPassword));
  // Only what the app uses ("custom" mode): no config or log files, no gzip (only the Hapi server
  // calls it, over loopback; the gateway compresses for devices itself), no per-request log lines.
  const couch = expressPouchDB(Pouch, { mode: 'custom', overrideMode: { include: EXPRESS_POUCHDB_PARTS } });
  // Daemons start in turn, after this returns: this one runs after routes/find has added `find`.
  couch.daemonManager.registerDaemon({ start: findSkipsDocumentsDeletedMeanwhile, stop: () => undefined });
  const dbUpdates = createEmbeddedDbUpdates();
  app.use(dbUpdates.track);
  app.use(dbUpdates.feed);
  app.use(changesFeeds(Pouch));
  app.use(securityObjects(Pouch));
  app.use(allDocsByKeys(Pouch));
  app.use('/', couch);
  app.use((err: unknown, _req: IncomingMessage, res: ServerResponse, _next: Next) => {
    if (res.headersSent) return void res.destroy();
    sendJson(res, 500, { error: 'internal_error', reason: String((err as Error)?.message ?? err) });
  });
  return app;
}
