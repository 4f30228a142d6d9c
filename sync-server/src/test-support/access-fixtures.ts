import Jwt from '@hapi/jwt';
import { accountDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import type { ServerConfig } from '../config.ts';
import { couchStatus, type Couch } from '../couch/couch.ts';
import { DB } from '../couch/databases.ts';
import { issueAccessToken, createRefreshSession, sessionIdOfCookie } from '../services/auth/index.ts';

/**
 * An access token as sign-in would issue it, for any profile id: the account document is created
 * if there is none (an existing one is left as it is, whatever its kind), and so is a refresh
 * session, so the server's access check admits the token (tests and benchmarks that need a tenant
 * without registering one).
 */
export async function mintAccessToken(
  env: { couch: Couch; config: Pick<ServerConfig, 'jwtAccessSecret' | 'accessTokenTtlSeconds' | 'refreshTtlSeconds'> },
  kind: AccountKind,
  profileId: string,
  now: Date = new Date(),
): Promise<string> {
  const email = `${kind}-${profileId}@example.com`;
  const account: AccountDoc = {
    _id: accountDocId(profileId),
    type: 'account',
    kind,
    profileId,
    email,
    mobile: '',
    mobileKey: '',
    passwordHash: null,
    verified: true,
    createdAt: now.toISOString(),
  };
  await env.couch
    .use<AccountDoc>(DB.accounts)
    .insert(account)
    .catch((err: unknown) => {
      if (couchStatus(err) !== 409) throw err;
    });
  // A session far longer than any test or benchmark, whatever their clocks say.
  const cookie = await createRefreshSession(env.couch, { accountId: profileId, kind }, 10 * 365 * 24 * 3600, now);
  return issueAccessToken(
    env.config.jwtAccessSecret,
    { email, kind, profileId, sid: sessionIdOfCookie(cookie)! },
    env.config.accessTokenTtlSeconds,
  );
}

/** The refresh session an access token names (to forge variants of a live token in tests). */
export function sessionIdOfToken(token: string): string {
  return (Jwt.token.decode(token).decoded.payload as { sid: string }).sid;
}
