import type Stripe from 'stripe';
import type { ServerConfig } from './config.ts';
import type { Couch } from './couch/couch.ts';
import type { Logger } from './logging/logger.ts';
import type { Mailer } from './services/mail/mailer.ts';

/** What every route plugin and service receives: configuration and the real parts it talks to. */
export interface Deps {
  config: ServerConfig;
  couch: Couch;
  mailer: Mailer;
  /** Stripe's SDK, pointed at Stripe or at the local test provider (config.stripe.mode says which). */
  stripe: Stripe;
  /** The server's logger (pino); requests log through hapi-pino's `request.logger`, a child of it. */
  logger: Logger;
  /** The clock, injectable so tests can move past token expiry without waiting. */
  now: () => Date;
}
