import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
}

export interface ServerConfig {
  production: boolean;
  /** Hapi port (0 = any free port, for tests). */
  port: number;
  host: string;
  /** Full CouchDB URL incl. admin credentials; unset → the embedded server is started by the CLI. */
  couchUrl?: string;
  couchPort: number;
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
}

interface DevSecrets {
  jwtAccessSecret: string;
  cookieSecret: string;
  passSigningKey: string;
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
  };
  if (Object.keys(stored).length < Object.keys(secrets).length) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, repoRoot = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? 'data');
  let jwtAccessSecret = env.JWT_ACCESS_SECRET;
  let cookieSecret = env.COOKIE_SECRET;
  let passSigningKey = env.PASS_SIGNING_KEY;
  if (!jwtAccessSecret || !cookieSecret || !passSigningKey) {
    if (production) throw new Error('JWT_ACCESS_SECRET, COOKIE_SECRET and PASS_SIGNING_KEY must be set in production.');
    const dev = loadOrCreateDevSecrets(dataDir);
    jwtAccessSecret ||= dev.jwtAccessSecret;
    cookieSecret ||= dev.cookieSecret;
    passSigningKey ||= dev.passSigningKey;
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
    port,
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    couchUrl: env.COUCHDB_URL || undefined,
    couchPort: Number(env.COUCHDB_PORT ?? 5984),
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
  };
}
