import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, UNLIMITED_CLIENT_BUDGETS, type TestStack } from '../test-support/test-stack.ts';
import { ACCESS_EXPECTATIONS } from './access-expectations.ts';
import { buildParty, type Party } from './access-world.ts';
import type { MatrixCall, RouteExpectation } from './expectation-types.ts';
import { identitiesOf, type Identity } from './identities.ts';
import { changesBetween, privateMarkersOf, snapshotOf } from './victim-data.ts';

/**
 * The access matrix (design/security.md): every route of Hapi's route table, sync gateway included,
 * called by seven identities with the other party's ids in path and body. Each answer must be the
 * expected one, carry none of the other party's private data, and leave the other party's data as
 * it was (apart from the marketplace interactions an expectation names).
 */

/** Requests in flight at once: enough to finish in time on a busy 2-core box, few enough to stay fair. */
const BATCH = 6;

const routeKey = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;

function expectedStatuses(expectation: RouteExpectation, identity: Identity): readonly number[] {
  if (expectation.audience === 'public') return expectation.answers;
  if (identity.role === null) return [401];
  if (expectation.audience === 'tenant-owner' || expectation.audience !== identity.role) return [403];
  return expectation.answers;
}

interface Tried {
  key: string;
  call: MatrixCall;
  status: number;
}

describe('access matrix: every route × seven identities, with the other party’s ids', () => {
  let stack: TestStack;
  let a: Party;
  let b: Party;
  /** Every document of both parties as the world was built: no identity may change one of another party's. */
  let fixtures: Set<string>;

  beforeAll(async () => {
    stack = await startTestStack(UNLIMITED_CLIENT_BUDGETS);
    [a, b] = await Promise.all([buildParty(stack, 'A'), buildParty(stack, 'B')]);
    fixtures = new Set([...(await snapshotOf(stack, a)).keys(), ...(await snapshotOf(stack, b)).keys()]);
  }, 90_000);
  afterAll(async () => {
    await stack.stop();
  });

  const registeredKeys = () => stack.server.table().map(routeKey);

  it('has an expected answer for every route the server registers, and for no other', () => {
    const registered = registeredKeys();
    expect(
      registered.filter((key) => !(key in ACCESS_EXPECTATIONS)),
      'routes without an expectation',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS_EXPECTATIONS).filter((key) => !registered.includes(key)),
      'stale expectations',
    ).toEqual([]);
  });

  it('lets no identity read or change what is not theirs', async () => {
    const failures: string[] = [];
    let pairs = 0;
    let requests = 0;
    const keys = registeredKeys().filter((key) => key in ACCESS_EXPECTATIONS);
    const identities = identitiesOf(a, b);

    /** Runs some routes as one identity and checks answers, leaks and the victim's data. */
    async function run(identity: Identity, routeKeys: string[]) {
      const { victim, own } = identity;
      const markers = await privateMarkersOf(stack, victim);
      const before = await snapshotOf(stack, victim);
      const jobs = routeKeys.flatMap((key) =>
        ACCESS_EXPECTATIONS[key].calls(victim, own).map((call) => ({ key, call })),
      );
      const tried: Tried[] = [];
      for (let i = 0; i < jobs.length; i += BATCH) {
        await Promise.all(
          jobs.slice(i, i + BATCH).map(async ({ key, call }) => {
            const res = await stack.server.inject({
              method: call.method ?? key.split(' ')[0],
              url: call.url,
              headers: { ...identity.headers, ...call.headers },
              ...(call.payload === undefined ? {} : { payload: call.payload as object }),
              ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
            });
            tried.push({ key, call, status: res.statusCode });
            const expected = expectedStatuses(ACCESS_EXPECTATIONS[key], identity);
            const label = `${identity.name}: ${call.method ?? key.split(' ')[0]} ${call.url}`;
            if (!expected.includes(res.statusCode))
              failures.push(
                `${label} answered ${res.statusCode} (expected ${expected.join('/')}): ${res.payload.slice(0, 160)}`,
              );
            const leaked = markers.filter((marker) => res.payload.includes(marker));
            if (leaked.length)
              failures.push(`${label} carried party ${victim.name}'s private data: ${leaked.join(', ')}`);
          }),
        );
      }
      pairs += routeKeys.length;
      requests += tried.length;
      const allowed = tried.flatMap(({ key, status }) =>
        status < 300 ? (ACCESS_EXPECTATIONS[key].touches?.(victim, own) ?? []) : [],
      );
      const changed = changesBetween(before, await snapshotOf(stack, victim)).filter(
        (change) =>
          fixtures.has(change) || !allowed.some((prefix) => change.slice(change.indexOf('/') + 1).startsWith(prefix)),
      );
      if (changed.length) failures.push(`${identity.name} changed party ${victim.name}'s data: ${changed.join(', ')}`);
    }

    const started = Date.now();
    const lasting = keys.filter((key) => !ACCESS_EXPECTATIONS[key].endsCaller);
    for (const identity of identities) await run(identity, lasting);
    // Deleting one's own account ends the identity: those routes run last, wrong roles first.
    const ending = keys.filter((key) => ACCESS_EXPECTATIONS[key].endsCaller);
    for (const identity of identities)
      await run(
        identity,
        [...ending].sort((x) => (ACCESS_EXPECTATIONS[x].audience === identity.role ? 1 : -1)),
      );

    console.info(
      `access matrix: ${pairs} (route × identity) pairs, ${requests} requests, ${keys.length} routes, ` +
        `${identities.length} identities, ${failures.length} failures, ${Date.now() - started} ms`,
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
