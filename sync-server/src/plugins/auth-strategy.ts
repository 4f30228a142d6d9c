import Jwt from '@hapi/jwt';
import type { Plugin, RouteOptionsAccess } from '@hapi/hapi';
import { ROLES, type AccountKind } from '@mastr/rules/roles.ts';
import { isId } from '@mastr/rules/doc-ids.ts';
import type { Deps } from '../deps.ts';
import {
  accessCheckFor,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  kindFromRoles,
  type AccessCredentials,
  type UserInfo,
} from '../services/auth/index.ts';

/**
 * Every route is private by default (strategy 'access': a Bearer JWT); public routes opt out with
 * `auth: false`. Role checks are one policy: `roleAccess('gym')` → 403 for any other role.
 */
export const authStrategyPlugin: Plugin<Deps> = {
  name: 'auth-strategy',
  async register(server, deps) {
    await server.register(Jwt);
    const accessCheck = accessCheckFor(deps);
    server.auth.strategy('access', 'jwt', {
      keys: { key: deps.config.jwtAccessSecret, algorithms: ['HS256'] },
      verify: {
        aud: TOKEN_AUDIENCE,
        iss: TOKEN_ISSUER,
        sub: false,
        nbf: true,
        exp: true,
        maxAgeSec: deps.config.accessTokenTtlSeconds,
        timeSkewSec: 15,
      },
      httpAuthScheme: 'Bearer',
      // A well-signed, unexpired token is still refused once its account is gone or has another role,
      // or its session was logged out (checked against CouchDB, remembered briefly: access-check.ts).
      async validate(artifacts: { decoded: { payload: { UserInfo?: UserInfo; sid?: unknown } } }) {
        const { UserInfo: info, sid } = artifacts.decoded.payload;
        const kind = info && Array.isArray(info.roles) ? kindFromRoles(info.roles) : undefined;
        if (!info || !kind || typeof info.profileId !== 'string' || !isId(info.profileId)) return { isValid: false };
        if (typeof sid !== 'string' || !isId(sid)) return { isValid: false };
        if (!(await accessCheck.isCurrent({ profileId: info.profileId, kind, sid }))) return { isValid: false };
        const credentials: AccessCredentials = { UserInfo: info, kind, sid, scope: info.roles.map(String) };
        return { isValid: true, credentials };
      },
    });
    server.auth.default('access');
  },
};

/** Route `auth` option admitting only the given account kinds (the single role policy). */
export function roleAccess(...kinds: AccountKind[]): RouteOptionsAccess {
  return { strategy: 'access', access: { scope: kinds.map((k) => String(ROLES[k])) } };
}

export function credentialsOf(request: { auth: { credentials: unknown } }): AccessCredentials {
  return request.auth.credentials as AccessCredentials;
}
