/**
 * The baseline for bench/api-throughput.bench.ts: a bare Hapi server (no auth strategy, no
 * validation, no security headers, no request logging, no other plugins) whose two routes do the
 * same CouchDB work as the real ones by calling the same service functions:
 * - GET /bare/gyms: the directory memo (one database-info call per request, the list recomputed
 *   only when the profiles change), as GET /api/gyms;
 * - POST /bare/gym-request: `requestGymSession` for the member named in the body, as
 *   POST /api/booking/handlePrivateSessionGymRequest does after its token check and joi validation.
 * Started like server-process.ts (COUCHDB_URL, DATA_DIR) and reports its origin over IPC.
 */
import Hapi from '@hapi/hapi';
import { loadConfig } from '../../sync-server/src/config.ts';
import { connectCouch } from '../../sync-server/src/couch/couch.ts';
import type { Deps } from '../../sync-server/src/deps.ts';
import { createLogger } from '../../sync-server/src/logging/logger.ts';
import { requestGymSession } from '../../sync-server/src/services/coaching/index.ts';
import { createDirectoryLists } from '../../sync-server/src/services/directory/index.ts';
import { createMailer } from '../../sync-server/src/services/mail/index.ts';
import { createStripeClient } from '../../sync-server/src/services/payments/index.ts';

const config = { ...loadConfig({ ...process.env, PORT: '0', NODE_ENV: 'test' }), host: '127.0.0.1' };
const couch = connectCouch(config.couchUrl!);
const deps: Deps = {
  config,
  couch,
  logger: createLogger({ production: false }),
  mailer: createMailer({ couch, from: config.mailFrom, outboxDir: config.outboxDir, log: () => {} }),
  stripe: createStripeClient(config.stripe),
  now: () => new Date(),
};
const lists = createDirectoryLists(deps);
const server = Hapi.server({ host: '127.0.0.1', port: 0 });
// The same prepared bytes the real route sends, without its tag, cache headers or gzip choice.
server.route({
  method: 'GET',
  path: '/bare/gyms',
  handler: async (_request, h) => h.response((await lists.gyms()).json).type('application/json; charset=utf-8'),
});
server.route({
  method: 'POST',
  path: '/bare/gym-request',
  async handler(request, h) {
    const body = request.payload as Record<string, string> & { selectedTime: number };
    const outcome = await requestGymSession(deps, {
      memberId: body.member_id,
      gymId: body.gym_id,
      date: body.selectedDate,
      time: body.selectedTime,
      discipline: body.selectedDiscipline,
      experienceLevel: body.selectedExperienceLevel,
    });
    return h.response(outcome).code(outcome.outcome === 'sent' ? 201 : 400);
  },
});
await server.start();
process.send?.({ origin: server.info.uri });
process.on('SIGTERM', () => {
  void server.stop({ timeout: 2_000 }).then(() => process.exit(0));
});
