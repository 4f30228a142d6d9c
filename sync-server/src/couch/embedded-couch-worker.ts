import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { createEmbeddedCouchApp } from './embedded-couch-app.ts';

/** What the main thread gives the worker (embedded-couch.ts). */
export interface EmbeddedCouchWorkerData {
  port: number;
  dataDir?: string;
  adminPassword: string;
}

/** Messages the worker sends. */
export type EmbeddedCouchWorkerMessage =
  { type: 'listening'; port: number } | { type: 'listen-failed'; code?: string; message: string } | { type: 'closed' };

/**
 * The embedded CouchDB-compatible server's thread: the HTTP server on 127.0.0.1 and everything
 * behind it. Whatever escapes in here (an error event nobody listens to, a rejected promise) ends
 * this thread only; the main thread starts another (embedded-couch.ts).
 */
const settings = workerData as EmbeddedCouchWorkerData;
const port = parentPort!;
const post = (message: EmbeddedCouchWorkerMessage) => port.postMessage(message);

const server = createServer(
  createEmbeddedCouchApp({ dataDir: settings.dataDir, adminPassword: settings.adminPassword }),
);
// Idle connections are closed by the client (undici, after 4 s), never from this side: a client whose
// event loop was busy past this server's close would reuse a socket closed under it, and the call
// would fail ('other side closed', found by the route fuzzer after a long synchronous stretch).
server.keepAliveTimeout = 120_000;
server.once('error', (err: NodeJS.ErrnoException) =>
  post({ type: 'listen-failed', code: err.code, message: err.message }),
);
server.listen(settings.port, '127.0.0.1', () =>
  post({ type: 'listening', port: (server.address() as AddressInfo).port }),
);

port.on('message', (message: { type: 'close' } | { type: 'crash' }) => {
  if (message.type === 'close') {
    server.closeAllConnections();
    server.close(() => post({ type: 'closed' }));
  } else if (message.type === 'crash') {
    // Only the main thread can ask for this (tests of the restart); nothing over HTTP reaches it.
    setImmediate(() => {
      throw new Error('Crash asked for by the main thread.');
    });
  }
});
