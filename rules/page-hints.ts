/**
 * The files each landing page needs, as the build lists them for the server (issue 27, design/
 * decisions.md 189): the PWA's build writes them (pwa/page-hints-plugin.ts), the server names them in
 * the HTML it answers a landing path with (sync-server/src/plugins/page-hints.ts).
 */
import { ID_SOURCE } from './doc-ids.ts';

/** Each landing path, as the app's routes write it, and its files beyond those index.html names. */
export interface PageHints {
  [path: string]: { scripts: string[]; styles: string[] };
}

/** Where in the built app the hints are written: a hidden folder, which the server does not serve. */
export const PAGE_HINTS_FILE = '.vite/page-hints.json';

/** The request paths a landing path answers: `:id` is an id (so `/gyms/forgotten-password` is not a gym). */
export function landingPathPattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    if (segment === ':id') return ID_SOURCE;
    if (!/^[a-z0-9-]*$/.test(segment)) throw new Error(`A landing path takes ids and plain words only: ${path}`);
    return segment;
  });
  return new RegExp(`^${segments.join('/')}/?$`);
}
