import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { StripeTestProvider } from '../../../dev-tools/stripe-test-provider/index.ts';
import { backOff, retryWhileCouchUnavailable } from '../cli/startup-retry.ts';
import type { ServerConfig } from '../config.ts';
import { connectCouch, setupDatabases, type Couch } from '../couch/couch.ts';
import type { Deps } from '../deps.ts';
import { createLogger } from '../logging/logger.ts';
import { seedDemoData, type SeedResult } from '../seed/seed-demo.ts';
import { onboardDemoPayees, startLocalPayments, createStripeClient } from '../services/payments/index.ts';
import { createMailer } from '../services/mail/index.ts';
import { freePort, startCouchCluster, type CouchCluster } from './couch-cluster.ts';
import { DEFAULT_BALANCER_TIMINGS, type BalancerTimings } from './haproxy-config.ts';
import { startHaproxy, type RunningBalancer } from './haproxy-process.ts';
import { startInstanceProcess, type InstanceProcess } from './instance-process.ts';

export interface ClusterStackOptions {
  /** Secrets, data dir, public port and host, payments, log level: as `npm start` loads them. */
  config: ServerConfig;
  /** The environment the instances inherit (their own settings are added to it). */
  env: NodeJS.ProcessEnv;
  release: string;
  scripts: string;
  /** Where the nodes keep their data; a cluster already there is started again with it. */
  couchDir: string;
  /** Hapi instances behind the balancer (2 or more for failover). */
  instances: number;
  /** Adds the demo data and onboards the demo payees once, before the stack is reported up. */
  seed: boolean;
  /** Health-check interval and timeouts of the balancer. */
  balancerTimings?: BalancerTimings;
  /** The local provider's pauses between webhook attempts (default 0.5 s, 2 s, 5 s). */
  webhookRetryDelaysMs?: number[];
  /** The CouchDB URL instance `index` (0-based) is given; the balancer's by default (tests put a proxy between). */
  instanceCouchUrl?: (index: number, balancerCouchUrl: string) => string;
  log(line: string): void;
}

export interface ClusterStack {
  /** The balancer's public address: the PWA, /api and /sync. */
  url: string;
  /** The balancer's CouchDB frontend, with the admin's credentials (what the instances are given). */
  couchUrl: string;
  couch: Couch;
  cluster: CouchCluster;
  instances: InstanceProcess[];
  balancer: RunningBalancer;
  /** The one local payment provider of every instance (no Stripe keys set). */
  provider?: StripeTestProvider;
  /** The configuration every instance shares (secrets, payments). */
  config: ServerConfig;
  seeded: SeedResult | null;
  stop(): Promise<void>;
}

/**
 * The production shape on one machine (design/architecture.md "Deploying on a CouchDB cluster"): a
 * three-node Apache CouchDB cluster, stateless Hapi instances each in a process of its own, and one
 * HAProxy with two frontends, the public one over the instances and one over the CouchDB nodes that
 * the instances are pointed at (so a node can die). What instances must share is made once here and
 * handed to each: the secrets (in `config`), the databases and demo data, one local payment provider
 * whose webhooks go to the balancer, and DATA_DIR (the mail outbox).
 */
export async function startClusterStack(options: ClusterStackOptions): Promise<ClusterStack> {
  const { config, log } = options;
  const timings = options.balancerTimings ?? DEFAULT_BALANCER_TIMINGS;
  let cluster: CouchCluster | undefined;
  let balancer: RunningBalancer | undefined;
  let provider: StripeTestProvider | undefined;
  const instances: InstanceProcess[] = [];
  // Instances first (Hapi finishes what it serves, its CouchDB still there), then the provider, the
  // balancer, CouchDB.
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await provider?.stop();
    await balancer?.stop();
    await cluster?.stop();
  };
  try {
    mkdirSync(options.couchDir, { recursive: true });
    cluster = await startCouchCluster({
      release: options.release,
      scripts: options.scripts,
      dir: options.couchDir,
      keepData: true,
      adminPassword: config.embeddedCouchPassword,
    });
    log(`CouchDB: ${cluster.nodes.map((n) => `${n.name} on ${n.port}`).join(', ')}`);
    const couchPort = await freePort();
    const instancePorts: number[] = [];
    for (let i = 0; i < options.instances; i += 1) instancePorts.push(await freePort());
    balancer = await startHaproxy(
      [
        {
          name: 'hapi',
          bind: { host: config.host, port: config.port },
          servers: instancePorts.map((port, i) => ({ name: `hapi-${i + 1}`, host: '127.0.0.1', port })),
          healthPath: '/api/health',
          forwardFor: true,
        },
        {
          name: 'couchdb',
          bind: { host: '127.0.0.1', port: couchPort },
          servers: cluster.nodes.map((node) => ({ name: node.name, host: '127.0.0.1', port: node.port })),
          healthPath: '/_up',
        },
      ],
      timings,
    );
    const { user, password } = cluster.admin;
    const couchUrl = `http://${user}:${encodeURIComponent(password)}@127.0.0.1:${couchPort}`;
    const url = `http://${['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host}:${config.port}`;
    const couch = connectCouch(couchUrl, config.couchTimeoutMs);

    // One provider for all instances, its webhooks sent through the balancer as Stripe's are.
    const payments = await startLocalPayments(config, { webhookRetryDelaysMs: options.webhookRetryDelaysMs });
    provider = payments?.provider;
    provider?.setWebhookUrl(`${url}/api/stripe/webhook`);
    const shared = payments?.config ?? config;
    const logger = createLogger({ production: config.production, level: config.logLevel });
    const seeded = await retryWhileCouchUnavailable(
      'databases, indexes and demo data',
      async () => {
        await setupDatabases(couch);
        return options.seed ? await seedDemoData(couch, new Date(), config.passSigningKey) : null;
      },
      logger,
      backOff,
    );

    log(`Starting ${instancePorts.length} Hapi instances behind HAProxy on ${url}…`);
    await Promise.all(
      instancePorts.map(async (port, i) => {
        const env = instanceEnv(options.env, shared, options.instanceCouchUrl?.(i, couchUrl) ?? couchUrl, url);
        instances[i] = await startInstanceProcess({ name: `hapi-${i + 1}`, port, env, log });
      }),
    );
    await waitUntilBalanced(url, timings);
    if (provider && seeded) {
      const deps: Deps = {
        config: { ...shared, couchUrl },
        couch,
        logger,
        mailer: createMailer({ couch, logger, from: config.mailFrom, outboxDir: config.outboxDir, log: () => {} }),
        stripe: createStripeClient(shared.stripe),
        now: () => new Date(),
      };
      log('Onboarding the demo gyms and coaches with the local payment provider (webhooks through the balancer)…');
      await retryWhileCouchUnavailable('demo payees', () => onboardDemoPayees(deps), logger, backOff);
    }
    return { url, couchUrl, couch, cluster, instances, balancer, provider, config: shared, seeded, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** What an instance is started with: the parent's environment, and everything it must share with the others. */
function instanceEnv(env: NodeJS.ProcessEnv, config: ServerConfig, couchUrl: string, publicUrl: string) {
  const shared: NodeJS.ProcessEnv = {
    ...env,
    COUCHDB_URL: couchUrl,
    COUCHDB_TIMEOUT_MS: String(config.couchTimeoutMs),
    JWT_ACCESS_SECRET: config.jwtAccessSecret,
    COOKIE_SECRET: config.cookieSecret,
    PASS_SIGNING_KEY: config.passSigningKey,
    // The mail outbox (without SMTP_URL): one directory, whichever instance sends.
    DATA_DIR: config.dataDir,
    PUBLIC_URL: env.PUBLIC_URL ?? publicUrl,
    // HAProxy appends the client's address to X-Forwarded-For: budgets and sign-in limits read it there.
    TRUST_PROXY_HOPS: String(Number(env.TRUST_PROXY_HOPS ?? 0) + 1),
    PWA_DIST_DIR: config.pwaDistDir,
  };
  if (config.stripe.mode === 'local-test') {
    shared.STRIPE_TEST_PROVIDER_URL = config.stripe.apiUrl;
    shared.STRIPE_TEST_PROVIDER_SECRET_KEY = config.stripe.secretKey;
    shared.STRIPE_TEST_PROVIDER_WEBHOOK_SECRET = config.stripe.webhookSecret;
  }
  return shared;
}

/**
 * Resolves once the balancer has every instance in rotation: each is healthy already, and HAProxy puts
 * a server in after two passed checks (`rise 2`), so after three check intervals the public health
 * answers 200 from any of them.
 */
async function waitUntilBalanced(url: string, timings: BalancerTimings, timeoutMs = 30_000): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, timings.checkIntervalMs * 3));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${url}/api/health`)
      .then(async (res) => {
        await res.body?.cancel();
        return res.status === 200;
      })
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`The balancer at ${url} did not put the instances in rotation`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Where `start:cluster` keeps the cluster's nodes under DATA_DIR. */
export const clusterCouchDir = (dataDir: string) => path.join(dataDir, 'couchdb-cluster');
