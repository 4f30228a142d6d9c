import { randomInt } from 'node:crypto';
import type { Server } from '@hapi/hapi';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { createAccount } from '../services/accounts/index.ts';
import type { TestStack } from './test-stack.ts';

/** A password that satisfies the §5 rule. */
export const PASSWORD = 'Str0ng!Pass';

let counter = 0;

/** Creates an account directly (not through registration) with a unique email and mobile. */
export async function givenAccount(
  stack: TestStack,
  kind: AccountKind,
  options: { verified?: boolean; email?: string; pwd?: string | null } = {},
) {
  counter += 1;
  const email = options.email ?? `${kind}${counter}-${randomInt(1e9)}@example.com`;
  const mobile = `07${String(randomInt(1e9)).padStart(9, '0')}`;
  const names = {
    user: { firstName: 'Alex' },
    coach: { firstName: 'Casey', lastName: 'Jones' },
    gym: { gymName: 'Iron Temple' },
  }[kind];
  const { account, profile } = await createAccount(
    stack.couch,
    { kind, email, mobile, pwd: options.pwd === undefined ? PASSWORD : options.pwd, ...names },
    { verified: options.verified ?? true, now: stack.clock.now },
  );
  return { account, profile, email, mobile };
}

/** Each test uses its own client address so the per-IP sign-in limit of one test never trips another. */
export function nextIp(): string {
  counter += 1;
  return `10.0.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

export function signIn(server: Server, kind: AccountKind, email: string, pwd = PASSWORD, remoteAddress = nextIp()) {
  return server.inject({ method: 'POST', url: `/api/auth/${kind}`, payload: { email, pwd }, remoteAddress });
}

/** The raw `Set-Cookie` line for `jwt` (to check its attributes). */
export function jwtSetCookieLine(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const cookies = Array.isArray(raw) ? raw.map(String) : raw === undefined ? [] : [String(raw)];
  return cookies.find((c) => c.startsWith('jwt='));
}

/** The `jwt` cookie a response sets: its value, '' when the response clears it, undefined when untouched. */
export function jwtCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  return jwtSetCookieLine(res)?.slice('jwt='.length).split(';')[0];
}

export function refresh(server: Server, cookie: string) {
  return server.inject({ method: 'GET', url: '/api/refresh', headers: { cookie: `jwt=${cookie}` } });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Signs a verified account in and returns its tokens. */
export async function signedIn(stack: TestStack, kind: AccountKind, server: Server = stack.server) {
  const given = await givenAccount(stack, kind);
  const res = await signIn(server, kind, given.email);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.payload}`);
  const cookie = jwtCookieOf(res);
  if (!cookie) throw new Error('sign-in set no jwt cookie');
  return { ...given, accessToken: (res.result as { accessToken: string }).accessToken, cookie };
}
