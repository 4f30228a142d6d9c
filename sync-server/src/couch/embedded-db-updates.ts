import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { databaseWrittenBy, type DatabaseWrite } from './write-requests.ts';

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** One `_db_updates` row, as Apache CouchDB writes it (without `seq`: this feed only starts at "now"). */
interface DbUpdate {
  db_name: string;
  type: DatabaseWrite['type'];
}

/** Longest pause between heartbeats (CouchDB's `heartbeat` default is 60 s; a shorter one is honoured). */
const MAX_HEARTBEAT_MS = 60_000;

/**
 * `GET /_db_updates?feed=continuous` for the embedded CouchDB-compatible server (express-pouchdb
 * answers it 400, "TODO"). Every database change goes through this server's HTTP interface, so a
 * write request answered 2xx is a database update (write-requests.ts: a POST that only reads, e.g.
 * `_all_docs` with keys, is none). One continuous feed per listener, newline-delimited JSON
 * with heartbeats (blank lines), as Apache CouchDB 3 sends it; it always starts at "now" (the sync
 * gateway asks for nothing older). Other feed kinds are refused with 400.
 */
export function createEmbeddedDbUpdates(): { track: Middleware; feed: Middleware } {
  const updates = new EventEmitter();
  updates.setMaxListeners(0);
  return {
    track(req, res, next) {
      const pathname = (req.url ?? '/').split('?')[0];
      const write = databaseWrittenBy(req.method ?? 'GET', pathname);
      if (write) {
        res.once('finish', () => {
          if (res.statusCode >= 200 && res.statusCode < 300)
            updates.emit('update', { db_name: write.dbName, type: write.type } satisfies DbUpdate);
        });
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
