import Boom from '@hapi/boom';
import type { SignInProfileSummary } from '@mastr/rules/api/auth.ts';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { ACCOUNT_KINDS } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { signInPayloadSchema } from '../schemas/account-schemas.ts';
import { profileDisplayName } from '../services/accounts/index.ts';
import { getProfile } from '../couch/stores/profiles-store.ts';
import {
  openSession,
  signInWithPassword,
  clientIp,
  accessCheckFor,
  revokeRefreshSession,
  sessionIdOfCookie,
} from '../services/auth/index.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

export const SIGN_IN_MESSAGES = {
  rateLimited: 'Too many sign-in attempts. Please try again later.',
  badCredentials: 'Incorrect email or password.',
  unverified: 'Please verify your email before signing in. Check your inbox for the link.',
  lapsed: 'This registration was not verified within 24 hours. Please register again.',
} as const;

/** Credentials are tiny: refuse anything bigger before parsing it. */
const MAX_SIGN_IN_BYTES = 4 * 1024;

/**
 * POST /api/auth/user|coach|gym {email, pwd} (§7 "Session"). Success sets the refresh cookie `jwt`
 * and answers the access token; coach and gym also get their profile id and display name.
 */
export const signInPlugin = contractPlugin('sign-in', (deps: Deps) =>
  ACCOUNT_KINDS.map((kind) =>
    defineRoute(`POST /api/auth/${kind}`, {
      options: {
        auth: false,
        payload: { allow: 'application/json', maxBytes: MAX_SIGN_IN_BYTES },
        validate: { payload: signInPayloadSchema },
      },
      async handler(request, h) {
        const { email, pwd } = request.payload;
        const result = await signInWithPassword(deps.couch, {
          kind,
          email,
          pwd,
          ip: clientIp(request.info.remoteAddress, request.headers['x-forwarded-for'], deps.config.trustProxyHops),
          now: deps.now(),
        });
        switch (result.outcome) {
          case 'rate-limited': {
            const error = Boom.tooManyRequests(SIGN_IN_MESSAGES.rateLimited);
            error.output.headers['Retry-After'] = String(result.retryAfterSeconds);
            throw error;
          }
          case 'bad-credentials':
            throw Boom.unauthorized(SIGN_IN_MESSAGES.badCredentials);
          case 'unverified':
            throw Boom.unauthorized(SIGN_IN_MESSAGES.unverified);
          case 'lapsed':
            throw Boom.unauthorized(SIGN_IN_MESSAGES.lapsed);
        }
        const { account } = result;
        // Every kind gets its name: a member's bar showed the email's initial until /api/me loaded (issue 24).
        const summary = await profileSummary(deps, account);
        const { accessToken, refreshCookie } = await openSession(deps, account);
        // The new cookie replaces the browser's old one, whose session nobody could use or end after
        // this: a device that logged out offline and signs in before its logout reached us (design/auth.md).
        const replaced = sessionIdOfCookie(request.state.jwt);
        if (replaced) {
          await revokeRefreshSession(deps.couch, request.state.jwt);
          accessCheckFor(deps).forgetSession(replaced);
        }
        h.state('jwt', refreshCookie);
        return { accessToken, ...summary };
      },
    }),
  ),
);

async function profileSummary(deps: Deps, account: AccountDoc): Promise<SignInProfileSummary> {
  const profile = await getProfile(deps.couch, account.kind, account.profileId);
  if (!profile) throw new Error(`Account ${account.profileId} has no ${account.kind} profile.`);
  return { profile_id: account.profileId, profile_name: profileDisplayName(profile) };
}
