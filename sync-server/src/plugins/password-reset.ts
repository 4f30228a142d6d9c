import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import type { NewPasswordRequest, PasswordResetRequest } from '@mastr/rules/api/auth.ts';
import type { MessageResponse } from '@mastr/rules/api/common.ts';
import { ACCOUNT_KINDS, KIND_PLURAL } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { emailOnlySchema, newPasswordSchema } from '../schemas/account-schemas.ts';
import { isResetLinkValid, requestPasswordReset, resetPassword } from '../services/auth/password-reset-service.ts';
import { clientIp } from '../services/auth/client-ip.ts';

type LinkParams = { id: string; token: string };

/**
 * Forgotten password (§7): POST /api/{kind}/password-reset {email} mails a link;
 * GET /api/{kind}/password-reset/{id}/{token} checks it; POST to the same path {pwd} uses it.
 * Only JSON bodies are read (no cross-site form can post one).
 */
export const passwordResetPlugin: Plugin<Deps> = {
  name: 'password-reset',
  register(server, deps) {
    for (const kind of ACCOUNT_KINDS) {
      const base = `/api/${KIND_PLURAL[kind]}/password-reset`;

      server.route({
        method: 'POST',
        path: base,
        options: { auth: false, payload: { allow: 'application/json' }, validate: { payload: emailOnlySchema } },
        async handler(request) {
          const { email } = request.payload as PasswordResetRequest;
          const { outcome } = await requestPasswordReset(
            deps,
            kind,
            email,
            clientIp(request.info.remoteAddress, request.headers['x-forwarded-for'], deps.config.trustProxyHops),
          );
          if (outcome === 'rate-limited') throw Boom.tooManyRequests('Too many requests. Please try again later.');
          return {
            message: 'If an account exists for that email, a password reset link has been sent.',
          } satisfies MessageResponse;
        },
      });

      server.route({
        method: 'GET',
        path: `${base}/{id}/{token}`,
        options: { auth: false },
        async handler(request) {
          const { id, token } = request.params as LinkParams;
          if (!(await isResetLinkValid(deps, kind, id, token))) throw Boom.notFound('Not Found');
          return { message: 'Valid Link' } satisfies MessageResponse;
        },
      });

      server.route({
        method: 'POST',
        path: `${base}/{id}/{token}`,
        options: { auth: false, payload: { allow: 'application/json' }, validate: { payload: newPasswordSchema } },
        async handler(request) {
          const { id, token } = request.params as LinkParams;
          const { pwd } = request.payload as NewPasswordRequest;
          if (!(await resetPassword(deps, kind, id, token, pwd))) throw Boom.notFound('Not Found');
          return { message: 'Password reset successful. You can now sign in.' } satisfies MessageResponse;
        },
      });
    }
  },
};
