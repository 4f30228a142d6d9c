import { ACCOUNT_KINDS, KIND_PLURAL } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { deleteAccount } from '../services/account-lifecycle/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/**
 * DELETE /api/me/users|coaches|gyms: Settings 'Delete My Account', after the page's confirmation
 * (design/decisions.md "Deleting an account"). 204 with the refresh cookie cleared, as logout does;
 * a failure half-way (5xx) leaves the caller signed in to call again, which finishes the deletion.
 */
export const deleteAccountPlugin = contractPlugin('delete-account', (deps: Deps) =>
  ACCOUNT_KINDS.map((kind) =>
    defineRoute(`DELETE /api/me/${KIND_PLURAL[kind]}`, {
      options: { auth: roleAccess(kind) },
      async handler(request, h) {
        const { profileId } = credentialsOf(request).UserInfo;
        const result = await deleteAccount(deps, kind, profileId);
        request.logger.info({ kind, profileId, ...result }, 'account deleted');
        h.unstate('jwt');
        return h.response().code(204);
      },
    }),
  ),
);
