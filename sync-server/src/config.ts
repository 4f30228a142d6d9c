import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_COUCH_TIMEOUT_MS } from './couch/couch.ts';
import type { Budget } from './load/token-bucket.ts';
import type { FeeSettings } from '@mastr/rules/fees.ts';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
}

/** Which Stripe the server talks to: live or test keys, or the local test provider (no keys set). */
type StripeMode = 'live' | 'test' | 'local-test';

export interface StripeSettings {
  mode: StripeMode;
  secretKey: string;
  /** Verifies the `Stripe-Signature` of webhooks. */
  webhookSecret: string;
  /** Port the local test provider listens on (local-test only; 0 = any free port). */
  testProviderPort: number;
  /** Base URL of the Stripe API when it is not Stripe's own: the local test provider's, once started. */
  apiUrl?: string;
}

/** How many profile images one instance decodes at once and keeps waiting (services/accounts/decode-gate.ts). */
export interface DecodeLimits {
  /** Decodes running at once on this instance. */
  slots: number;
  /** Decodes waiting for a slot; one more is refused. */
  queue: number;
}

/**
 * Half the cores and half of libuv's pool, at least one: on this 2-core box with the default pool,
 * one decode at a time, leaving a core and three pool threads to everyone else.
 */
export function defaultDecodeLimits(
  cores = os.availableParallelism(),
  poolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): DecodeLimits {
  const slots = Math.max(1, Math.min(Math.floor(cores / 2), Math.floor(poolSize / 2)));
  return { slots, queue: 2 * slots + 2 };
}

export interface ServerConfig {
  production: boolean;
  /** LOG_LEVEL (pino's levels); unset: info, and silent under tests. */
  logLevel?: string;
  /** Hapi port (0 = any free port, for tests). */
  port: number;
  host: string;
  /** Full CouchDB URL incl. admin credentials; unset → the embedded server is started by the CLI (never in production). */
  couchUrl?: string;
  couchPort: number;
  /** How long any CouchDB call may wait for progress before the request answers 503 (COUCHDB_TIMEOUT_MS). */
  couchTimeoutMs: number;
  /** Password of the embedded server's `admin` (a development secret under DATA_DIR); set when couchUrl is not. */
  embeddedCouchPassword?: string;
  dataDir: string;
  /** Base URL links in mails point at. */
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Directory of the development mail outbox (used when smtpUrl is unset). */
  outboxDir: string;
  jwtAccessSecret: string;
  /** Lifetime of access tokens in seconds (about 15 minutes). */
  accessTokenTtlSeconds: number;
  /** Lifetime of a refresh session in seconds. */
  refreshTtlSeconds: number;
  google?: GoogleConfig;
  /** Secret sealing @hapi/bell's OAuth state cookie. */
  cookieSecret: string;
  /** Directory of the built PWA served at /. */
  pwaDistDir: string;
  /** Reverse proxies in front of the server whose X-Forwarded-For entry is trusted (0 = none). */
  trustProxyHops: number;
  /** Ed25519 private key signing pass entry tokens: PKCS8 DER in base64, or a JWK (JSON). */
  passSigningKey: string;
  /** Long-polls (`_changes?feed=longpoll`) one account may hold open at once on one server instance (design/sync.md). */
  liveFeedsPerAccount: number;
  /** Profile-image decodes one instance runs at once and keeps waiting (design/security.md "Abuse: image uploads"). */
  imageDecodes: DecodeLimits;
  /** Longest a long-poll is held before it is answered with no changes (passed to CouchDB as `timeout`). */
  longPollTimeoutMs: number;
  /** How often each instance sweeps expired sessions, tokens and counters (SWEEP_INTERVAL_MS; 0 = never). */
  sweepIntervalMs: number;
  /**
   * How often each instance looks for mails due again (a retry after its back-off, or one whose
   * sender died holding it): MAIL_POLL_INTERVAL_MS; 0 = only when a mail is queued.
   */
  mailPollIntervalMs: number;
  /**
   * How often each instance checks whether a reminder run is due (REMINDER_INTERVAL_MS; 0 = never,
   * as in tests, which run it explicitly). The run itself happens once a day across instances.
   */
  reminderIntervalMs: number;
  /**
   * What one client may ask of one instance (design/security.md "Abuse: read floods"): a request with
   * a token draws from its account's budget, any other from its address's; past it, 429.
   */
  clientBudgets: { perAddress: Budget; perAccount: Budget };
  /** API and sync calls at work at once on one instance (long-polls parked not counted); past it, 503 at once. */
  maxInFlightRequests: number;
  stripe: StripeSettings;
  fees: FeeSettings;
}

interface DevSecrets {
  jwtAccessSecret: string;
  cookieSecret: string;
  passSigningKey: string;
  /** The embedded CouchDB-compatible server's admin password. */
  couchAdminPassword: string;
}

/** A new Ed25519 private key in the PASS_SIGNING_KEY form (PKCS8 DER, base64). */
export function generatePassSigningKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
}

/**
 * Development convenience: secrets are generated once and kept under DATA_DIR so sessions survive a
 * restart and every instance sharing the directory agrees. Production must set them explicitly.
 */
function loadOrCreateDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored: Partial<DevSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: DevSecrets = {
    jwtAccessSecret: stored.jwtAccessSecret ?? randomBytes(48).toString('base64url'),
    cookieSecret: stored.cookieSecret ?? randomBytes(48).toString('base64url'),
    // Data directories from before entry tokens existed gain a key on their next start.
    passSigningKey: stored.passSigningKey ?? generatePassSigningKey(),
    couchAdminPassword: stored.couchAdminPassword ?? randomBytes(32).toString('base64url'),
  };
  if (Object.keys(stored).length < Object.keys(secrets).length) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

function numberSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, valid: (n: number) => boolean): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || !valid(value)) throw new Error(`${name} is not a valid value: ${raw}`);
  return value;
}

const isPercent = (n: number) => n >= 0 && n <= 100;
const isPence = (n: number) => Number.isInteger(n) && n >= 0;

const isPositive = (n: number) => n > 0;

/**
 * Production defaults, per instance (a client gets up to N times this behind N instances). A page
 * load of the app makes 3–10 calls at once and a device's first sync a quick run of a few dozen;
 * a front desk polls every few seconds. An address may be a whole gym's wifi or a mobile carrier's
 * NAT, and an account a gym's six front-desk tablets: so a burst of 100 and 20 a second after it,
 * several times what real use reaches and a twentieth of what one instance serves (~270 lists/s).
 */
function loadClientBudgets(env: NodeJS.ProcessEnv): ServerConfig['clientBudgets'] {
  return {
    perAddress: {
      burst: numberSetting(env, 'ADDRESS_BUDGET_BURST', 100, (n) => Number.isInteger(n) && n >= 1),
      perSecond: numberSetting(env, 'ADDRESS_BUDGET_PER_SECOND', 20, isPositive),
    },
    perAccount: {
      burst: numberSetting(env, 'ACCOUNT_BUDGET_BURST', 100, (n) => Number.isInteger(n) && n >= 1),
      perSecond: numberSetting(env, 'ACCOUNT_BUDGET_PER_SECOND', 20, isPositive),
    },
  };
}

function loadFees(env: NodeJS.ProcessEnv): FeeSettings {
  return {
    platformFeePercent: numberSetting(env, 'PLATFORM_FEE_PERCENT', 10, isPercent),
    platformFeeMinPence: numberSetting(env, 'PLATFORM_FEE_MIN_PENCE', 30, isPence),
    gymSpacePercent: numberSetting(env, 'GYM_SPACE_PERCENT', 15, isPercent),
    // Stripe's smallest GBP charge is 30p.
    basicPlanPricePence: numberSetting(env, 'BASIC_PLAN_PRICE_PENCE', 2999, (n) => isPence(n) && n >= 30),
  };
}

/**
 * Stripe keys, both or neither. Without them (development, tests) the CLI starts the local test
 * provider with these generated credentials; production must talk to Stripe.
 */
function loadStripe(env: NodeJS.ProcessEnv, production: boolean): StripeSettings {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  const testProviderPort = numberSetting(
    env,
    'STRIPE_TEST_PROVIDER_PORT',
    12111,
    (n) => Number.isInteger(n) && n >= 0 && n < 65536,
  );
  if (secretKey && webhookSecret) {
    const mode = /^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test';
    return { mode, secretKey, webhookSecret, testProviderPort };
  }
  if (secretKey || webhookSecret) throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither.');
  if (production) throw new Error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set in production.');
  return {
    mode: 'local-test',
    secretKey: `sk_test_local_${randomBytes(18).toString('base64url')}`,
    webhookSecret: `whsec_local_${randomBytes(24).toString('base64url')}`,
    testProviderPort,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, repoRoot = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  if (production && env.MASTR_PASSWORD_HASH_COST === 'test')
    throw new Error('MASTR_PASSWORD_HASH_COST=test is for the test runs only: unset it in production.');
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? 'data');
  let jwtAccessSecret = env.JWT_ACCESS_SECRET;
  let cookieSecret = env.COOKIE_SECRET;
  let passSigningKey = env.PASS_SIGNING_KEY;
  const couchUrl = env.COUCHDB_URL || undefined;
  let embeddedCouchPassword: string | undefined;
  if (!jwtAccessSecret || !cookieSecret || !passSigningKey || !couchUrl) {
    if (production && !couchUrl) {
      throw new Error(
        'COUCHDB_URL must be set in production: the embedded CouchDB-compatible server is for development only.',
      );
    }
    if (production) throw new Error('JWT_ACCESS_SECRET, COOKIE_SECRET and PASS_SIGNING_KEY must be set in production.');
    const dev = loadOrCreateDevSecrets(dataDir);
    jwtAccessSecret ||= dev.jwtAccessSecret;
    cookieSecret ||= dev.cookieSecret;
    passSigningKey ||= dev.passSigningKey;
    if (!couchUrl) embeddedCouchPassword = dev.couchAdminPassword;
  }
  if (jwtAccessSecret.length < 32 || cookieSecret.length < 32) {
    throw new Error('JWT_ACCESS_SECRET and COOKIE_SECRET must be at least 32 characters.');
  }
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : undefined;
  return {
    production,
    logLevel: env.LOG_LEVEL || undefined,
    port,
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    couchUrl,
    couchPort: Number(env.COUCHDB_PORT ?? 5984),
    couchTimeoutMs: numberSetting(
      env,
      'COUCHDB_TIMEOUT_MS',
      DEFAULT_COUCH_TIMEOUT_MS,
      (n) => Number.isInteger(n) && n > 0,
    ),
    embeddedCouchPassword,
    dataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Mastr <no-reply@mastr.uk>',
    outboxDir: path.join(dataDir, 'outbox'),
    jwtAccessSecret,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 15 * 60),
    refreshTtlSeconds: Number(env.REFRESH_TOKEN_TTL_SECONDS ?? 30 * 24 * 3600),
    google,
    cookieSecret,
    pwaDistDir: path.resolve(repoRoot, env.PWA_DIST_DIR ?? 'pwa/dist'),
    trustProxyHops: Number(env.TRUST_PROXY_HOPS ?? 0),
    passSigningKey,
    liveFeedsPerAccount: 6,
    imageDecodes: defaultDecodeLimits(),
    longPollTimeoutMs: 30_000,
    sweepIntervalMs: numberSetting(env, 'SWEEP_INTERVAL_MS', 15 * 60_000, (n) => Number.isInteger(n) && n >= 0),
    mailPollIntervalMs: numberSetting(env, 'MAIL_POLL_INTERVAL_MS', 15_000, (n) => Number.isInteger(n) && n >= 0),
    reminderIntervalMs: numberSetting(env, 'REMINDER_INTERVAL_MS', 5 * 60_000, (n) => Number.isInteger(n) && n >= 0),
    clientBudgets: loadClientBudgets(env),
    // About a second of CouchDB work at what one instance serves (~200–270 calls/s, bench/RESULTS.md):
    // a call past it would only wait behind the others, so it is better answered at once.
    maxInFlightRequests: numberSetting(env, 'MAX_IN_FLIGHT_REQUESTS', 256, (n) => Number.isInteger(n) && n >= 1),
    stripe: loadStripe(env, production),
    fees: loadFees(env),
  };
}
