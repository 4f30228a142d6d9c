import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import type Stripe from 'stripe';
import type { StripeTestProvider } from '../../../dev-tools/stripe-test-provider/index.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { connectCouch, setupDatabases, type Couch } from '../couch/couch.ts';
import type { Deps } from '../deps.ts';
import { startLocalPayments, webhookUrlOf, createStripeClient } from '../services/payments/index.ts';
import { createServer } from '../server.ts';
import { createMailer, type MailOutbox } from '../services/mail/index.ts';
import { readOutbox, type OutboxMail } from './outbox.ts';
import { createLogger } from '../logging/logger.ts';
import { startTestCouch, type TestCouch } from './test-couch.ts';

export interface TestStack {
  /** The embedded server, or a fresh Apache CouchDB node when the environment asks for one (`test-couch.ts`). */
  couchServer: TestCouch;
  couch: Couch;
  dataDir: string;
  /** The configuration every instance starts from (its signing key signs the stack's passes). */
  config: ServerConfig;
  /** A controllable clock shared by every instance of this stack. */
  clock: { now: Date; advance(ms: number): void };
  /**
   * Starts another Hapi instance on the same CouchDB (stateless scale-out tests). A `couchUrl`
   * override points only the sync gateway's proxy elsewhere, unless `everything` sends nano's calls there too.
   */
  startInstance(overrides?: Partial<ServerConfig>, couchFor?: 'gateway' | 'everything'): Promise<Server>;
  server: Server;
  /**
   * The local test payment provider of this stack, delivering webhooks to `server` (which, unlike
   * further instances, listens on a loopback port for that).
   */
  provider: StripeTestProvider;
  /** The SDK pointed at the provider, as the servers use it (to read sessions back, pay, refund). */
  stripe: Stripe;
  /** What the servers logged at warn level and above, oldest first (pino records). */
  logs(): Array<{ level: number; msg: string; err?: { message: string } }>;
  /**
   * Mails delivered so far, oldest first, once every instance's outbox has delivered what was due
   * (with `smtpUrl` the files stay empty and this only waits: read the SMTP inbox then).
   */
  outbox(): Promise<OutboxMail[]>;
  /** Runs a delivery round of the mail outbox on the first instance now (what its timer would do). */
  deliverMail(): Promise<number>;
  /** What an instance (the first unless told) was built with, for running its background jobs by hand. */
  depsOf(server?: Server): Deps;
  stop(): Promise<void>;
}

/**
 * Per-client budgets past anything a suite sends. For the suites that call as one client hundreds of
 * times a second by design (the access matrix, the route fuzzer): they prove access and input
 * handling, and on a fast machine the real budgets would answer them 429 instead. The budgets
 * themselves are proven on the production defaults in `security/abuse-read-floods.integration.test.ts`.
 */
export const UNLIMITED_CLIENT_BUDGETS: Pick<ServerConfig, 'clientBudgets'> = {
  clientBudgets: {
    perAddress: { burst: 1_000_000_000, perSecond: 1_000_000_000 },
    perAccount: { burst: 1_000_000_000, perSecond: 1_000_000_000 },
  },
};

/**
 * The real parts on loopback: CouchDB (the in-memory embedded server, or Apache CouchDB: `test-couch.ts`), databases and indexes, the
 * local test payment provider, and a Hapi server using the development mail outbox in a temporary
 * DATA_DIR.
 */
export async function startTestStack(overrides: Partial<ServerConfig> = {}): Promise<TestStack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-test-'));
  const couchServer = await startTestCouch();
  const couch = connectCouch(couchServer.url);
  await setupDatabases(couch);
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const loaded: ServerConfig = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      NODE_ENV: 'test',
      STRIPE_TEST_PROVIDER_PORT: '0',
    } as NodeJS.ProcessEnv),
    couchUrl: couchServer.url,
    // Tests move the clock by days: a sweep at a random moment would make them flaky. They sweep explicitly.
    sweepIntervalMs: 0,
    reminderIntervalMs: 0,
    ...overrides,
  };
  // Quick retries: a test that refuses a delivery should not wait seconds for the next attempt.
  const payments = await startLocalPayments(loaded, { webhookRetryDelaysMs: [50, 250] });
  if (!payments) throw new Error('Test stacks run against the local test payment provider, not Stripe.');
  const baseConfig = payments.config;
  const stripe = createStripeClient(baseConfig.stripe);
  const servers: Server[] = [];
  const mailers: MailOutbox[] = [];
  const depsByServer = new Map<Server, Deps>();
  const logs: Array<{ level: number; msg: string; err?: { message: string } }> = [];
  const logger = createLogger({
    production: false,
    level: 'warn',
    destination: { write: (line: string) => void logs.push(JSON.parse(line)) },
  });
  const startInstance = async (more: Partial<ServerConfig> = {}, couchFor: 'gateway' | 'everything' = 'gateway') => {
    const config = { ...baseConfig, ...more };
    const instanceCouch =
      more.couchUrl && couchFor === 'everything' ? connectCouch(more.couchUrl, config.couchTimeoutMs) : couch;
    const deps: Deps = {
      config,
      couch: instanceCouch,
      logger,
      mailer: createMailer({
        couch: instanceCouch,
        logger,
        from: config.mailFrom,
        // `startTestStack({ smtpUrl: inbox.url })` delivers to a real SMTP server on loopback (smtp-inbox.ts).
        smtpUrl: config.smtpUrl,
        outboxDir: config.outboxDir,
        log: () => {},
        now: () => clock.now,
      }),
      stripe,
      now: () => clock.now,
    };
    const server = await createServer(deps);
    await server.initialize();
    servers.push(server);
    mailers.push(deps.mailer);
    depsByServer.set(server, deps);
    return server;
  };
  const server = await startInstance();
  await server.start();
  payments.provider.setWebhookUrl(webhookUrlOf(server));
  return {
    couchServer,
    couch,
    dataDir,
    config: baseConfig,
    clock,
    startInstance,
    server,
    provider: payments.provider,
    stripe,
    logs: () => [...logs],
    depsOf: (of = server) => depsByServer.get(of)!,
    deliverMail: () => mailers[0].deliverDue(),
    async outbox() {
      await Promise.all(mailers.map((mailer) => mailer.idle()));
      return readOutbox(path.join(dataDir, 'outbox'));
    },
    async stop() {
      await payments.provider.stop();
      for (const s of servers) await s.stop();
      await couchServer.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
