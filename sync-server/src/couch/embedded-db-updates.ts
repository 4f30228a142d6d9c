import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** One `_db_updates` row, as Apache CouchDB writes it (without `seq`: this feed only starts at "now"). */
interface DbUpdate {
  db_name: string;
  type: 'created' | 'updated' | 'deleted';
}

/** Longest pause between heartbeats (CouchDB's `heartbeat` default is 60 s; a shorter one is honoured). */
const MAX_HEARTBEAT_MS = 60_000;

/** The database a request is about (its first path segment), if it is one. */
function dbOf(pathname: string): string | null {
  const first = pathname.split('/')[1] ?? '';
  if (first === '' || first.startsWith('_')) return null;
  try {
    return decodeURIComponent(first);
  } catch {
    return null;
  }
}

/**
 * Requests that only read although sent as POST (keys, selectors and revision lists in the body):
 * Apache CouchDB tells no update for them.
 */
const READS_BY_POST = new Set(['_all_docs', '_find', '_bulk_get', '_changes', '_explain', '_revs_diff', '_view']);

function onlyReads(method: string, pathname: string): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  const segments = pathname.replace(/\/$/, '').split('/');
  return method === 'POST' && READS_BY_POST.has(segments.at(segments.at(-2) === '_view' ? -2 : -1) ?? '');
}

/**
 * `GET /_db_updates?feed=continuous` for the embedded CouchDB-compatible server (express-pouchdb
 * answers it 400, "TODO"). Every database change goes through this server's HTTP interface, so a
 * write request answered 2xx is a database update (a POST that only reads, e.g. `_all_docs` with keys, is none): a `PUT /{db}` is `created`, a `DELETE /{db}`
 * `deleted`, any other write `updated`. One continuous feed per listener, newline-delimited JSON
 * with heartbeats (blank lines), as Apache CouchDB 3 sends it; it always starts at "now" (the sync
 * gateway asks for nothing older). Other feed kinds are refused with 400.
 */
export function createEmbeddedDbUpdates(): { track: Middleware; feed: Middleware } {
  const updates = new EventEmitter();
  updates.setMaxListeners(0);
  return {
    track(req, res, next) {
      const method = req.method ?? 'GET';
      const pathname = (req.url ?? '/').split('?')[0];
      if (!onlyReads(method, pathname)) {
        const db = dbOf(pathname);
        if (db) {
          const whole = pathname.replace(/\/$/, '').split('/').length === 2;
          const type: DbUpdate['type'] =
            whole && method === 'PUT' ? 'created' : whole && method === 'DELETE' ? 'deleted' : 'updated';
          res.once('finish', () => {
            if (res.statusCode >= 200 && res.statusCode < 300) updates.emit('update', { db_name: db, type });
          });
        }
      }
      next();
    },
    feed(req, res, next) {
      const url = new URL(req.url ?? '/', 'http://couch');
      if (url.pathname !== '/_db_updates') return next();
      if (url.searchParams.get('feed') !== 'continuous') {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: 'bad_request', reason: 'Only feed=continuous is served.' }));
      }
      const asked = Number(url.searchParams.get('heartbeat') ?? MAX_HEARTBEAT_MS);
      const heartbeatMs = Number.isFinite(asked) && asked > 0 ? Math.min(asked, MAX_HEARTBEAT_MS) : MAX_HEARTBEAT_MS;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      res.flushHeaders();
      const send = (update: DbUpdate) => res.write(`${JSON.stringify(update)}\n`);
      const heartbeat = setInterval(() => res.write('\n'), heartbeatMs);
      updates.on('update', send);
      res.once('close', () => {
        clearInterval(heartbeat);
        updates.off('update', send);
      });
    },
  };
}
