import { EMAIL_OR_MOBILE_TAKEN } from '@mastr/rules/texts.ts';
import Boom from '@hapi/boom';
import { ACCOUNT_KINDS } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { registrationSchemas } from '../schemas/account-schemas.ts';
import { registerAccount } from '../services/account-lifecycle/index.ts';
import { clientIp } from '../services/auth/index.ts';
import { contractPlugin, defineRoute, reply } from './define-route.ts';

export const REGISTRATION_RATE_LIMITED = 'Too many registrations. Please try again later.';

/**
 * POST /api/register/{user|coach|gym} (§3, §7). Only JSON bodies are read: a cross-site HTML form
 * cannot send one, so no other site can create accounts in a visitor's name.
 */
export const registrationPlugin = contractPlugin('registration', (deps: Deps) =>
  ACCOUNT_KINDS.map((kind) =>
    defineRoute(`POST /api/register/${kind}`, {
      options: {
        auth: false,
        payload: { allow: 'application/json' },
        validate: { payload: registrationSchemas[kind] },
      },
      async handler(request, h) {
        const ip = clientIp(request.info.remoteAddress, request.headers['x-forwarded-for'], deps.config.trustProxyHops);
        const result = await registerAccount(deps, kind, request.payload, ip);
        if (result.outcome === 'rate-limited') {
          const error = Boom.tooManyRequests(REGISTRATION_RATE_LIMITED);
          error.output.headers['Retry-After'] = String(result.retryAfterSeconds);
          throw error;
        }
        if (result.outcome === 'taken') throw Boom.conflict(EMAIL_OR_MOBILE_TAKEN);
        if (result.outcome === 'mail-failed') {
          request.logger.error({ err: result.cause }, 'registration undone: the verification mail failed');
          throw Boom.serverUnavailable(
            'Registration Failed: the verification email could not be sent. Please try again later.',
          );
        }
        return reply(
          h,
          {
            message: `Registration successful! Please check your email (${result.account.email}) to verify your account.`,
          },
          201,
        );
      },
    }),
  ),
);
