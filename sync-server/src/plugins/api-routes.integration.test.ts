import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRouteKey } from '@mastr/rules/api/routes.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import type { ContractRouteApp } from './define-route.ts';
import type { ServedRouteKey } from './index.ts';

/**
 * Map → server, by the compiler: a key of the shared route map that no contract plugin serves is named
 * here as a type error (`npm run lint`). Server → map is `defineRoute`'s own type: its key must be a key
 * of the map. The test below closes the loop at run time: every /api route the server registers went
 * through `defineRoute`, under the key of its own method and path.
 */
type Unserved = Exclude<ApiRouteKey, ServedRouteKey>;
const everyMappedKeyIsServed: [Unserved] extends [never] ? true : Unserved = true;

/** The PWA's JSON 404 for any other /api path (static-pwa.ts), not a call of its own. */
const CATCH_ALL = '/api/{param*}';

describe('the shared route map (rules/api/routes.ts)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('every /api route the server registers is a route of the map, defined by its key', () => {
    expect(everyMappedKeyIsServed).toBe(true);
    const routes = stack.server.table().filter((route) => route.path.startsWith('/api/') && route.path !== CATCH_ALL);
    const registered = routes.map((route) => `${route.method.toUpperCase()} ${route.path}`);
    const defined = routes.map((route) => (route.settings.app as Partial<ContractRouteApp> | undefined)?.contract);
    expect(defined).toEqual(registered);
    expect(new Set(registered).size).toBe(registered.length);
  });
});
