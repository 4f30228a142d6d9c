import type Stripe from 'stripe';
import type { ServerConfig } from './config.ts';
import type { Couch } from './couch/couch.ts';
import type { Logger } from './logging/logger.ts';
import type { MailOutbox } from './services/mail/index.ts';

/**
 * How far this instance's start-up has come (cli/backend.ts): `preparing` (CouchDB, databases,
 * indexes, demo data: API and sync calls answer 503), `finishing` (calls served; what needs the
 * server listening, such as the demo payees' onboarding, is still running) and `ready`. Health
 * answers 200 only when ready.
 */
export interface StartupState {
  phase: 'preparing' | 'finishing' | 'ready';
}

/** What every route plugin and service receives: configuration and the real parts it talks to. */
export interface Deps {
  config: ServerConfig;
  couch: Couch;
  /** The durable mail outbox (services/mail/mail-outbox.ts): `send` queues and returns. */
  mailer: MailOutbox;
  /** Stripe's SDK, pointed at Stripe or at the local test provider (config.stripe.mode says which). */
  stripe: Stripe;
  /** The server's logger (pino); requests log through hapi-pino's `request.logger`, a child of it. */
  logger: Logger;
  /** Start-up progress; absent when start-up was finished before the server was made (tests, benches). */
  startup?: StartupState;
  /** The clock, injectable so tests can move past token expiry without waiting. */
  now: () => Date;
}
