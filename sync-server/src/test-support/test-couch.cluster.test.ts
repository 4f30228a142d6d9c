import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestCouch, type TestCouch } from './test-couch.ts';

/**
 * The cluster project's set-up reaches its workers: with nothing in the environment but the shared
 * release, `npm run test:cluster` runs every stack on a three-node Apache CouchDB cluster.
 */
describe('the cluster project', () => {
  let couch: TestCouch;
  beforeAll(async () => {
    couch = await startTestCouch();
  });
  afterAll(() => couch.close());

  it('runs its test stacks on a three-node Apache CouchDB cluster of the release its set-up found', async () => {
    expect(process.env.MASTR_TEST_COUCHDB_RELEASE).toBe(inject('couchRelease').release);
    expect({ kind: couch.kind, topology: couch.topology, nodes: couch.nodes.length }).toEqual({
      kind: 'apache',
      topology: 'cluster',
      nodes: 3,
    });
    const membership = (await (await fetch(`${couch.origin}/_membership`, { headers: auth(couch.url) })).json()) as {
      cluster_nodes: string[];
    };
    expect(membership.cluster_nodes).toHaveLength(3);
  });
});

const auth = (url: string) => {
  const { username, password } = new URL(url);
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
};
