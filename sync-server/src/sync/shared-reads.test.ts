import { describe, expect, it } from 'vitest';
import { createSharedReads } from './shared-reads.ts';

/** A read that answers when told, counting how often it was made. */
function slowRead<T>() {
  let calls = 0;
  const pending: ((value: T) => void)[] = [];
  const failing: ((error: Error) => void)[] = [];
  return {
    read: () => {
      calls += 1;
      return new Promise<T>((resolve, reject) => {
        pending.push(resolve);
        failing.push(reject);
      });
    },
    answer: (value: T) => pending.shift()!(value),
    fail: (error: Error) => (pending.shift(), failing.shift()!(error)),
    calls: () => calls,
  };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('identical reads in flight at once', () => {
  it('share one read when its answer is useful, the later caller knowing it is shared', async () => {
    const reads = createSharedReads<{ results: number[] }>();
    const db = slowRead<{ results: number[] }>();
    const first = reads.read('db?since=5', db.read, (a) => a.results.length > 0);
    const second = reads.read('db?since=5', db.read, (a) => a.results.length > 0);
    await tick();
    db.answer({ results: [6, 7] });
    expect(await first).toEqual({ answer: { results: [6, 7] }, shared: false });
    expect(await second).toEqual({ answer: { results: [6, 7] }, shared: true });
    expect(db.calls()).toBe(1);
  });

  it('read for themselves when the running answer is not useful (it began before they asked)', async () => {
    const reads = createSharedReads<{ results: number[] }>();
    const db = slowRead<{ results: number[] }>();
    void reads.read('db?since=5', db.read, (a) => a.results.length > 0);
    const second = reads.read('db?since=5', db.read, (a) => a.results.length > 0);
    await tick();
    db.answer({ results: [] });
    await tick();
    expect(db.calls()).toBe(2);
    db.answer({ results: [6] });
    expect(await second).toEqual({ answer: { results: [6] }, shared: false });
  });

  it('never share between different keys, and read afresh once the read has ended', async () => {
    const reads = createSharedReads<string>();
    const db = slowRead<string>();
    const a = reads.read('db-a?since=5', db.read, () => true);
    const b = reads.read('db-b?since=5', db.read, () => true);
    expect(db.calls()).toBe(2);
    db.answer('a');
    db.answer('b');
    expect((await a).answer).toBe('a');
    expect((await b).answer).toBe('b');
    const later = reads.read('db-a?since=5', db.read, () => true);
    expect(db.calls()).toBe(3);
    db.answer('a again');
    expect(await later).toEqual({ answer: 'a again', shared: false });
  });

  it('a failed read fails its own caller; one waiting on it reads for itself', async () => {
    const reads = createSharedReads<string>();
    const db = slowRead<string>();
    const first = reads.read('db?since=5', db.read, () => true);
    const second = reads.read('db?since=5', db.read, () => true);
    db.fail(new Error('CouchDB went away'));
    await expect(first).rejects.toThrow('CouchDB went away');
    await tick();
    db.answer('read again');
    expect(await second).toEqual({ answer: 'read again', shared: false });
  });
});
