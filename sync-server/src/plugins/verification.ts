import { EMAIL_VERIFICATION_SUCCESSFUL } from '@mastr/rules/texts.ts';
import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import type { MessageResponse } from '@mastr/rules/api/common.ts';
import { ACCOUNT_KINDS, KIND_PLURAL } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { verifyEmail } from '../services/accounts/registration-service.ts';

/** GET /api/{users|coaches|gyms}/{id}/verify/{token} (§7): verified, or 404 for any problem. */
export const verificationPlugin: Plugin<Deps> = {
  name: 'verification',
  register(server, deps) {
    for (const kind of ACCOUNT_KINDS) {
      server.route({
        method: 'GET',
        path: `/api/${KIND_PLURAL[kind]}/{id}/verify/{token}`,
        options: { auth: false },
        async handler(request) {
          const { id, token } = request.params as { id: string; token: string };
          if (!(await verifyEmail(deps, kind, id, token))) throw Boom.notFound('Not Found');
          return { message: EMAIL_VERIFICATION_SUCCESSFUL } satisfies MessageResponse;
        },
      });
    }
  },
};
