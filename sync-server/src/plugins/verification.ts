import { EMAIL_VERIFICATION_SUCCESSFUL } from '@mastr/rules/texts.ts';
import Boom from '@hapi/boom';
import { ACCOUNT_KINDS, KIND_PLURAL } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { verifyEmail } from '../services/account-lifecycle/index.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/** GET /api/{users|coaches|gyms}/{id}/verify/{token} (§7): verified, or 404 for any problem. */
export const verificationPlugin = contractPlugin('verification', (deps: Deps) =>
  ACCOUNT_KINDS.map((kind) =>
    defineRoute(`GET /api/${KIND_PLURAL[kind]}/{id}/verify/{token}`, {
      options: { auth: false },
      async handler(request) {
        const { id, token } = request.params;
        if (!(await verifyEmail(deps, kind, id, token))) throw Boom.notFound('Not Found');
        return { message: EMAIL_VERIFICATION_SUCCESSFUL };
      },
    }),
  ),
);
