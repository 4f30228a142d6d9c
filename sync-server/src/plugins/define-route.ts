import type {
  Lifecycle,
  Plugin,
  Request,
  ResponseObject,
  ResponseToolkit,
  RouteOptions,
  Server,
  ServerRoute,
} from '@hapi/hapi';
import type { ApiPathParam, ApiRequest, ApiResponse, ApiRouteKey } from '@mastr/rules/api/routes.ts';
import type { Deps } from '../deps.ts';

/**
 * The server's side of the typed contract (rules/api/routes.ts, decision 115): a route is defined by its
 * key in the route map, the key the PWA's `callApi` uses, so its method and path, the handler's body and
 * path parameters and the answer it may give all come from that one key. Everything here is types and
 * one split of the key at start-up: a request costs nothing more than a plain `server.route`.
 */

declare const answerBody: unique symbol;
/** A response made by `reply`: a status or headers of its own, its body still checked against the route's answer. */
export type Reply<T> = ResponseObject & { readonly [answerBody]: T };

/** The handler's request: the contract's body and `{name}` path parameters. */
type RouteRequest<K extends ApiRouteKey> = Omit<Request, 'payload' | 'params'> & {
  readonly payload: ApiRequest<K>;
  readonly params: Record<ApiPathParam<K>, string>;
};

/**
 * What a handler may return: the route's answer, or a `reply` carrying it. A route without a body
 * (204, a redirect) returns the response object it builds; a route whose answer is `unknown` (image
 * bytes, a calendar file, Stripe's raw call) returns anything.
 */
type Answer<R> = [R] extends [undefined] ? ResponseObject : R | Reply<R>;

interface RouteSpec<K extends ApiRouteKey> {
  /** Hapi's route options (auth, validate, payload, ...), passed through untouched. */
  options?: Omit<RouteOptions, 'handler' | 'app'>;
  handler(request: RouteRequest<K>, h: ResponseToolkit): Answer<ApiResponse<K>> | Promise<Answer<ApiResponse<K>>>;
}

/** A route of the contract, ready for `server.route`; `key` names it in the route map. */
export interface ContractRoute<K extends ApiRouteKey> {
  readonly key: K;
  readonly method: ServerRoute['method'];
  readonly path: string;
  readonly options: RouteOptions;
}

/** Where a registered route keeps its contract key (`route.settings.app`): the route-map test reads it. */
export interface ContractRouteApp {
  contract: ApiRouteKey;
}

/**
 * A route of the map: `defineRoute('POST /api/me/coaches/requestgym', { options: { auth, validate }, handler })`.
 */
export function defineRoute<K extends ApiRouteKey>(key: K, spec: RouteSpec<K>): ContractRoute<K> {
  const space = key.indexOf(' ');
  const app: ContractRouteApp = { contract: key };
  return {
    key,
    method: key.slice(0, space) as ServerRoute['method'],
    path: key.slice(space + 1),
    options: { ...spec.options, handler: spec.handler as unknown as Lifecycle.Method, app },
  };
}

/** `reply(h, answer, 201)`: a status (or headers) of its own, the body still checked against the route's answer. */
export function reply<T>(h: ResponseToolkit, body: T, code: number): Reply<T> {
  return h.response(body as object).code(code) as Reply<T>;
}

/**
 * A refusal that carries more than `{message}` (a 400 with a refreshed list, a 409 with the state that
 * won; rules/api's area files declare them): outside the success answer, so it fits any route.
 */
export function refuse(h: ResponseToolkit, body: { message: string }, code: number): Reply<never> {
  return h.response(body).code(code) as Reply<never>;
}

declare const servedKeys: unique symbol;
/** A plugin of contract routes; `K` (types only) is the keys it serves, which the route-map test adds up. */
export type ContractPlugin<K extends ApiRouteKey> = Plugin<Deps> & { readonly [servedKeys]: K };

/** The keys a contract plugin serves. */
export type ServedKeys<P> = P extends { readonly [servedKeys]: infer K } ? K : never;

/**
 * A plugin whose routes are all contract routes. `routes` runs once at registration (it may first
 * set up what the routes need, e.g. an auth strategy), and every route it answers is registered.
 */
export function contractPlugin<R extends ContractRoute<ApiRouteKey>>(
  name: string,
  routes: (deps: Deps, server: Server) => readonly R[] | Promise<readonly R[]>,
): ContractPlugin<R['key']> {
  const plugin: Plugin<Deps> = {
    name,
    async register(server, deps) {
      for (const { method, path, options } of await routes(deps, server)) server.route({ method, path, options });
    },
  };
  // The served keys are a type only: nothing reads them at run time.
  return plugin as ContractPlugin<R['key']>;
}
