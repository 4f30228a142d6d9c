import type { Dispatcher } from 'undici';
import { DecoratorHandler } from 'undici';
import { databaseWrittenBy } from './write-requests.ts';

/** Told the name of a database this instance has just written to (or may have: see `noticeOwnWrites`). */
type OwnWriteListener = (dbName: string) => void;

/**
 * The writes one CouchDB client makes, told as they are answered (decision 156): the instance's
 * `_db_updates` feed (sync/database-updates.ts) counts them at once, so what it keeps in memory (the
 * public profiles and lists) shows the instance's own writes on the next read, where Apache
 * CouchDB's feed tells of them up to about a second later. Other instances still learn of a write
 * from their feed alone: the server keeps no shared state.
 */
export interface OwnWrites {
  tell(dbName: string): void;
  /** Adds a listener; the returned function removes it. */
  listen(listener: OwnWriteListener): () => void;
}

export function createOwnWrites(): OwnWrites {
  const listeners = new Set<OwnWriteListener>();
  return {
    tell(dbName) {
      for (const listener of listeners) listener(dbName);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * An undici interceptor for a CouchDB client's dispatcher: every request that may change a
 * database (write-requests.ts) is told to `writes` once its answer's status is known to be 2xx, or
 * when it fails without one (the write may have landed: telling of one that did not only costs a
 * recomputation). `basePath` is the CouchDB URL's path ('/' at the root, '/couch/' behind a prefix).
 */
export function noticeOwnWrites(basePath: string, writes: OwnWrites): Dispatcher.DispatcherComposeInterceptor {
  const prefix = basePath.replace(/\/$/, '');
  return (dispatch) => (options, handler) => {
    const pathname = options.path.split('?')[0];
    const write = databaseWrittenBy(
      options.method,
      pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname,
    );
    if (!write) return dispatch(options, handler);
    let told = false;
    const tell = () => {
      if (told) return;
      told = true;
      writes.tell(write.dbName);
    };
    return dispatch(options, new NoticeHandler(handler, tell));
  };
}

type Handlers = Dispatcher.DispatchHandlers;
/** undici's DecoratorHandler forwards every callback to the handler it wraps; its typings name none of them. */
interface Forwarder {
  onHeaders(statusCode: number, headers: Buffer[], resume: () => void, statusText: string): boolean;
  onError(err: Error): void;
}
const Forwarding = DecoratorHandler as unknown as new (handler: Handlers) => Forwarder;

/** Tells on the answer's headers (2xx) or on an error, then passes everything on unchanged. */
class NoticeHandler extends Forwarding {
  readonly #tell: () => void;

  constructor(handler: Handlers, tell: () => void) {
    super(handler);
    this.#tell = tell;
  }

  override onHeaders(statusCode: number, headers: Buffer[], resume: () => void, statusText: string): boolean {
    if (statusCode >= 200 && statusCode < 300) this.#tell();
    return super.onHeaders(statusCode, headers, resume, statusText);
  }

  override onError(err: Error): void {
    this.#tell();
    super.onError(err);
  }
}
