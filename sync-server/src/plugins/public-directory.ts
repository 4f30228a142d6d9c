import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { isId } from '@mastr/rules/doc-ids.ts';
import type { Deps } from '../deps.ts';
import { credentialsOf } from './auth-strategy.ts';
import { coachProfile, createDirectoryLists, gymProfile } from '../services/directory/directory-service.ts';

/**
 * The public directory (§7 "Public data"): gyms and coaches anyone may browse without an account.
 * An unknown, malformed or non-public id is 404 alike, so the answer never tells a hidden gym or
 * coach from one that does not exist.
 */
export const publicDirectoryPlugin: Plugin<Deps> = {
  name: 'public-directory',
  register(server, deps) {
    const lists = createDirectoryLists(deps);
    server.route({ method: 'GET', path: '/api/gyms', options: { auth: false }, handler: () => lists.gyms() });
    server.route({ method: 'GET', path: '/api/coaches', options: { auth: false }, handler: () => lists.coaches() });

    server.route({
      method: 'GET',
      path: '/api/gyms/{id}',
      // Public; a member's token, when sent, lets a gym no longer listed answer to someone holding a
      // pass there (decision 65). A missing or bad token is simply anonymous ('try' never refuses).
      options: { auth: { strategy: 'access', mode: 'try' } },
      async handler(request) {
        const id = String(request.params.id);
        const caller = request.auth.isAuthenticated ? credentialsOf(request) : null;
        const viewer = caller?.kind === 'user' ? { memberId: caller.UserInfo.profileId } : null;
        const gym = isId(id) ? await gymProfile(deps, id, viewer) : null;
        if (!gym) throw Boom.notFound('Gym not found');
        return gym;
      },
    });

    server.route({
      method: 'GET',
      path: '/api/coaches/{id}',
      options: { auth: false },
      async handler(request) {
        const id = String(request.params.id);
        const coach = isId(id) ? await coachProfile(deps, id) : null;
        if (!coach) throw Boom.notFound('Coach not found');
        return coach;
      },
    });
  },
};
