/**
 * The real server side on loopback, as `npm start` runs it: a CouchDB (bench-couch.ts: the embedded
 * CouchDB-compatible server with leveldb in a temporary directory by default, or Apache CouchDB by
 * BENCH_DATABASE), its databases, and the Hapi server listening on 127.0.0.1 with the sync gateway. With
 * BENCH_COUCH_TIMING=1 the server's services (not the gateway's pass-through of the devices'
 * own calls) reach CouchDB through a timing proxy (couch-timing.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import { loadConfig, type ServerConfig } from '../../sync-server/src/config.ts';
import { connectCouch, setupDatabases, type Couch } from '../../sync-server/src/couch/couch.ts';
import type { Deps } from '../../sync-server/src/deps.ts';
import { createStripeClient } from '../../sync-server/src/services/payments/index.ts';
import { createServer } from '../../sync-server/src/server.ts';
import { mintAccessToken } from '../../sync-server/src/test-support/access-fixtures.ts';
import { createMailer } from '../../sync-server/src/services/mail/index.ts';
import { startBenchCouch, type BenchDatabase } from './bench-couch.ts';
import { startCouchTiming, type CouchTiming } from './couch-timing.ts';
import { createLogger } from '../../sync-server/src/logging/logger.ts';

export interface BenchStack {
  /** The server's CouchDB client (straight to CouchDB, never through the timing proxy). */
  couch: Couch;
  config: ServerConfig;
  /** What the server runs with (for a bench that calls a service straight). */
  deps: Deps;
  server: Server;
  /** Origin of the Hapi server, e.g. http://127.0.0.1:40123. */
  origin: string;
  database: BenchDatabase;
  timing: CouchTiming | null;
  /** A Bearer access token of a gym account whose profile id is `gymId` (account and session created if missing). */
  gymToken(gymId: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Every bench client calls from 127.0.0.1, and these benches measure what the instance carries, not
 * what one client may ask (issue 22: bench/read-flood.bench.ts measures that, on the real budgets).
 * So the per-client budgets are set past any bench's load; the in-flight cap stays as configured.
 */
export const LIFTED_CLIENT_BUDGETS = {
  ADDRESS_BUDGET_BURST: '1000000000',
  ADDRESS_BUDGET_PER_SECOND: '1000000000',
  ACCOUNT_BUDGET_BURST: '1000000000',
  ACCOUNT_BUDGET_PER_SECOND: '1000000000',
};

/** `overrides` change the server's configuration (e.g. trusting one proxy hop, to sign in from many addresses). */
export async function startBenchStack(overrides: Partial<ServerConfig> = {}): Promise<BenchStack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-bench-'));
  const couchServer = await startBenchCouch(dataDir);
  const timing = process.env.BENCH_COUCH_TIMING === '1' ? await startCouchTiming(couchServer.url) : null;
  const couch = connectCouch(couchServer.url);
  await setupDatabases(couch);
  const config: ServerConfig = {
    ...loadConfig({ DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test', ...LIFTED_CLIENT_BUDGETS } as NodeJS.ProcessEnv),
    host: '127.0.0.1',
    couchUrl: couchServer.url,
    ...overrides,
  };
  const deps: Deps = {
    config,
    couch: timing ? connectCouch(timing.url) : couch,
    logger: createLogger({ production: false }),
    mailer: createMailer({ couch, from: config.mailFrom, outboxDir: config.outboxDir, log: () => {} }),
    // Never called here: no bench touches payments.
    stripe: createStripeClient(config.stripe),
    now: () => new Date(),
  };
  const server = await createServer(deps);
  await server.start();
  return {
    couch,
    config,
    deps,
    server,
    origin: server.info.uri,
    database: couchServer.database,
    timing,
    gymToken: (gymId) => mintAccessToken({ couch, config }, 'gym', gymId),
    async stop() {
      await server.stop();
      await timing?.close();
      await couchServer.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
