import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCouch, type TestCouch } from '../test-support/test-couch.ts';
import { connectCouch, setupDatabases } from './couch.ts';
import { INDEXES } from './databases.ts';

/**
 * On a three-node cluster a new Mango index reaches the nodes one by one (50–150 ms, longer on a busy
 * box): a `_find` that needs it is refused `no_usable_index` meanwhile (design/architecture.md "On a
 * CouchDB cluster").
 */
describe('Mango indexes on a CouchDB cluster', () => {
  let cluster: TestCouch;
  beforeAll(async () => {
    cluster = await startTestCouch();
  });
  afterAll(() => cluster.close());

  /** `_find` sorted by the index's fields, which only that index can serve, sent to one node directly. */
  const sortedFind = async (nodeUrl: string, db: string, fields: string[]) => {
    const { origin, username, password } = new URL(nodeUrl);
    const res = await fetch(`${origin}/${db}/_find`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      },
      body: JSON.stringify({
        selector: Object.fromEntries(fields.map((f) => [f, { $exists: true }])),
        sort: fields.map((f) => ({ [f]: 'asc' })),
        limit: 1,
      }),
    });
    return `${res.status} ${res.status === 200 ? '' : ((await res.json()) as { error: string }).error}`.trim();
  };

  it('has every index usable on every node once setupDatabases has finished (start-up reports healthy only after it)', async () => {
    await setupDatabases(connectCouch(cluster.url));
    const answers: Record<string, string> = {};
    for (const node of cluster.nodes)
      for (const [db, indexes] of Object.entries(INDEXES))
        for (const index of indexes)
          answers[`${node.name} ${db} ${index.name}`] = await sortedFind(node.url, db, index.fields);
    expect(Object.entries(answers).filter(([, answer]) => answer !== '200')).toEqual([]);
  });

  it('answers a sorted _find made right after its index was created, through any node, instead of refusing it', async () => {
    const couch = connectCouch(cluster.url);
    const perNode = cluster.nodes.map((node) => connectCouch(node.url));
    const failures: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      const db = `mastr_index_probe_${round}`;
      await couch.db.create(db);
      await couch.use(db).bulk({
        docs: [
          { kind: 'a', at: 2 },
          { kind: 'a', at: 1 },
        ],
      });
      await couch.use(db).createIndex({ index: { fields: ['kind', 'at'] }, name: 'by-kind-at', ddoc: 'by-kind-at' });
      await Promise.all(
        perNode.map(async (node, i) => {
          try {
            const { docs } = await node.use<{ at: number }>(db).find({
              selector: { kind: 'a', at: { $gt: 0 } },
              sort: [{ kind: 'asc' }, { at: 'asc' }],
            });
            if (docs.map((d) => d.at).join() !== '1,2')
              failures.push(`round ${round} node${i + 1}: ${docs.length} docs`);
          } catch (err) {
            failures.push(`round ${round} node${i + 1}: ${(err as Error).message}`);
          }
        }),
      );
    }
    expect(failures).toEqual([]);
  });
});
