import type { ServerConfig } from '../config.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../seed/demo-data.ts';
import type { SeedResult } from '../seed/seed-demo.ts';
import type { Backend } from './backend.ts';

/** A URL a person on this machine can open: wildcard and loopback binds are shown as localhost. */
export function browserUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  return `http://${local ? 'localhost' : host}:${port}`;
}

export function describeMail(config: ServerConfig): string {
  if (!config.smtpUrl) return `written to ${config.outboxDir} (no SMTP_URL set)`;
  // Only the host: SMTP_URL may carry credentials.
  return `sent through SMTP at ${new URL(config.smtpUrl).host}`;
}

function describePayments(config: ServerConfig, backend: Backend): string {
  if (backend.paymentsProvider)
    return `local test provider at ${backend.paymentsProvider.url} (no STRIPE_SECRET_KEY set; test card 4242 4242 4242 4242)`;
  return `Stripe, ${config.stripe.mode} mode`;
}

/** What the demo seed did on this start, and the demo logins; nothing when not seeded (production). */
export function demoLines(seeded: SeedResult | null): string[] {
  if (!seeded) return [];
  const { accounts, documents } = seeded;
  const lines = [
    `  Demo data  ${accounts || documents ? `added ${accounts} accounts and ${documents} documents` : 'already in place'}`,
    '',
    `  Demo logins (password ${DEMO_PASSWORD}):`,
  ];
  const width = Math.max(...DEMO_LOGINS.map((l) => l.email.length));
  for (const login of DEMO_LOGINS)
    lines.push(`    ${login.kind.padEnd(5)}  ${login.email.padEnd(width)}  ${login.name}`);
  return lines;
}

/** What `npm start` / `npm run dev` print once everything answers. */
export function startBanner(config: ServerConfig, backend: Backend, openUrl: string): string {
  const couch = backend.embeddedCouch
    ? `embedded, ${backend.embeddedCouch.origin} (127.0.0.1 only, admin password in ${config.dataDir}/secrets.json)`
    : 'COUCHDB_URL';
  const lines = [
    '',
    `  Mastr is running: open ${openUrl}`,
    '',
    `  API        ${browserUrl(config.host, backend.server.info.port as number)}/api`,
    `  Data dir   ${config.dataDir}`,
    `  CouchDB    ${couch}`,
    `  Mail       ${describeMail(config)}`,
    `  Payments   ${describePayments(config, backend)}`,
  ];
  lines.push(...demoLines(backend.seeded), '', '  Ctrl-C stops everything.', '');
  return lines.join('\n');
}
