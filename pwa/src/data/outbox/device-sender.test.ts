import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appendOnly } from './append-only.ts';
import { createDeviceSender, type DeviceSender, type OutboxType } from './device-sender.ts';
import { createEntryBackOff } from './entry-back-off.ts';

const BACK_OFF = { firstMs: 1_000, maxMs: 8_000 };
const noJitter = () => 1;

/** A document type on the append-only strategy whose posts answer as `answer` says, recording what went. */
function type(name: string, answer: (ids: string[]) => 'ok' | 'refused' | 'down', failed: unknown[] = []) {
  const posted: string[][] = [];
  const strategy = appendOnly<{ id: string }>({
    idOf: (doc) => doc.id,
    batchSize: 10,
    resendAfterMs: 60_000,
    backOff: createEntryBackOff(BACK_OFF, noJitter),
    onFailed: (error) => failed.push(error),
    async post(batch) {
      const ids = batch.map((doc) => doc.id);
      const how = answer(ids);
      if (how === 'down') throw new TypeError('fetch failed');
      if (how === 'refused') throw Object.assign(new Error(`${name}: the sync server answered 500`), { name: 'SyncHttpError' });
      posted.push(ids);
    },
  });
  let changed = () => {};
  const outboxType: OutboxType = {
    deliver: strategy.deliver,
    watch: (onChange) => ((changed = onChange), { unsubscribe: () => (changed = () => {}) }),
  };
  return {
    outboxType,
    posted,
    /** What waits now (all of it), as the journal would tell. */
    waiting(ids: string[]) {
      if (strategy.waiting(ids.map((id) => ({ id })))) changed();
    },
  };
}

let sender: DeviceSender | null = null;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  sender?.stop();
  vi.useRealTimers();
});
const run = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

describe("the device's one sender", () => {
  it("runs every type's pass; an entry the server refuses pauses alone, with its own back-off, and the others go", async () => {
    let refuse = true;
    const failed: unknown[] = [];
    const checkIns = type('check-ins', (ids) => (refuse && ids.includes('bad') ? 'refused' : 'ok'), failed);
    const weeks = type('weeks', () => 'ok');
    sender = createDeviceSender({ types: [checkIns.outboxType, weeks.outboxType], backOff: BACK_OFF, onError: () => {}, random: noJitter });

    checkIns.waiting(['bad']);
    await run();
    expect(failed).toHaveLength(1);
    // The refused entry waits out its pause; a new check-in and a week go at once.
    checkIns.waiting(['bad', 'good']);
    weeks.waiting(['week-1']);
    await run();
    expect(checkIns.posted).toEqual([['good']]);
    expect(weeks.posted).toEqual([['week-1']]);

    // Its pause doubles while it keeps failing: 1 s, then 2 s.
    await run(1_000);
    expect(failed).toHaveLength(2);
    await run(1_999);
    expect(failed).toHaveLength(2);
    await run(1);
    expect(failed).toHaveLength(3);
    refuse = false;
    await run(4_000);
    expect(checkIns.posted).toEqual([['good'], ['bad']]);
  });

  it('pauses every type after a network failure, until the pause ends or a wake', async () => {
    let down = true;
    const checkIns = type('check-ins', () => (down ? 'down' : 'ok'));
    const weeks = type('weeks', () => 'ok');
    const errors: unknown[] = [];
    sender = createDeviceSender({ types: [checkIns.outboxType, weeks.outboxType], backOff: BACK_OFF, onError: (e) => errors.push(e), random: noJitter });

    checkIns.waiting(['a']);
    await run();
    expect(errors).toHaveLength(1);
    // Nothing can go while the device is offline: a change waits for the pause (no attempt per tap).
    weeks.waiting(['week-1']);
    await run(500);
    expect(weeks.posted).toEqual([]);
    down = false;
    sender.wake();
    await run();
    expect(checkIns.posted).toEqual([['a']]);
    expect(weeks.posted).toEqual([['week-1']]);
  });
});

describe('back-off per entry', () => {
  it('doubles per entry up to the cap, is due once its pause is over, and starts again after a success', () => {
    const backOff = createEntryBackOff({ firstMs: 1_000, maxMs: 4_000 }, noJitter);
    backOff.failed(['a'], 0);
    expect(backOff.due('a', 999)).toBe(false);
    expect(backOff.due('a', 1_000)).toBe(true);
    expect(backOff.due('b', 0)).toBe(true);
    backOff.failed(['a'], 1_000);
    backOff.failed(['a'], 3_000);
    backOff.failed(['a'], 7_000);
    expect(backOff.nextDueInMs(7_000)).toBe(4_000);
    backOff.succeeded(['a']);
    expect(backOff.nextDueInMs(7_000)).toBeUndefined();
    backOff.failed(['a', 'b'], 0);
    backOff.keepOnly(new Set(['b']));
    expect(backOff.due('a', 0)).toBe(true);
    expect(backOff.due('b', 0)).toBe(false);
  });
});
