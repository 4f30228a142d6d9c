import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { KIND_PLURAL, ACCOUNT_KINDS } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { meViewsOf } from '../services/accounts/me-views-service.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';

/**
 * GET /api/me/users, /api/me/gyms, /api/me/coaches (§7 "Private profile data"): the signed-in
 * account's own profile and its lists (me-views-service.ts). Which profile comes from the token
 * alone; each path admits one role.
 */
export const mePlugin: Plugin<Deps> = {
  name: 'me',
  register(server, deps) {
    const views = meViewsOf(deps);
    for (const kind of ACCOUNT_KINDS) {
      server.route({
        method: 'GET',
        path: `/api/me/${KIND_PLURAL[kind]}`,
        options: { auth: roleAccess(kind), compression: { gzip: { level: 1 } } },
        async handler(request) {
          const view = await views.viewOf(kind, credentialsOf(request).UserInfo.profileId);
          // A still-valid token of an account deleted since: the client's refresh will fail too.
          if (!view) throw Boom.unauthorized('Unauthorized');
          return view;
        },
      });
    }
  },
};
