import { GOOGLE_NOT_CONFIGURED } from '@mastr/rules/texts.ts';
import Bell from '@hapi/bell';
import Boom from '@hapi/boom';
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import type { GoogleConfig } from '../config.ts';
import type { Deps } from '../deps.ts';
import { openSession } from '../services/auth/index.ts';
import {
  findOrCreateGoogleMember,
  GoogleIdentityRefusedError,
  type GoogleIdentity,
} from '../services/account-lifecycle/index.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

const KEY = 'GET /api/auth/user/google';
/** The PWA page that refreshes the new session and returns to the stored googleReturnUrl (§2). */
const SUCCESS_PAGE = '/googlesuccess';
/** Where a cancelled or refused Google sign-in lands: the Google sign-in screen (§2). */
const FAILURE_PAGE = '/auth/google';

/** The parts of bell's Google profile we rely on. */
interface BellGoogleProfile {
  id: string;
  email?: string;
  displayName?: string;
  name?: { given_name?: string };
  raw?: { email_verified?: boolean };
}

/**
 * GET /api/auth/user/google (§7): the member OAuth flow through @hapi/bell. Bell redirects to Google,
 * handles the callback on the same path and fetches the profile; we then create or link the member,
 * open a refresh session (the `jwt` cookie) and send the browser to /googlesuccess.
 */
export const googleSignInPlugin = contractPlugin('google-sign-in', async (deps: Deps, server) => {
  const google = deps.config.google;
  if (!google) {
    return [
      defineRoute(KEY, {
        options: { auth: false },
        handler() {
          throw Boom.notImplemented(GOOGLE_NOT_CONFIGURED);
        },
      }),
    ];
  }
  await registerGoogleStrategy(server, deps, google);
  return [
    defineRoute(KEY, {
      options: { auth: { strategy: 'google', mode: 'try' } },
      async handler(request, h) {
        if (!request.auth.isAuthenticated) return h.redirect(FAILURE_PAGE);
        return completeGoogleSignIn(deps, request, h);
      },
    }),
  ];
});

async function registerGoogleStrategy(server: Server, deps: Deps, google: GoogleConfig): Promise<void> {
  await server.register(Bell);
  server.auth.strategy('google', 'bell', {
    provider: 'google',
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    password: deps.config.cookieSecret,
    isSecure: deps.config.production,
    // Google's callback is a cross-site navigation: a Strict state cookie would not come back with it.
    isSameSite: 'Lax',
    location: deps.config.publicUrl,
  });
}

async function completeGoogleSignIn(deps: Deps, request: Pick<Request, 'auth'>, h: ResponseToolkit) {
  const profile = (request.auth.credentials as { profile?: BellGoogleProfile }).profile;
  if (!profile?.id || !profile.email) return h.redirect(FAILURE_PAGE);
  const identity: GoogleIdentity = {
    sub: profile.id,
    email: profile.email,
    emailVerified: profile.raw?.email_verified === true,
    name: profile.name?.given_name ?? profile.displayName ?? '',
  };
  try {
    const account = await findOrCreateGoogleMember(deps, identity, deps.now());
    const { refreshCookie } = await openSession(deps, account);
    h.state('jwt', refreshCookie);
    return h.redirect(SUCCESS_PAGE);
  } catch (err) {
    if (err instanceof GoogleIdentityRefusedError) return h.redirect(FAILURE_PAGE);
    throw err;
  }
}
