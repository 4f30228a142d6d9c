import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectCouch, type Couch } from '../../couch/couch.ts';
import { startTestCouch, type TestCouch } from '../../test-support/test-couch.ts';
import { memoiseBySequence, SETTLE_MS } from './sequence-memo.ts';

/**
 * The directory's memo on whichever CouchDB the environment names: on a cluster each read of
 * `update_seq` names different shard copies, and a memo keyed on it recomputed on most calls.
 */
describe('memoiseBySequence: a whole-database view recomputed only after the database changed', () => {
  let server: TestCouch;
  let couch: Couch;
  const DB_NAME = 'mastr_memo_probe';
  const clock = { ms: Date.parse('2026-11-27T10:00:00Z') };
  let computations = 0;
  let memo: () => Promise<string[]>;

  const names = async () => {
    computations += 1;
    const rows = (await couch.use<{ name: string }>(DB_NAME).list({ include_docs: true })).rows;
    return rows.map((r) => r.doc!.name).sort();
  };

  beforeAll(async () => {
    server = await startTestCouch();
    couch = connectCouch(server.url);
    await couch.db.create(DB_NAME);
    await couch.use<{ name: string }>(DB_NAME).insert({ _id: 'a', name: 'Apex Boxing' });
    memo = memoiseBySequence(couch, DB_NAME, names, () => clock.ms);
  });
  afterAll(async () => {
    await couch.db.destroy(DB_NAME).catch(() => undefined);
    await server.close();
  });

  it('computes once, settles once, then answers from memory however often it is asked', async () => {
    expect(await memo()).toEqual(['Apex Boxing']);
    expect(computations).toBe(1);
    for (let i = 0; i < 20; i++) expect(await memo()).toEqual(['Apex Boxing']);
    expect(computations).toBe(1);
    // A second after a computation it is done once more (a cluster's range read can lag), then trusted.
    clock.ms += SETTLE_MS;
    expect(await memo()).toEqual(['Apex Boxing']);
    expect(computations).toBe(2);
    clock.ms += 10 * SETTLE_MS;
    for (let i = 0; i < 20; i++) await memo();
    expect(computations).toBe(2);
  });

  it('recomputes after a write, shows it, and shares one computation between concurrent calls', async () => {
    const before = computations;
    await couch.use<{ name: string }>(DB_NAME).insert({ _id: 'b', name: 'Bristol Muay Thai' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => memo()));
    for (const answer of answers) expect(answer).toEqual(['Apex Boxing', 'Bristol Muay Thai']);
    expect(computations).toBe(before + 1);
    // Settling after the change, then memory again.
    clock.ms += SETTLE_MS;
    await memo();
    clock.ms += SETTLE_MS;
    for (let i = 0; i < 10; i++) await memo();
    expect(computations).toBe(before + 2);
  });

  it('forgets a failed computation instead of serving the failure', async () => {
    let fail = true;
    const flaky = memoiseBySequence(
      couch,
      DB_NAME,
      async () => {
        if (fail) throw new Error('CouchDB timed out');
        return 'ok';
      },
      () => clock.ms,
    );
    await expect(flaky()).rejects.toThrow('CouchDB timed out');
    fail = false;
    expect(await flaky()).toBe('ok');
  });
});
