import Boom from '@hapi/boom';
import { ACCOUNT_KINDS, KIND_PLURAL } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { emailOnlySchema, newPasswordSchema } from '../schemas/account-schemas.ts';
import { isResetLinkValid, requestPasswordReset, resetPassword, clientIp } from '../services/auth/index.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/**
 * Forgotten password (§7): POST /api/{kind}/password-reset {email} mails a link;
 * GET /api/{kind}/password-reset/{id}/{token} checks it; POST to the same path {pwd} uses it.
 * Only JSON bodies are read (no cross-site form can post one).
 */
export const passwordResetPlugin = contractPlugin('password-reset', (deps: Deps) =>
  ACCOUNT_KINDS.flatMap((kind) => [
    defineRoute(`POST /api/${KIND_PLURAL[kind]}/password-reset`, {
      options: { auth: false, payload: { allow: 'application/json' }, validate: { payload: emailOnlySchema } },
      async handler(request) {
        const { outcome } = await requestPasswordReset(
          deps,
          kind,
          request.payload.email,
          clientIp(request.info.remoteAddress, request.headers['x-forwarded-for'], deps.config.trustProxyHops),
        );
        if (outcome === 'rate-limited') throw Boom.tooManyRequests('Too many requests. Please try again later.');
        return { message: 'If an account exists for that email, a password reset link has been sent.' };
      },
    }),

    defineRoute(`GET /api/${KIND_PLURAL[kind]}/password-reset/{id}/{token}`, {
      options: { auth: false },
      async handler(request) {
        const { id, token } = request.params;
        if (!(await isResetLinkValid(deps, kind, id, token))) throw Boom.notFound('Not Found');
        return { message: 'Valid Link' };
      },
    }),

    defineRoute(`POST /api/${KIND_PLURAL[kind]}/password-reset/{id}/{token}`, {
      options: { auth: false, payload: { allow: 'application/json' }, validate: { payload: newPasswordSchema } },
      async handler(request) {
        const { id, token } = request.params;
        if (!(await resetPassword(deps, kind, id, token, request.payload.pwd))) throw Boom.notFound('Not Found');
        return { message: 'Password reset successful. You can now sign in.' };
      },
    }),
  ]),
);
