import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EMBEDDED_COUCH_USER } from './embedded-couch-app.ts';
import type { EmbeddedCouchWorkerData, EmbeddedCouchWorkerMessage } from './embedded-couch-worker.ts';

const require = createRequire(import.meta.url);

export interface EmbeddedCouchOptions {
  /** Port on 127.0.0.1; 0 picks a free one (tests). */
  port: number;
  /** Directory for the leveldb files; omit to keep everything in memory (tests). */
  dataDir?: string;
  /** Password of the server's one user (`admin`); omit for a random one (tests, benches). */
  adminPassword?: string;
  /** Told when the server's thread died (with why) and is being started again. */
  onRestart?: (reason: unknown) => void;
}

export interface EmbeddedCouch {
  /** With the credentials, for nano and the gateway: `http://admin:…@127.0.0.1:{port}`. Never print it. */
  url: string;
  /** Without credentials, for messages: `http://127.0.0.1:{port}`. */
  origin: string;
  port: number;
  /** Ends the server's thread as an uncaught error in it would (tests of the restart). */
  crashForTest(): void;
  close(): Promise<void>;
}

/**
 * The worker runs TypeScript: tsx's ESM API loads the worker module whether this process runs
 * under tsx (`npm start`) or Vitest. (Resolved here, by tsx's export map: an evaluated worker
 * would resolve a bare name from the working directory.)
 */
function tsxEsmApi(): string {
  const manifest = require.resolve('tsx/package.json');
  const entry = (require(manifest) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']
    .import.default;
  return new URL(entry, pathToFileURL(manifest)).href;
}
const BOOT = `import(${JSON.stringify(tsxEsmApi())}).then(({ tsImport }) =>
  tsImport(${JSON.stringify(new URL('./embedded-couch-worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;

interface Running {
  worker: Worker;
  port: number;
  /** The error that ended the thread, once one did. */
  failure?: unknown;
}

/** Starts the server's thread and waits until it listens (or fails to: EADDRINUSE keeps its code). */
function spawn(data: EmbeddedCouchWorkerData): Promise<Running> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOT, { eval: true, workerData: data, name: 'embedded-couch' });
    const running: Running = { worker, port: data.port };
    // Always listened to: an 'error' event without a listener would throw in this thread.
    worker.on('error', (err) => {
      running.failure = err;
      reject(err);
    });
    worker.once('exit', (code) =>
      reject(new Error(`The embedded CouchDB thread stopped (exit code ${code}) before it listened.`)),
    );
    worker.on('message', (message: EmbeddedCouchWorkerMessage) => {
      if (message.type === 'listening') {
        running.port = message.port;
        resolve(running);
      } else if (message.type === 'listen-failed') {
        reject(Object.assign(new Error(message.message), { code: message.code }));
        void worker.terminate();
      }
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A CouchDB-compatible HTTP server (express-pouchdb over PouchDB) for development and tests, on
 * 127.0.0.1 only, in a worker thread of its own (design/auth.md "The embedded CouchDB"): every
 * request needs the Host 127.0.0.1:{port} or localhost:{port} and the admin password (Basic), writes
 * need JSON bodies, and only the endpoints the server uses answer. Anything that escapes in the
 * thread ends the thread, not the process, and the thread is started again on the same port.
 * Production points COUCHDB_URL at Apache CouchDB instead.
 */
export async function startEmbeddedCouch(options: EmbeddedCouchOptions): Promise<EmbeddedCouch> {
  const adminPassword = options.adminPassword ?? randomBytes(24).toString('base64url');
  let current = await spawn({ port: options.port, dataDir: options.dataDir, adminPassword });
  const { port } = current;
  let closing = false;

  const restartAfter = (running: Running) => {
    running.worker.once('exit', async (code) => {
      if (closing) return;
      options.onRestart?.(running.failure ?? new Error(`The embedded CouchDB thread stopped (exit code ${code}).`));
      for (let attempt = 0; !closing; attempt += 1) {
        try {
          const next = await spawn({ port, dataDir: options.dataDir, adminPassword });
          if (closing) return void (await next.worker.terminate());
          current = next;
          restartAfter(next);
          return;
        } catch (err) {
          options.onRestart?.(err);
          await pause(Math.min(250 * 2 ** attempt, 5_000));
        }
      }
    });
  };
  restartAfter(current);

  const credentials = `${EMBEDDED_COUCH_USER}:${encodeURIComponent(adminPassword)}`;
  return {
    url: `http://${credentials}@127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    port,
    crashForTest: () => current.worker.postMessage({ type: 'crash' }),
    async close() {
      closing = true;
      const { worker } = current;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, 2_000);
        worker.on('message', (message: EmbeddedCouchWorkerMessage) => message.type === 'closed' && done());
        worker.once('exit', done);
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
    },
  };
}
