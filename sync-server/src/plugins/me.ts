import Boom from '@hapi/boom';
import { KIND_PLURAL, ACCOUNT_KINDS } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { meViewsOf } from '../services/me-views/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/**
 * GET /api/me/users, /api/me/gyms, /api/me/coaches (§7 "Private profile data"): the signed-in
 * account's own profile and its lists (me-views-service.ts). Which profile comes from the token
 * alone; each path admits one role.
 */
export const mePlugin = contractPlugin('me', (deps: Deps) => {
  const views = meViewsOf(deps);
  return ACCOUNT_KINDS.map((kind) =>
    defineRoute(`GET /api/me/${KIND_PLURAL[kind]}`, {
      options: { auth: roleAccess(kind), compression: { gzip: { level: 1 } } },
      async handler(request) {
        const view = await views.viewOf(kind, credentialsOf(request).UserInfo.profileId);
        // A still-valid token of an account deleted since: the client's refresh will fail too.
        if (!view) throw Boom.unauthorized('Unauthorized');
        return view;
      },
    }),
  );
});
