import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import { REPO_ROOT } from '../../sync-server/src/cli/repo-root.ts';
import { loadConfig } from '../../sync-server/src/config.ts';
import { connectCouch, ensureDatabase, setupDatabases } from '../../sync-server/src/couch/couch.ts';
import { paymentDocId } from '@mastr/rules/doc-ids.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { startTestCouch } from '../../sync-server/src/test-support/test-couch.ts';
import type { Deps } from '../../sync-server/src/deps.ts';
import {
  onboardDemoPayees,
  startLocalPayments,
  webhookUrlOf,
  createStripeClient,
} from '../../sync-server/src/services/payments/index.ts';
import { type PaymentDoc } from '../../sync-server/src/couch/stores/payments-store.ts';
import { DB, tenantDbName } from '../../sync-server/src/couch/databases.ts';
import { seedDemoData } from '../../sync-server/src/seed/seed-demo.ts';
import { createServer } from '../../sync-server/src/server.ts';
import { createMailer } from '../../sync-server/src/services/mail/index.ts';
import { readOutbox, type OutboxMail } from '../../sync-server/src/test-support/outbox.ts';
import { startSmtpInbox, type ReceivedMail } from '../../sync-server/src/test-support/smtp-inbox.ts';
import { createLogger } from '../../sync-server/src/logging/logger.ts';

/** One answer of the Hapi server to an `/api/` call, as it went out (a revalidation answered 304 included). */
interface ApiAnswer {
  method: string;
  path: string;
  status: number;
  /** The request's `If-None-Match`: the tag a browser or the service worker revalidated with. */
  ifNoneMatch: string | undefined;
}

export interface AppServer {
  /** Origin the browser uses, e.g. http://127.0.0.1:41234 (also the PUBLIC_URL of mail links). */
  url: string;
  /** Origin of the local test payment provider (its hosted checkout and onboarding pages). */
  paymentsUrl: string;
  /** Mails sent so far, oldest first (the development outbox; empty when started with `smtp`). */
  outbox(): OutboxMail[];
  /** With `smtp`: what the real SMTP server on loopback received, parsed as a mail client reads it. */
  smtpInbox(): ReceivedMail[];
  /** Every `/api/` call the server has answered so far, oldest first, as sent on the connection. */
  apiAnswers(): ApiAnswer[];
  /** Stops only the Hapi server: the browser's page stays open and sees the app offline. */
  stopHapiOnly(): Promise<void>;
  /** Serves again on the same origin after stopHapiOnly (service worker and storage stay valid). */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Every document of a tenant database (`mastr_{kind}_{id}`) as CouchDB holds it, read straight
   * from the embedded CouchDB (which keeps running while Hapi is stopped).
   */
  tenantDocs<T extends { _id: string }>(kind: TenantKind, id: string): Promise<T[]>;
  /**
   * Writes a new document into a tenant database as a test fixture, for data no page writes yet
   * (e.g. a new gym's timetable before the schedule tools exist).
   */
  putTenantDoc(kind: TenantKind, id: string, doc: { _id: string }): Promise<void>;
  /** The server's record of a payment (`payment:{id}`, refunds included), or null before the webhook lands. */
  paymentRecord(paymentId: string): Promise<PaymentDoc | null>;
  /** A refund as the payment provider holds it: what was actually given back. */
  providerRefund(refundId: string): Promise<{ amount: number; status: string | null; payment_intent: unknown }>;
}

/** A port free right now on loopback; the server must keep it across restarts so the origin stays the same. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The whole app as `npm start` runs it — built PWA, Hapi, demo data, the local test payment provider
 * with the demo gyms onboarded — on loopback ports, with the tests' CouchDB (test-couch.ts) and a temporary
 * DATA_DIR (mail outbox included), and the real clock.
 */
export async function startAppServer(options: { smtp?: boolean } = {}): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-e2e-'));
  // With `smtp`, mail goes through nodemailer to a real SMTP server on loopback, as in production.
  const inbox = options.smtp ? await startSmtpInbox() : null;
  // The embedded server, or a fresh Apache CouchDB node with MASTR_TEST_COUCHDB_RELEASE (decisions.md 72).
  const couchServer = await startTestCouch();
  const couch = connectCouch(couchServer.url);
  await setupDatabases(couch);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: url,
    NODE_ENV: 'test',
    STRIPE_TEST_PROVIDER_PORT: '0',
    // Reminders go out by the real clock from 18:00: a test must not find tomorrow's demo bookings' reminders among its mails.
    REMINDER_INTERVAL_MS: '0',
    ...(inbox ? { SMTP_URL: inbox.url } : {}),
  } as NodeJS.ProcessEnv;
  const loaded = { ...loadConfig(env, REPO_ROOT), couchUrl: couchServer.url };
  await seedDemoData(couch, new Date(), loaded.passSigningKey);
  // The provider outlives Hapi restarts, like Stripe would.
  const payments = await startLocalPayments(loaded, { webhookRetryDelaysMs: [100, 500, 1_000] });
  if (!payments) throw new Error('Browser tests run against the local test payment provider.');
  const { config } = payments;
  const deps: Deps = {
    config,
    couch,
    logger: createLogger({ production: false }),
    mailer: createMailer({
      couch,
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      log: () => {},
    }),
    stripe: createStripeClient(config.stripe),
    now: () => new Date(),
  };

  const apiAnswers: ApiAnswer[] = [];
  const startHapi = async () => {
    const server = await createServer(deps);
    // Read on the connection, as the browser gets it: a kept profile is answered before Hapi's
    // lifecycle (the ready-answer lane, decision 173), which Hapi's own events never see.
    server.listener.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const path = new URL(request.url ?? '/', url).pathname;
      if (!path.startsWith('/api/')) return;
      const tag = request.headers['if-none-match'];
      response.on('finish', () =>
        apiAnswers.push({ method: request.method ?? '', path, status: response.statusCode, ifNoneMatch: tag }),
      );
    });
    await server.start();
    return server;
  };
  let server: Server | null = await startHapi();
  payments.provider.setWebhookUrl(webhookUrlOf(server));
  await onboardDemoPayees(deps);

  const stopHapiOnly = async () => {
    await server?.stop({ timeout: 1_000 });
    server = null;
  };
  return {
    url,
    paymentsUrl: payments.provider.url,
    outbox: () => readOutbox(config.outboxDir),
    smtpInbox: () => {
      if (!inbox) throw new Error('Start the app server with { smtp: true } to read its SMTP inbox.');
      return inbox.received;
    },
    apiAnswers: () => [...apiAnswers],
    stopHapiOnly,
    async restart() {
      await stopHapiOnly();
      server = await startHapi();
    },
    async tenantDocs<T extends { _id: string }>(kind: TenantKind, id: string) {
      const { rows } = await couch.use<T>(tenantDbName(kind, id)).list({ include_docs: true });
      return rows.flatMap((row) => (row.doc ? [row.doc as T] : []));
    },
    async putTenantDoc(kind: TenantKind, id: string, doc: { _id: string }) {
      // Tenant databases are created on first use; a new account may have none yet.
      await ensureDatabase(couch, tenantDbName(kind, id));
      await couch.use(tenantDbName(kind, id)).insert(doc);
    },
    async paymentRecord(paymentId: string) {
      const found = await couch
        .use<PaymentDoc>(DB.payments)
        .get(paymentDocId(paymentId))
        .catch((err: { statusCode?: number }) => {
          if (err.statusCode === 404) return null;
          throw err;
        });
      return found;
    },
    providerRefund: (refundId: string) => deps.stripe.refunds.retrieve(refundId),
    async stop() {
      await stopHapiOnly();
      await inbox?.stop();
      await payments.provider.stop();
      await couchServer.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
