import Jwt from '@hapi/jwt';
import { ROLES, type AccountKind } from '@mastr/rules/roles.ts';

export const TOKEN_AUDIENCE = 'urn:mastr:api';
export const TOKEN_ISSUER = 'urn:mastr:sync-server';

/** What the access token carries (§3 "Access token payload": UserInfo with a roles list). */
export interface UserInfo {
  email: string;
  roles: number[];
  profileId: string;
}

/** Credentials a verified request carries (request.auth.credentials). */
export interface AccessCredentials {
  UserInfo: UserInfo;
  kind: AccountKind;
  /** The refresh session the token was issued for: logging it out ends the token too. */
  sid: string;
  /** Hapi scope: the role codes as strings, so route `access.scope` enforces roles. */
  scope: string[];
}

/**
 * A signed access token. Besides §3's UserInfo it names its refresh session (`sid`), so the server
 * can refuse it once that session is logged out (services/auth/access-check.ts).
 */
export function issueAccessToken(
  secret: string,
  info: { email: string; kind: AccountKind; profileId: string; sid: string },
  ttlSeconds: number,
  now: Date = new Date(),
): string {
  const UserInfo: UserInfo = { email: info.email, roles: [ROLES[info.kind]], profileId: info.profileId };
  return Jwt.token.generate(
    {
      aud: TOKEN_AUDIENCE,
      iss: TOKEN_ISSUER,
      sub: info.profileId,
      sid: info.sid,
      UserInfo,
      iat: Math.floor(now.getTime() / 1000),
    },
    { key: secret, algorithm: 'HS256' },
    { ttlSec: ttlSeconds },
  );
}

export { kindOfRoles as kindFromRoles } from '@mastr/rules/roles.ts';
