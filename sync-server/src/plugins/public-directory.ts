import Boom from '@hapi/boom';
import type { Request, ResponseToolkit } from '@hapi/hapi';
import { isId } from '@mastr/rules/doc-ids.ts';
import type { Deps } from '../deps.ts';
import { credentialsOf } from './auth-strategy.ts';
import { contractPlugin, defineRoute, type Reply } from './define-route.ts';
import {
  createDirectoryLists,
  gymProfile,
  publicCoachProfiles,
  publicGymProfiles,
  type PreparedBody,
} from '../services/directory/index.ts';

/**
 * The public directory (§7 "Public data"): gyms and coaches anyone may browse without an account.
 * An unknown, malformed or non-public id is 404 alike, so the answer never tells a hidden gym or
 * coach from one that does not exist.
 */
export const publicDirectoryPlugin = contractPlugin('public-directory', (deps: Deps, server) => {
  const lists = createDirectoryLists(deps, server.app.databaseUpdates);
  const gymProfiles = publicGymProfiles(deps, server.app.databaseUpdates);
  const coachProfiles = publicCoachProfiles(deps, server.app.databaseUpdates);
  // The same kept answers, for the lane in front of Hapi (decision 173): only what holds now.
  server.app.readyAnswers.set('/api/gyms/', gymProfiles.ready);
  server.app.readyAnswers.set('/api/coaches/', coachProfiles.ready);
  /**
   * The prepared bytes as they are (decision 111): gzip when the client takes it, the tag for
   * `If-None-Match` (hapi answers 304 itself), and `no-cache` so browsers and the service worker
   * ask again each time, which an unchanged list answers with a 304 and no body.
   */
  const send = <T>(body: PreparedBody<T>, request: Pick<Request, 'info'>, h: ResponseToolkit): Reply<T> => {
    const gzip = request.info.acceptEncoding === 'gzip';
    const response = h
      .response(gzip ? body.gzip : body.json)
      .type('application/json; charset=utf-8')
      .etag(body.etag, { weak: true, vary: false })
      .header('cache-control', 'no-cache')
      .vary('accept-encoding');
    // The bytes are the answer, serialised ahead: typed as the route's answer they hold.
    return (gzip ? response.compressed('gzip') : response) as Reply<T>;
  };
  return [
    defineRoute('GET /api/gyms', {
      options: { auth: false },
      handler: async (request, h) => send(await lists.gyms(), request, h),
    }),
    defineRoute('GET /api/coaches', {
      options: { auth: false },
      handler: async (request, h) => send(await lists.coaches(), request, h),
    }),

    defineRoute('GET /api/gyms/{id}', {
      // Public; a member's token, when sent, lets a gym no longer listed answer to someone holding a
      // pass there (decision 65). A missing or bad token is simply anonymous ('try' never refuses).
      options: { auth: { strategy: 'access', mode: 'try' } },
      async handler(request, h) {
        const { id } = request.params;
        if (!isId(id)) throw Boom.notFound('Gym not found');
        // A listed gym's answer is the same for everyone: the one kept ready (decision 143).
        const listed = await gymProfiles(id);
        if (listed) return send(listed, request, h);
        const caller = request.auth.isAuthenticated ? credentialsOf(request) : null;
        const viewer = caller?.kind === 'user' ? { memberId: caller.UserInfo.profileId } : null;
        const gym = viewer ? await gymProfile(deps, id, viewer) : null;
        if (!gym) throw Boom.notFound('Gym not found');
        return gym;
      },
    }),

    defineRoute('GET /api/coaches/{id}', {
      options: { auth: false },
      async handler(request, h) {
        const { id } = request.params;
        const coach = isId(id) ? await coachProfiles(id) : null;
        if (!coach) throw Boom.notFound('Coach not found');
        return send(coach, request, h);
      },
    }),
  ];
});
