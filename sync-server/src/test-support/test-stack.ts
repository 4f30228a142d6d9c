import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import { loadConfig, type ServerConfig } from '../config.ts';
import { connectCouch, setupDatabases, type Couch } from '../couch/couch.ts';
import { startEmbeddedCouch, type EmbeddedCouch } from '../couch/embedded-couch.ts';
import type { Deps } from '../deps.ts';
import { createServer } from '../server.ts';
import { createMailer } from '../services/mailer.ts';
import { readOutbox, type OutboxMail } from './outbox.ts';

export interface TestStack {
  couchServer: EmbeddedCouch;
  couch: Couch;
  dataDir: string;
  /** The configuration every instance starts from (its signing key signs the stack's passes). */
  config: ServerConfig;
  /** A controllable clock shared by every instance of this stack. */
  clock: { now: Date; advance(ms: number): void };
  /** Starts another Hapi instance on the same CouchDB (stateless scale-out tests). */
  startInstance(overrides?: Partial<ServerConfig>): Promise<Server>;
  server: Server;
  /** Mails the outbox received so far, oldest first. */
  outbox(): OutboxMail[];
  stop(): Promise<void>;
}

/**
 * The real parts on loopback: an in-memory CouchDB-compatible server, databases and indexes,
 * and a Hapi server using the development mail outbox in a temporary DATA_DIR.
 */
export async function startTestStack(overrides: Partial<ServerConfig> = {}): Promise<TestStack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-test-'));
  const couchServer = await startEmbeddedCouch({ port: 0 });
  const couch = connectCouch(couchServer.url);
  await setupDatabases(couch);
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const baseConfig: ServerConfig = {
    ...loadConfig({ DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test' } as NodeJS.ProcessEnv),
    couchUrl: couchServer.url,
    ...overrides,
  };
  const servers: Server[] = [];
  const startInstance = async (more: Partial<ServerConfig> = {}) => {
    const config = { ...baseConfig, ...more };
    const deps: Deps = {
      config,
      couch,
      mailer: createMailer({ from: config.mailFrom, outboxDir: config.outboxDir, log: () => {} }),
      now: () => clock.now,
    };
    const server = await createServer(deps);
    await server.initialize();
    servers.push(server);
    return server;
  };
  const server = await startInstance();
  return {
    couchServer,
    couch,
    dataDir,
    config: baseConfig,
    clock,
    startInstance,
    server,
    outbox: () => readOutbox(path.join(dataDir, 'outbox')),
    async stop() {
      for (const s of servers) await s.stop();
      await couchServer.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
