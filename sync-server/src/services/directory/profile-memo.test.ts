import { describe, expect, it } from 'vitest';
import type { UpdatesMark } from '../../sync/database-updates.ts';
import { memoiseProfiles } from './profile-memo.ts';

/** A stand-in `_db_updates` feed: `touch` tells of an update to a database. */
function feed() {
  const counts = new Map<string, number>();
  return {
    mark: (dbName: string): UpdatesMark => ({
      epoch: 1,
      count: counts.get(dbName) ?? 0,
      at: Date.now(),
      settled: true,
    }),
    unchangedSince: (dbName: string, mark: UpdatesMark) => (counts.get(dbName) ?? 0) === mark.count,
    touch: (dbName: string) => counts.set(dbName, (counts.get(dbName) ?? 0) + 1),
  };
}

function harness(options: { withFeed?: boolean; maxEntries?: number } = {}) {
  const updates = feed();
  const clock = { now: new Date('2026-11-20T09:00:00Z') };
  const computed: string[] = [];
  let failNext = false;
  const profile = memoiseProfiles(
    async (id, now) => {
      computed.push(id);
      await new Promise((resolve) => setImmediate(resolve));
      if (failNext) {
        failNext = false;
        throw new Error('couch down');
      }
      return {
        value: id === 'hidden' ? null : { id, at: now.toISOString() },
        // The answer changes each hour.
        timeKey: (at) => at.toISOString().slice(0, 13),
      };
    },
    {
      dbNamesOf: (id) => ['profiles', `gym_${id}`],
      now: () => clock.now,
      updates: options.withFeed === false ? undefined : updates,
      maxEntries: options.maxEntries,
    },
  );
  const read = async (id: string) => {
    const body = await profile(id);
    return body && (JSON.parse(body.json.toString()) as { id: string; at: string });
  };
  return { read, ready: profile.ready, computed, updates, clock, failNext: () => (failNext = true) };
}

describe('memoiseProfiles', () => {
  it('computes a profile once for callers at the same time, then serves it while nothing it read changed', async () => {
    const h = harness();
    const [a, b] = await Promise.all([h.read('g1'), h.read('g1')]);
    expect(a).toEqual(b);
    await h.read('g1');
    expect(h.computed).toEqual(['g1']);
  });

  it("computes again after an update to any database it read, and only that profile's", async () => {
    const h = harness();
    await h.read('g1');
    await h.read('g2');
    h.updates.touch('gym_g1');
    await h.read('g1');
    await h.read('g2');
    h.updates.touch('profiles');
    await h.read('g2');
    expect(h.computed).toEqual(['g1', 'g2', 'g1', 'g2']);
  });

  it('gives a kept answer at once only while it holds, never computing (the ready-answer lane)', async () => {
    const h = harness();
    expect(h.ready('g1')).toBeUndefined();
    expect(h.computed).toEqual([]);
    await h.read('g1');
    expect(JSON.parse(h.ready('g1')!.json.toString())).toMatchObject({ id: 'g1' });
    h.updates.touch('gym_g1');
    expect(h.ready('g1')).toBeUndefined();
    await h.read('g1');
    h.clock.now = new Date('2026-11-20T10:00:00Z');
    expect(h.ready('g1')).toBeUndefined();
    await h.read('hidden');
    expect(h.ready('hidden')).toBeUndefined();
    expect(h.computed).toEqual(['g1', 'g1', 'hidden']);
  });

  it('computes again once its time key moves, with no update anywhere', async () => {
    const h = harness();
    await h.read('g1');
    h.clock.now = new Date('2026-11-20T09:59:59Z');
    expect((await h.read('g1'))!.at).toBe('2026-11-20T09:00:00.000Z');
    h.clock.now = new Date('2026-11-20T10:00:00Z');
    expect((await h.read('g1'))!.at).toBe('2026-11-20T10:00:00.000Z');
    expect(h.computed).toEqual(['g1', 'g1']);
  });

  it('reads a time key found unchanged again only after a second', async () => {
    const h = harness();
    h.clock.now = new Date('2026-11-20T09:59:59.900Z');
    await h.read('g1');
    h.clock.now = new Date('2026-11-20T10:00:00.500Z'); // the hour has turned, 0.6 s after the check
    expect((await h.read('g1'))!.at).toBe('2026-11-20T09:59:59.900Z');
    h.clock.now = new Date('2026-11-20T10:00:00.900Z');
    expect((await h.read('g1'))!.at).toBe('2026-11-20T10:00:00.900Z');
    expect(h.computed).toEqual(['g1', 'g1']);
  });

  it('keeps "no answer" (not public) like an answer', async () => {
    const h = harness();
    expect(await h.read('hidden')).toBeNull();
    expect(await h.read('hidden')).toBeNull();
    expect(h.computed).toEqual(['hidden']);
  });

  it('without a feed computes every call', async () => {
    const h = harness({ withFeed: false });
    await h.read('g1');
    await h.read('g1');
    expect(h.computed).toEqual(['g1', 'g1']);
  });

  it('does not keep a failed computation', async () => {
    const h = harness();
    h.failNext();
    await expect(h.read('g1')).rejects.toThrow('couch down');
    expect(await h.read('g1')).toMatchObject({ id: 'g1' });
    await h.read('g1');
    expect(h.computed).toEqual(['g1', 'g1']);
  });

  it('drops the least recently served profile beyond its bound', async () => {
    const h = harness({ maxEntries: 2 });
    await h.read('g1');
    await h.read('g2');
    await h.read('g1'); // served: g2 is now the least recent
    await h.read('g3');
    await h.read('g1');
    await h.read('g2');
    expect(h.computed).toEqual(['g1', 'g2', 'g3', 'g2']);
  });
});
