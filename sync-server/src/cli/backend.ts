import type { Server } from '@hapi/hapi';
import type { ServerConfig } from '../config.ts';
import { connectCouch, setupDatabases } from '../couch/couch.ts';
import { startEmbeddedCouch, type EmbeddedCouch } from '../couch/embedded-couch.ts';
import type { StripeTestProvider } from '../../../dev-tools/stripe-test-provider/index.ts';
import type { Deps, StartupState } from '../deps.ts';
import { createLogger } from '../logging/logger.ts';
import { onboardDemoPayees, startLocalPayments, webhookUrlOf, createStripeClient } from '../services/payments/index.ts';
import { seedDemoData, type SeedResult } from '../seed/seed-demo.ts';
import { createServer } from '../server.ts';
import { createMailer } from '../services/mail/index.ts';
import { finishInterruptedDeletions } from '../services/account-lifecycle/index.ts';
import { StartupError } from './process-lifecycle.ts';
import { backOff, retryWhileCouchUnavailable } from './startup-retry.ts';

export interface Backend {
  server: Server;
  /** The embedded CouchDB, when COUCHDB_URL was not given. */
  embeddedCouch?: EmbeddedCouch;
  /** What the demo seed added on this start; null in production, which is never seeded. */
  seeded: SeedResult | null;
  /** The local test payment provider, when no Stripe keys are set. */
  paymentsProvider?: StripeTestProvider;
  /** Stops Hapi first (no request may reach a stopped CouchDB), then the embedded CouchDB. */
  stop(): Promise<void>;
}

export interface BackendOptions {
  /** Waits before a start-up step is tried again after CouchDB did not answer (try 1, 2, …): `backOff` unless given. */
  pauseBeforeRetry?: (attempt: number) => Promise<void>;
  /**
   * Adds the demo data (and onboards the demo payees) unless in production, the default. False: one
   * other process does it for every instance (`npm run start:cluster`).
   */
  seed?: boolean;
  /**
   * The local test payment provider another process runs for every instance (`npm run start:cluster`:
   * one provider, its webhooks sent to the balancer), used instead of starting one of this instance's own.
   */
  sharedPayments?: SharedPayments;
}

export interface SharedPayments {
  /** The provider's API origin. */
  url: string;
  secretKey: string;
  webhookSecret: string;
}

/** The configuration pointed at a provider another process runs (`config.stripe` in local-test mode). */
function withSharedPayments(config: ServerConfig, shared: SharedPayments): ServerConfig {
  if (config.stripe.mode !== 'local-test')
    throw new Error('A shared test payment provider is for local-test mode only.');
  const { url, secretKey, webhookSecret } = shared;
  return { ...config, stripe: { ...config.stripe, secretKey, webhookSecret, apiUrl: url } };
}

function explainPortInUse(err: unknown, port: number, hint: string): unknown {
  return (err as NodeJS.ErrnoException)?.code === 'EADDRINUSE'
    ? new StartupError(`Port ${port} is already in use: ${hint}`)
    : err;
}

/**
 * What both `npm start` and `npm run dev` run: CouchDB (the embedded one on 127.0.0.1 unless
 * COUCHDB_URL is set), the Hapi server, then, while it already answers (health 503 `starting`, API
 * and sync calls 503), the databases, indexes and demo data, then what needs the server listening
 * (the demo payees' onboarding, reported by webhook). Health answers 200 only after all of it. A
 * CouchDB that does not answer during start-up is waited for, with a log line per try
 * (startup-retry.ts), rather than ending the process; the promise resolves once start-up is done.
 */
export async function startBackend(config: ServerConfig, options: BackendOptions = {}): Promise<Backend> {
  const pause = options.pauseBeforeRetry ?? backOff;
  let embeddedCouch: EmbeddedCouch | undefined;
  let paymentsProvider: StripeTestProvider | undefined;
  let server: Server | undefined;
  const stopServices = async () => {
    await server?.stop({ timeout: 5_000 });
    await paymentsProvider?.stop();
    await embeddedCouch?.close();
  };
  if (!config.couchUrl) {
    embeddedCouch = await startEmbeddedCouch({
      port: config.couchPort,
      dataDir: config.dataDir,
      adminPassword: config.embeddedCouchPassword,
      onRestart: (reason) => console.error('The embedded CouchDB stopped and is being started again:', reason),
    }).catch((err) => {
      throw explainPortInUse(
        err,
        config.couchPort,
        'set COUCHDB_PORT to a free port, or COUCHDB_URL to use a running CouchDB.',
      );
    });
  }
  try {
    // The embedded server's URL carries its admin password: nano and the gateway send it as Basic auth.
    const couchUrl = config.couchUrl ?? embeddedCouch!.url;
    const couch = connectCouch(couchUrl, config.couchTimeoutMs);
    // No Stripe keys: the local test provider stands in (design/payments.md "Running it").
    const payments = options.sharedPayments
      ? { provider: undefined, config: withSharedPayments(config, options.sharedPayments) }
      : await startLocalPayments(config).catch((err) => {
          throw explainPortInUse(
            err,
            config.stripe.testProviderPort,
            'set STRIPE_TEST_PROVIDER_PORT to a free port, or the Stripe keys.',
          );
        });
    paymentsProvider = payments?.provider;
    const serverConfig = { ...(payments?.config ?? config), couchUrl };
    const seed = options.seed ?? !config.production;
    const logger = createLogger({ production: config.production, level: config.logLevel });
    const startup: StartupState = { phase: 'preparing' };
    const deps: Deps = {
      config: serverConfig,
      couch,
      logger,
      mailer: createMailer({
        couch,
        logger,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: config.outboxDir,
        log: (line) => logger.info(line),
      }),
      stripe: createStripeClient(serverConfig.stripe),
      startup,
      now: () => new Date(),
    };
    const created = await createServer(deps);
    await created.start().catch((err) => {
      throw explainPortInUse(err, config.port, 'set PORT to a free port.');
    });
    server = created;
    const seeded = await retryWhileCouchUnavailable(
      'databases, indexes and demo data',
      async () => {
        await couch.db.list(); // a refusal (wrong credentials) is thrown at once, not waited out
        await setupDatabases(couch);
        // Demo accounts share a published password: never in production.
        return seed && !config.production ? await seedDemoData(couch, new Date(), config.passSigningKey) : null;
      },
      logger,
      pause,
    );
    startup.phase = 'finishing';
    if (paymentsProvider) {
      paymentsProvider.setWebhookUrl(webhookUrlOf(created));
      if (seeded) await retryWhileCouchUnavailable('demo payees', () => onboardDemoPayees(deps), logger, pause);
    }
    startup.phase = 'ready';
    // Account deletions a server died in the middle of, and nobody called again (design/decisions.md).
    void finishInterruptedDeletions(deps).catch((err: unknown) =>
      logger.error({ err }, 'account deletion: could not look for interrupted deletions'),
    );
    return {
      server: created,
      embeddedCouch,
      seeded,
      paymentsProvider,
      stop: stopServices,
    };
  } catch (err) {
    await stopServices();
    throw err;
  }
}
