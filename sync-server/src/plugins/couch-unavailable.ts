import type { Plugin } from '@hapi/hapi';
import { couchUnavailable, createOutageLog, isCouchUnavailable } from '../couch/couch-unavailable.ts';
import type { Deps } from '../deps.ts';

/**
 * One place turns "CouchDB cannot be reached or did not answer in time" into 503 with a clear message
 * and Retry-After, for every route (API and sync gateway), instead of a 500 and a stack per request.
 * Converted before the response is sent, so Hapi does not log it as an internal error.
 */
export const couchUnavailablePlugin: Plugin<Deps> = {
  name: 'couch-unavailable',
  register(server, deps) {
    const logOutage = createOutageLog(deps.logger, () => Date.now());
    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      if (!('isBoom' in response) || !response.isBoom || !isCouchUnavailable(response)) return h.continue;
      logOutage(response.message);
      return couchUnavailable();
    });
  },
};
