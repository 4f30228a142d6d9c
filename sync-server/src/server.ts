import Hapi, { type Server } from '@hapi/hapi';
import Boom from '@hapi/boom';
import hapiPino from 'hapi-pino';
import { ownWritesOf } from './couch/couch.ts';
import { logFindWarnings } from './couch/find.ts';
import type { Deps } from './deps.ts';
import { authStrategyPlugin } from './plugins/auth-strategy.ts';
import { couchUnavailablePlugin } from './plugins/couch-unavailable.ts';
import { expiredDocsSweeperPlugin } from './plugins/expired-docs-sweeper.ts';
import { healthPlugin } from './plugins/health.ts';
import { loadSheddingPlugin } from './plugins/load-shedding.ts';
import { mailDeliveryPlugin } from './plugins/mail-delivery.ts';
import { remindersPlugin } from './plugins/reminders.ts';
import { readyAnswerLanePlugin } from './plugins/ready-answer-lane.ts';
import { routeSecurity } from './plugins/security-settings.ts';
import { staticPwaPlugin } from './plugins/static-pwa.ts';
import { apiPlugins } from './plugins/index.ts';
import { createDatabaseUpdates, type DatabaseUpdates } from './sync/database-updates.ts';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    /**
     * The instance's one `_db_updates` feed (sync/database-updates.ts): the sync gateway parks
     * long-polls on it, and the public directory keeps its prepared answers while it is quiet.
     */
    databaseUpdates: DatabaseUpdates;
  }
}

/** Largest JSON body any call accepts (profile images arrive as data URLs, so not tiny). */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;

export { HSTS_MAX_AGE_SECONDS } from './plugins/security-settings.ts';

/**
 * Builds the Hapi server (not started). It keeps no state of its own that matters: sessions,
 * one-time tokens and rate-limit counters live in CouchDB, so any number of instances can serve side
 * by side; what it holds in memory (client budgets, memos, live-feed counts) is soft state, never the
 * truth (design/architecture.md "Running past one machine").
 */
export async function createServer(deps: Deps): Promise<Server> {
  logFindWarnings(deps.couch, deps.logger);
  const server = Hapi.server({
    port: deps.config.port,
    host: deps.config.host,
    router: { stripTrailingSlash: true },
    routes: {
      security: routeSecurity(deps.config.production),
      payload: { maxBytes: MAX_JSON_BYTES },
      validate: {
        // Joi's own message names the field and the problem; clients show it as is.
        failAction: async (_request, _h, err) => {
          throw Boom.badRequest(err instanceof Error ? err.message.replace(/"/g, "'") : 'Invalid request');
        },
        options: { abortEarly: true, stripUnknown: false },
      },
      response: { emptyStatusCode: 204 },
    },
  });

  server.state('jwt', {
    ttl: deps.config.refreshTtlSeconds * 1000,
    isSecure: deps.config.production,
    isHttpOnly: true,
    isSameSite: 'Strict',
    path: '/api',
    encoding: 'none',
    strictHeader: true,
    ignoreErrors: true,
    clearInvalid: true,
  });

  // One log line per API call with its request id and timing, as JSON in production (design/architecture.md
  // "Logging"). Static files and the sync gateway's long-polls would drown them out, so they are left out;
  // errors in any request are still logged, with their stack, by hapi-pino's `request error` handler.
  await server.register({
    plugin: hapiPino,
    options: {
      instance: deps.logger,
      logRequestComplete: (request) => request.path.startsWith('/api/') && request.path !== '/api/health',
      logPayload: false,
      logEvents: ['response', 'request-error'],
      // A peer resetting its connection is hapi's `client` error: logged below at info, not as an error.
      // (hapi-pino's types say object[]; its code reads { log, request } lists of tags.)
      ignoredEventTags: { log: ['client'] } as unknown as object[],
    },
  });
  // HAProxy's health checks close with a reset, and so do a balancer ending a long-poll and a phone
  // leaving Wi-Fi: none is a fault of the server, and as errors they buried real ones (issue 23).
  server.events.on('log', (event, tags) => {
    if (tags.client && tags.connection)
      deps.logger.info({ code: (event.error as NodeJS.ErrnoException | undefined)?.code }, 'client connection error');
  });
  if (!deps.config.couchUrl) throw new Error('The server needs the CouchDB URL (config.couchUrl).');
  const databaseUpdates = createDatabaseUpdates(deps.config.couchUrl, deps.logger);
  server.app.databaseUpdates = databaseUpdates;
  server.app.readyAnswers = new Map();
  // Opened when the server starts (again, after a stop), ended when it stops: its long-poll would
  // otherwise hold server.stop() and keep a stopped instance reading.
  // This instance's own writes count at once (decision 156): what it keeps shows them on the next read.
  let stopHearing = () => {};
  server.ext('onPreStart', () => {
    databaseUpdates.start();
    stopHearing = ownWritesOf(deps.couch).listen((dbName) => databaseUpdates.wrote(dbName));
  });
  server.ext('onPreStop', () => {
    databaseUpdates.stop();
    stopHearing();
  });
  await server.register({ plugin: couchUnavailablePlugin, options: deps });
  // Before anything else looks at a request: a flood is refused before it costs a token check or a body read.
  await server.register({ plugin: loadSheddingPlugin, options: deps });
  await server.register({ plugin: authStrategyPlugin, options: deps });
  await server.register({ plugin: healthPlugin, options: deps });
  for (const plugin of apiPlugins) await server.register({ plugin, options: deps });
  await server.register({ plugin: staticPwaPlugin, options: deps });
  await server.register({ plugin: readyAnswerLanePlugin, options: deps });
  await server.register({ plugin: expiredDocsSweeperPlugin, options: deps });
  await server.register({ plugin: mailDeliveryPlugin, options: deps });
  await server.register({ plugin: remindersPlugin, options: deps });

  return server;
}
