import type { Server } from '@hapi/hapi';
import type { ServerConfig } from '../config.ts';
import { connectCouch, setupDatabases, waitForCouch } from '../couch/couch.ts';
import { startEmbeddedCouch, type EmbeddedCouch } from '../couch/embedded-couch.ts';
import type { StripeTestProvider } from '../../../dev-tools/stripe-test-provider/index.ts';
import type { Deps } from '../deps.ts';
import { createLogger } from '../logging/logger.ts';
import { onboardDemoPayees, startLocalPayments, webhookUrlOf } from '../services/payments/local-test-provider.ts';
import { createStripeClient } from '../services/payments/stripe-client.ts';
import { seedDemoData, type SeedResult } from '../seed/seed-demo.ts';
import { createServer } from '../server.ts';
import { createMailer } from '../services/mail/mailer.ts';
import { finishInterruptedDeletions } from '../services/accounts/delete-account-service.ts';
import { StartupError } from './process-lifecycle.ts';

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

function explainPortInUse(err: unknown, port: number, hint: string): unknown {
  return (err as NodeJS.ErrnoException)?.code === 'EADDRINUSE'
    ? new StartupError(`Port ${port} is already in use: ${hint}`)
    : err;
}

/**
 * What both `npm start` and `npm run dev` run: CouchDB (the embedded one on 127.0.0.1 unless
 * COUCHDB_URL is set), its databases and indexes, the demo data, then the Hapi server.
 */
export async function startBackend(config: ServerConfig): Promise<Backend> {
  let embeddedCouch: EmbeddedCouch | undefined;
  let paymentsProvider: StripeTestProvider | undefined;
  const stopServices = async () => {
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
    await waitForCouch(couch);
    await setupDatabases(couch);
    // Demo accounts share a published password: never in production.
    const seeded = config.production ? null : await seedDemoData(couch, new Date(), config.passSigningKey);
    // No Stripe keys: the local test provider stands in (design/payments.md "Running it").
    const payments = await startLocalPayments(config).catch((err) => {
      throw explainPortInUse(
        err,
        config.stripe.testProviderPort,
        'set STRIPE_TEST_PROVIDER_PORT to a free port, or the Stripe keys.',
      );
    });
    paymentsProvider = payments?.provider;
    const serverConfig = { ...(payments?.config ?? config), couchUrl };
    const logger = createLogger({ production: config.production, level: config.logLevel });
    const deps: Deps = {
      config: serverConfig,
      couch,
      logger,
      mailer: createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: config.outboxDir,
        log: (line) => logger.info(line),
      }),
      stripe: createStripeClient(serverConfig.stripe),
      now: () => new Date(),
    };
    const server = await createServer(deps);
    await server.start().catch((err) => {
      throw explainPortInUse(err, config.port, 'set PORT to a free port.');
    });
    if (paymentsProvider) {
      paymentsProvider.setWebhookUrl(webhookUrlOf(server));
      if (seeded) await onboardDemoPayees(deps);
    }
    // Account deletions a server died in the middle of, and nobody called again (design/decisions.md).
    void finishInterruptedDeletions(deps).catch((err: unknown) =>
      logger.error({ err }, 'account deletion: could not look for interrupted deletions'),
    );
    return {
      server,
      embeddedCouch,
      seeded,
      paymentsProvider,
      async stop() {
        await server.stop({ timeout: 5_000 });
        await stopServices();
      },
    };
  } catch (err) {
    await stopServices();
    throw err;
  }
}
