import { describe, expect, it } from 'vitest';
import { createDecodeGate } from './decode-gate.ts';

/** A piece of work that finishes when told to. */
function pending<T>(value: T) {
  let finish!: () => void;
  const done = new Promise<T>((resolve) => (finish = () => resolve(value)));
  return { work: () => done, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('decode gate', () => {
  it('runs `slots` at once, queues `queue` more, turns the next away, and runs the queued in order', async () => {
    const gate = createDecodeGate({ slots: 1, queue: 2 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c'].map((name) => {
      const job = pending(name);
      return { ...job, answer: gate.run(name, () => (started.push(name), job.work())) };
    });
    await tick();
    expect(started).toEqual(['a']);
    expect(await gate.run('d', async () => 'd')).toEqual({ outcome: 'full' });

    jobs[0].finish();
    expect(await jobs[0].answer).toEqual({ outcome: 'done', value: 'a' });
    await tick();
    expect(started).toEqual(['a', 'b']);
    jobs[1].finish();
    jobs[2].finish();
    expect(await Promise.all(jobs.slice(1).map((j) => j.answer))).toEqual([
      { outcome: 'done', value: 'b' },
      { outcome: 'done', value: 'c' },
    ]);
    // All slots free again: the next runs at once.
    expect(await gate.run('e', async () => 'e')).toEqual({ outcome: 'done', value: 'e' });
  });

  it('lets an account have one upload decoding or waiting, and frees it when that one ends or fails', async () => {
    const gate = createDecodeGate({ slots: 2, queue: 4 });
    const first = pending('first');
    const running = gate.run('member', first.work);
    expect(await gate.run('member', async () => 'second')).toEqual({ outcome: 'account-busy' });
    expect(await gate.run('other', async () => 'other')).toEqual({ outcome: 'done', value: 'other' });
    first.finish();
    await running;
    await expect(
      gate.run('member', async () => {
        throw new Error('decoder failed');
      }),
    ).rejects.toThrow('decoder failed');
    expect(await gate.run('member', async () => 'again')).toEqual({ outcome: 'done', value: 'again' });
  });
});
