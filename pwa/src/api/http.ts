/**
 * The one way the UI talks to the server: `callApi` with a route of the shared map
 * (rules/api/routes.ts). JSON in and out; `auth: true` adds the Bearer token and,
 * on a 401/403, refreshes the session once and retries once (§7 "Session"). Errors become ApiError
 * with the HTTP status (0 = no response) and the server's message, which screens map to the texts
 * of the error catalogue (§8).
 */
import type { ApiPathParam, ApiRequest, ApiResponse, ApiRouteKey } from '@mastr/rules/api/routes.ts';
import { tokenStore } from './token-store.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the access token (and refresh once on 401/403). */
  auth?: boolean;
  /** Send cookies: sign-in, registration, refresh and logout (§7). */
  credentials?: boolean;
  /** Query parameters, appended URI-encoded. */
  query?: Record<string, string>;
  signal?: AbortSignal;
}

type Refresher = () => Promise<string | null>;
let refresher: Refresher | null = null;

/** The session layer registers how to refresh; http stays free of React. */
export function setRefresher(fn: Refresher | null): void {
  refresher = fn;
}

/**
 * Refreshes the session the way the session layer registered (null before it has). The data layer's
 * replication, which sends the token itself and sits below session/, refreshes through it too.
 */
export function refreshAccess(): Promise<string | null> {
  return refresher ? refresher() : Promise.resolve(null);
}

async function send(path: string, options: ApiOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.auth && token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: options.credentials || options.auth ? 'include' : 'same-origin',
    signal: options.signal,
  });
}

async function parse(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await send(path, options, tokenStore.get().accessToken);
    if (options.auth && (response.status === 401 || response.status === 403)) {
      const fresh = await refreshAccess();
      if (fresh) response = await send(path, options, fresh);
    }
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'No Server Response');
  }
  const body = await parse(response);
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body
        ? String((body as { message: unknown }).message)
        : response.statusText;
    throw new ApiError(response.status, message, body);
  }
  return body as T;
}

/** `api`'s options for a route of the shared map: its path parameters and its body, if it has them. */
type RouteOptions<K extends ApiRouteKey> = Omit<ApiOptions, 'method' | 'body'> &
  ([ApiPathParam<K>] extends [never] ? { params?: undefined } : { params: Record<ApiPathParam<K>, string> }) &
  ([ApiRequest<K>] extends [undefined] ? { body?: undefined } : { body: ApiRequest<K> });

/**
 * `api` for a route of the shared map (rules/api/routes.ts): the method and path come from the key,
 * each `{name}` filled from `params` (URI-encoded), and the body and the answer are the route's types.
 */
export function callApi<K extends ApiRouteKey>(route: K, options: RouteOptions<K>): Promise<ApiResponse<K>> {
  const { params, ...rest } = options as ApiOptions & { params?: Record<string, string> };
  const [method, template] = route.split(' ') as [NonNullable<ApiOptions['method']>, string];
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const search = rest.query ? `?${new URLSearchParams(rest.query).toString()}` : '';
  return api<ApiResponse<K>>(path + search, { ...rest, method });
}

/** Status of an error thrown by `api` (0 when the server did not answer). */
export function statusOf(err: unknown): number {
  return err instanceof ApiError ? err.status : 0;
}
