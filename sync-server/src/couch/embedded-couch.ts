import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export interface EmbeddedCouchOptions {
  /** Port on 127.0.0.1; 0 picks a free one (tests). */
  port: number;
  /** Directory for the leveldb files; omit to keep everything in memory (tests). */
  dataDir?: string;
}

export interface EmbeddedCouch {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** In-memory servers started by this process: each gets its own namespace. */
let inMemoryServers = 0;

/**
 * A CouchDB-compatible HTTP server (express-pouchdb over PouchDB) for development and tests.
 * It is "admin party" — anyone who reaches it may do anything — so it binds to 127.0.0.1 only and
 * only the Hapi server talks to it. Production points COUCHDB_URL at Apache CouchDB instead.
 */
export async function startEmbeddedCouch(options: EmbeddedCouchOptions): Promise<EmbeddedCouch> {
  const PouchDB = require('pouchdb');
  const express = require('express');
  const expressPouchDB = require('express-pouchdb');

  let Pouch;
  let configPath: string;
  if (options.dataDir) {
    const prefix = path.join(options.dataDir, 'couch') + path.sep;
    mkdirSync(prefix, { recursive: true });
    Pouch = PouchDB.defaults({ prefix });
    configPath = path.join(prefix, 'config.json');
  } else {
    PouchDB.plugin(require('pouchdb-adapter-memory'));
    // The memory adapter keeps databases process-wide by name, its list of databases included: each
    // server gets a namespace of its own, or a test's server would see (and race on) an earlier one's.
    Pouch = PouchDB.defaults({ adapter: 'memory', prefix: `mem${(inMemoryServers += 1)}-` });
    configPath = path.join(require('node:os').tmpdir(), `mastr-couch-${process.pid}-${Date.now()}.json`);
  }

  const app = express();
  // Full CouchDB mode (the "minimumForPouchDB" mode breaks _find); config and log stay out of the cwd.
  // Without gzip and per-request log lines, as Apache CouchDB answers: only the Hapi server calls
  // it, over loopback, and it decompressed every answer it had just compressed (the gateway
  // compresses for devices itself); the Hapi server logs requests.
  app.use(
    '/',
    expressPouchDB(Pouch, {
      configPath,
      logPath: configPath.replace(/config\.json$|\.json$/, '.log'),
      inMemoryConfig: !options.dataDir,
      overrideMode: { exclude: ['compression', 'routes/http-log'] },
    }),
  );

  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
