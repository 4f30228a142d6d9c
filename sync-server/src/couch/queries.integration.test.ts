import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { DB } from './databases.ts';
import { findDocs, type FindQuery } from './find.ts';
import { newId } from './ids.ts';
import { QUERIES } from './queries.ts';

const at = new Date('2026-11-27T12:00:00Z').toISOString();

/** One example of each product query; a query added to QUERIES without one fails the first test. */
const EXAMPLES: Record<keyof typeof QUERIES, FindQuery> = {
  expiredAuthDocs: QUERIES.expiredAuthDocs('refresh-session', at, 100),
  unexpiredOneTimeTokens: QUERIES.unexpiredOneTimeTokens(newId(), 'reset', at),
  liveSessionsOfAccount: QUERIES.liveSessionsOfAccount(newId(), 200),
  authDocsOfAccount: QUERIES.authDocsOfAccount('one-time-token', newId(), 200),
  entryCodeClaimsOfPass: QUERIES.entryCodeClaimsOfPass(newId()),
  lapsedRegistrations: QUERIES.lapsedRegistrations(at, 50),
  interruptedDeletions: QUERIES.interruptedDeletions(at, 1000),
  membershipsOfCoach: QUERIES.membershipsOfCoach(newId(), ['registered', 'pending'], 100_000, ['gymId', 'state']),
  paymentOfIntent: QUERIES.paymentOfIntent('pi_123'),
  dueMails: QUERIES.dueMails('2026-11-27T10:00:00.000Z', 20),
};

/**
 * Mango index selection (issue 23). Apache CouchDB runs a `_find` on the index it names only when the
 * selector names every field of that index; otherwise it scans another way and says so in a
 * `warning` (the embedded server's pouchdb-find warns only when no index fits at all). Each product
 * query is run on both databases and must come back without a warning, and on Apache CouchDB its
 * `_explain` must name its index; a warning, should one come, is logged once per query shape.
 */
describe('Mango queries run on their indexes', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const post = (query: FindQuery, endpoint: '_find' | '_explain') => {
    const { db, ...body } = query;
    return stack.couch.request({ db, method: 'POST', path: endpoint, body }) as Promise<{
      warning?: string;
      index?: { ddoc: string };
    }>;
  };

  it('has an example of every product query', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(Object.keys(QUERIES).sort());
  });

  it('runs each product query on the index it names, without a warning', async () => {
    for (const [name, query] of Object.entries(EXAMPLES)) {
      expect((await post(query, '_find')).warning, name).toBeUndefined();
      if (stack.couchServer.kind === 'apache') {
        expect((await post(query, '_explain')).index?.ddoc, name).toBe(`_design/${query.use_index}`);
      }
    }
  });

  it('logs a warning once per query shape, whatever its values (Apache CouchDB; the embedded server refuses the query)', async () => {
    // Named for an index whose fields it lacks: Apache CouchDB answers, saying the index was not used.
    const unindexed = (value: string): FindQuery => ({
      db: DB.accounts,
      selector: { nothing: value },
      use_index: 'by-type-pass',
      limit: 1,
    });
    if (stack.couchServer.kind === 'embedded') {
      // pouchdb-find refuses a query its named index cannot serve (it warns only when none is named,
      // and the product always names one), so there such a query fails every test that runs it.
      await expect(findDocs(stack.couch, unindexed('a'))).rejects.toThrow(
        'There is no index available for this selector.',
      );
      return;
    }
    const before = stack.logs().length;
    await findDocs(stack.couch, unindexed('a'));
    await findDocs(stack.couch, unindexed('b'));
    const logged = stack.logs().slice(before);
    expect(logged).toEqual([
      expect.objectContaining({
        msg: 'CouchDB _find answered with a warning',
        query: 'mastr_accounts by-type-pass {"nothing":"?"}',
        warning: expect.stringMatching(/index/i),
      }),
    ]);
  });
});
