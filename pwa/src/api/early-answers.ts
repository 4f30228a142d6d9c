/**
 * The public directory answer the first page will ask for, requested at start-up (issue 27,
 * design/decisions.md 136). `/gyms`, a gym's and a coach's page are code-split: without this, their
 * GET waited for the entry, then the page's chunk, then the render, a third round trip before the
 * page could show. Started by main.tsx, it now travels with the chunk; the page's first load takes
 * it once. Only a visitor with no session can be asked for ahead: a gym's page sends the member's
 * token (decision 65), which a kept session only has after its refresh.
 */
import { callApi } from './http.ts';

/** What a page's first call may take, keyed `kind:id` ('gyms:' for the list). */
const early = new Map<string, { answer: Promise<unknown>; at: number }>();

/** An early answer older than this is not handed out: the page asked much later, so ask again. */
const FRESH_MS = 10_000;

export type EarlyRequest = { kind: 'gyms' } | { kind: 'gym' | 'coach'; id: string };

/** Which directory GET the page at `pathname` makes first, if any. */
export function earlyRequestFor(pathname: string): EarlyRequest | null {
  if (/^\/gyms\/?$/.test(pathname)) return { kind: 'gyms' };
  const profile = /^\/(gyms|coaches)\/([^/]+)\/?$/.exec(pathname);
  if (!profile) return null;
  let id: string;
  try {
    id = decodeURIComponent(profile[2]);
  } catch {
    return null; // a malformed address: the page itself shows what it shows for it
  }
  return { kind: profile[1] === 'gyms' ? 'gym' : 'coach', id };
}

const keyOf = (request: EarlyRequest) => `${request.kind}:${'id' in request ? request.id : ''}`;

function send(request: EarlyRequest): Promise<unknown> {
  if (request.kind === 'gyms') return callApi('GET /api/gyms', {});
  if (request.kind === 'gym') return callApi('GET /api/gyms/{id}', { params: { id: request.id } });
  return callApi('GET /api/coaches/{id}', { params: { id: request.id } });
}

/** Starts the first page's directory GET now, for a visitor without a session. */
export function requestEarly(pathname: string, mayHaveSession: boolean): void {
  const request = earlyRequestFor(pathname);
  if (!request || (request.kind === 'gym' && mayHaveSession)) return;
  const answer = send(request);
  // Nobody may take it (the page never asked): a failure then is nobody's error.
  answer.catch(() => {});
  early.set(keyOf(request), { answer, at: Date.now() });
}

/** The early answer for `request`, once, while fresh; otherwise undefined (ask the server). */
export function takeEarly<T>(request: EarlyRequest): Promise<T> | undefined {
  const key = keyOf(request);
  const entry = early.get(key);
  early.delete(key);
  return entry && Date.now() - entry.at < FRESH_MS ? (entry.answer as Promise<T>) : undefined;
}
