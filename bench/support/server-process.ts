/**
 * One Hapi server instance in a process of its own, for benchmarks that measure the instance alone
 * (its memory, its event loop) while the devices and CouchDB run elsewhere. Started by
 * `startServerProcess` with COUCHDB_URL and DATA_DIR (whose dev secrets.json it shares with the
 * parent, so tokens the parent mints are valid here); it reports its origin over IPC.
 */
import { loadConfig } from '../../sync-server/src/config.ts';
import { connectCouch } from '../../sync-server/src/couch/couch.ts';
import type { Deps } from '../../sync-server/src/deps.ts';
import { createLogger } from '../../sync-server/src/logging/logger.ts';
import { createMailer } from '../../sync-server/src/services/mail/index.ts';
import { createStripeClient } from '../../sync-server/src/services/payments/index.ts';
import { createServer } from '../../sync-server/src/server.ts';

const config = { ...loadConfig({ ...process.env, PORT: '0', NODE_ENV: 'test' }), host: '127.0.0.1' };
const couch = connectCouch(config.couchUrl!);
const deps: Deps = {
  config,
  couch,
  logger: createLogger({ production: false }),
  mailer: createMailer({ couch, from: config.mailFrom, outboxDir: config.outboxDir, log: () => {} }),
  // Never called: the benches that run an instance here touch no payments.
  stripe: createStripeClient(config.stripe),
  now: () => new Date(),
};
const server = await createServer(deps);
await server.start();
process.send?.({ origin: server.info.uri });
process.on('SIGTERM', () => {
  void server.stop({ timeout: 2_000 }).then(() => process.exit(0));
});
