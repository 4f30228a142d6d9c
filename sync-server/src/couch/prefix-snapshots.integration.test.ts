import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectCouch, ensureDatabase, type Couch } from './couch.ts';
import { startEmbeddedCouch, type EmbeddedCouch } from './embedded-couch.ts';
import { createPrefixSnapshots } from './prefix-snapshots.ts';

interface Doc {
  _id: string;
  _rev?: string;
  type: string;
  n: number;
}

describe('prefix snapshots', () => {
  let server: EmbeddedCouch;
  let couch: Couch;
  let dbCount = 0;
  beforeAll(async () => {
    server = await startEmbeddedCouch({ port: 0 });
    couch = connectCouch(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  async function freshDb(docs: Doc[] = []): Promise<string> {
    const name = `snapshots_${(dbCount += 1)}`;
    await ensureDatabase(couch, name);
    if (docs.length) await couch.use<Doc>(name).bulk({ docs });
    return name;
  }

  const snapshotsOf = (options: { maxDatabases?: number; changesPerCall?: number } = {}) =>
    createPrefixSnapshots(couch, {
      prefixes: ['a:', 'b:'],
      // Keeps what it is asked to keep, and shows the projection is applied.
      project: (doc) => (doc.type === 'skip' ? null : { id: doc._id, n: (doc as unknown as Doc).n }),
      maxDatabases: options.maxDatabases ?? 4,
      changesPerCall: options.changesPerCall,
    });

  const sorted = (docs: readonly { id: string; n: number }[]) => [...docs].sort((x, y) => x.id.localeCompare(y.id));

  it('reads the documents of its prefixes, projected, and nothing else', async () => {
    const name = await freshDb([
      { _id: 'a:1', type: 't', n: 1 },
      { _id: 'b:1', type: 't', n: 2 },
      { _id: 'c:1', type: 't', n: 3 },
      { _id: 'a:2', type: 'skip', n: 4 },
    ]);
    expect(sorted(await snapshotsOf().read(name))).toEqual([
      { id: 'a:1', n: 1 },
      { id: 'b:1', n: 2 },
    ]);
  });

  it('answers every later read with what the database holds then: new, changed and deleted documents', async () => {
    const name = await freshDb([
      { _id: 'a:1', type: 't', n: 1 },
      { _id: 'a:2', type: 't', n: 2 },
    ]);
    const snapshots = snapshotsOf();
    await snapshots.read(name);
    const db = couch.use<Doc>(name);
    const a1 = await db.get('a:1');
    const a2 = await db.get('a:2');
    await db.bulk({
      docs: [
        { ...a1, n: 10 },
        { ...a2, _deleted: true } as unknown as Doc,
        { _id: 'b:3', type: 't', n: 3 },
        { _id: 'c:3', type: 't', n: 3 },
      ],
    });
    expect(sorted(await snapshots.read(name))).toEqual([
      { id: 'a:1', n: 10 },
      { id: 'b:3', n: 3 },
    ]);
    // A document that stops being kept (the projection refuses it) leaves the snapshot.
    await db.insert({ ...(await db.get('b:3')), type: 'skip' });
    expect(sorted(await snapshots.read(name))).toEqual([{ id: 'a:1', n: 10 }]);
  });

  it('catches up over more changes than one call reads', async () => {
    const name = await freshDb([{ _id: 'a:0', type: 't', n: 0 }]);
    const snapshots = snapshotsOf({ changesPerCall: 3 });
    await snapshots.read(name);
    await couch.use<Doc>(name).bulk({
      docs: Array.from({ length: 10 }, (_, i) => ({ _id: `b:${i}`, type: 't', n: i })),
    });
    expect(await snapshots.read(name)).toHaveLength(11);
  });

  it('gives concurrent reads each at least what was written before it began', async () => {
    const name = await freshDb();
    const snapshots = snapshotsOf();
    const db = couch.use<Doc>(name);
    const reads: Promise<readonly unknown[]>[] = [];
    for (let i = 0; i < 5; i += 1) {
      await db.insert({ _id: `a:${i}`, type: 't', n: i });
      reads.push(snapshots.read(name));
    }
    const seen = (await Promise.all(reads)).map((docs) => docs.length);
    seen.forEach((count, i) => expect(count).toBeGreaterThanOrEqual(i + 1));
    expect(seen).toEqual([...seen].sort());
    expect(seen.at(-1)).toBe(5);
  });

  it('answers none for a missing database, and finds it once it exists', async () => {
    const snapshots = snapshotsOf();
    const name = `snapshots_missing_${(dbCount += 1)}`;
    expect(await snapshots.read(name)).toEqual([]);
    await ensureDatabase(couch, name);
    await couch.use<Doc>(name).insert({ _id: 'a:1', type: 't', n: 1 });
    expect(await snapshots.read(name)).toEqual([{ id: 'a:1', n: 1 }]);
  });

  it('answers the same list until a kept document changes', async () => {
    const name = await freshDb([{ _id: 'a:1', type: 't', n: 1 }]);
    const snapshots = snapshotsOf();
    const first = await snapshots.read(name);
    const db = couch.use<Doc>(name);
    await db.insert({ _id: 'c:1', type: 't', n: 2 }); // not kept
    expect(await snapshots.read(name)).toBe(first);
    await db.insert({ _id: 'b:1', type: 't', n: 3 });
    const changed = await snapshots.read(name);
    expect(changed).not.toBe(first);
    expect(changed).toHaveLength(2);
    expect(Object.isFrozen(changed)).toBe(true);
  });

  it('keeps only the most recently read databases, and reads a dropped one afresh', async () => {
    const snapshots = snapshotsOf({ maxDatabases: 1 });
    const first = await freshDb([{ _id: 'a:1', type: 't', n: 1 }]);
    const second = await freshDb([{ _id: 'a:1', type: 't', n: 2 }]);
    expect(await snapshots.read(first)).toEqual([{ id: 'a:1', n: 1 }]);
    expect(await snapshots.read(second)).toEqual([{ id: 'a:1', n: 2 }]);
    const db = couch.use<Doc>(first);
    await db.insert({ ...(await db.get('a:1')), n: 5 });
    expect(await snapshots.read(first)).toEqual([{ id: 'a:1', n: 5 }]);
  });
});
