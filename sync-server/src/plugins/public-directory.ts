import Boom from '@hapi/boom';
import { isId } from '@mastr/rules/doc-ids.ts';
import type { Deps } from '../deps.ts';
import { credentialsOf } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';
import { coachProfile, createDirectoryLists, gymProfile } from '../services/directory/directory-service.ts';

/**
 * The public directory (§7 "Public data"): gyms and coaches anyone may browse without an account.
 * An unknown, malformed or non-public id is 404 alike, so the answer never tells a hidden gym or
 * coach from one that does not exist.
 */
export const publicDirectoryPlugin = contractPlugin('public-directory', (deps: Deps) => {
  const lists = createDirectoryLists(deps);
  return [
    defineRoute('GET /api/gyms', { options: { auth: false }, handler: () => lists.gyms() }),
    defineRoute('GET /api/coaches', { options: { auth: false }, handler: () => lists.coaches() }),

    defineRoute('GET /api/gyms/{id}', {
      // Public; a member's token, when sent, lets a gym no longer listed answer to someone holding a
      // pass there (decision 65). A missing or bad token is simply anonymous ('try' never refuses).
      options: { auth: { strategy: 'access', mode: 'try' } },
      async handler(request) {
        const { id } = request.params;
        const caller = request.auth.isAuthenticated ? credentialsOf(request) : null;
        const viewer = caller?.kind === 'user' ? { memberId: caller.UserInfo.profileId } : null;
        const gym = isId(id) ? await gymProfile(deps, id, viewer) : null;
        if (!gym) throw Boom.notFound('Gym not found');
        return gym;
      },
    }),

    defineRoute('GET /api/coaches/{id}', {
      options: { auth: false },
      async handler(request) {
        const { id } = request.params;
        const coach = isId(id) ? await coachProfile(deps, id) : null;
        if (!coach) throw Boom.notFound('Coach not found');
        return coach;
      },
    }),
  ];
});
