import { createHash } from 'node:crypto';
import Boom from '@hapi/boom';
import Joi from 'joi';
import { ACCOUNT_KINDS } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { getAccount } from '../couch/stores/accounts-store.ts';
import {
  accessCheckFor,
  revokeRefreshSession,
  rotateRefreshSession,
  sessionIdOfCookie,
  accessTokenFor,
} from '../services/auth/index.ts';
import { id } from '../schemas/bounds.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/**
 * `?session={sid}`: the session a device logged out of while offline, sent once it is back (design/auth.md
 * "Logout while offline"). Only that session is ended: if the browser's cookie names another one, it
 * signed in again meanwhile and that newer session is left alone, cookie and all.
 */
const logoutQuerySchema = Joi.object({ session: id() });

export const SESSION_MESSAGES = {
  unauthorized: 'Unauthorized',
  reused: 'This session was used from another device or browser and has been ended. Please sign in again.',
} as const;

/**
 * GET /api/refresh and GET /api/logout/user|coach|gym (§7 "Session"). Both read the `jwt` refresh
 * cookie rather than an access token, so they are `auth: false`.
 */
export const sessionPlugin = contractPlugin('session', (deps: Deps) => {
  // Its own key, derived from the server's secret (configured once for every instance).
  const successorKey = createHash('sha256')
    .update(`refresh-successor-key:${deps.config.jwtAccessSecret}`)
    .digest('hex');
  return [
    defineRoute('GET /api/refresh', {
      options: { auth: false },
      async handler(request, h) {
        const result = await rotateRefreshSession(deps.couch, request.state.jwt, {
          ttlSeconds: deps.config.refreshTtlSeconds,
          now: deps.now(),
          successorKey,
          loadAccount: async (session) => {
            const account = await getAccount(deps.couch, session.accountId);
            return account && account.kind === session.kind ? account : null;
          },
        });
        switch (result.outcome) {
          case 'invalid':
            h.unstate('jwt');
            throw Boom.unauthorized(SESSION_MESSAGES.unauthorized);
          case 'superseded':
            // The cookie was rotated further meanwhile: the browser may hold the newer one, so leave it.
            throw Boom.unauthorized(SESSION_MESSAGES.unauthorized);
          case 'reused': {
            // The session was just revoked as stolen: its access tokens end now on this instance too,
            // as after a logout, not when this instance's memory of the last check runs out.
            const sid = sessionIdOfCookie(request.state.jwt);
            if (sid) accessCheckFor(deps).forgetSession(sid);
            h.unstate('jwt');
            throw Boom.unauthorized(SESSION_MESSAGES.reused);
          }
        }
        h.state('jwt', result.cookie);
        const sid = sessionIdOfCookie(result.cookie)!;
        return { accessToken: accessTokenFor(deps, result.account, sid) };
      },
    }),

    ...ACCOUNT_KINDS.map((kind) =>
      defineRoute(`GET /api/logout/${kind}`, {
        options: { auth: false, validate: { query: logoutQuerySchema } },
        async handler(request, h) {
          const sid = sessionIdOfCookie(request.state.jwt);
          const named = (request.query as { session?: string }).session;
          if (named && named !== sid) return h.response().code(204);
          await revokeRefreshSession(deps.couch, request.state.jwt);
          // Its access tokens stop working at once here, and within the check's window elsewhere.
          if (sid) accessCheckFor(deps).forgetSession(sid);
          h.unstate('jwt');
          return h.response().code(204);
        },
      }),
    ),
  ];
});
