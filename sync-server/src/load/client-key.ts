import Jwt from '@hapi/jwt';
import { isId } from '@mastr/rules/doc-ids.ts';
import { clientIp } from '../services/auth/index.ts';

interface KeyedRequest {
  headers: Record<string, unknown>;
  info: { remoteAddress: string };
}

/**
 * Whose budget a request draws from: the account of a Bearer token this server signed
 * (`account:{profileId}`), else the client's address (`address:{ip}`, behind trusted proxies the
 * one they saw: client-ip.ts). Only the signature is checked here (one HMAC, no CouchDB): a token
 * that is well signed but expired or logged out still names its account, and the auth strategy
 * refuses it after; a forged or broken one falls back to the address, so nobody can spend another
 * account's budget.
 */
export function clientKey(request: KeyedRequest, jwtSecret: string, trustedProxyHops: number): string {
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
  if (bearer) {
    try {
      const artifacts = Jwt.token.decode(bearer);
      Jwt.token.verifySignature(artifacts, { key: jwtSecret, algorithm: 'HS256' });
      const profileId = (artifacts.decoded.payload as { UserInfo?: { profileId?: unknown } }).UserInfo?.profileId;
      if (typeof profileId === 'string' && isId(profileId)) return `account:${profileId}`;
    } catch {
      // Not one of ours: the address pays.
    }
  }
  return `address:${clientIp(request.info.remoteAddress, request.headers['x-forwarded-for'], trustedProxyHops)}`;
}
