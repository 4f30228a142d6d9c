/** Where a successful sign-in goes (§4): back to the page a guard or action came from, else the kind's home. */
import { DEFAULT_HOME, type AccountKind } from '@mastr/rules/roles.ts';

/** Only paths inside this app: '//host' and '/\host' would leave it (open redirect). */
function isAppPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/**
 * `state.from` is the Location a route guard (RequireRole) remembered, or a plain path left by a
 * link. Anything that is not an in-app path falls back to the kind's default home.
 */
export function returnPathAfterSignIn(state: unknown, kind: AccountKind): string {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  if (from && typeof from === 'object') {
    const { pathname, search } = from as { pathname?: unknown; search?: unknown };
    if (isAppPath(pathname)) return pathname + (typeof search === 'string' ? search : '');
  }
  return isAppPath(from) ? from : DEFAULT_HOME[kind];
}
