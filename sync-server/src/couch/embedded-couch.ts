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
    Pouch = PouchDB.defaults({ adapter: 'memory' });
    configPath = path.join(require('node:os').tmpdir(), `mastr-couch-${process.pid}-${Date.now()}.json`);
  }

  const app = express();
  // Full CouchDB mode (the "minimumForPouchDB" mode breaks _find); config and log stay out of the cwd.
  app.use(
    '/',
    expressPouchDB(Pouch, {
      configPath,
      logPath: configPath.replace(/config\.json$|\.json$/, '.log'),
      inMemoryConfig: !options.dataDir,
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
