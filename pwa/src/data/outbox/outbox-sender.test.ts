import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backOffMs, createOutboxSender, type OutboxSender } from './outbox-sender.ts';

/** A delivery pass stand-in: each call is held until the test answers it. */
function passes() {
  const calls: { resolve: (next?: { lookAgainInMs?: number }) => void; reject: (error: unknown) => void }[] = [];
  const deliver = vi.fn(
    () =>
      new Promise<{ lookAgainInMs?: number } | void>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return {
    deliver,
    /** Answers the latest pass and lets the sender react. */
    async succeed(next?: { lookAgainInMs?: number }) {
      calls.at(-1)!.resolve(next);
      await vi.advanceTimersByTimeAsync(0);
    },
    async fail() {
      calls.at(-1)!.reject(new TypeError('fetch failed'));
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

let sender: OutboxSender | null = null;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  sender?.stop();
  vi.useRealTimers();
});

function start(deliver: () => Promise<{ lookAgainInMs?: number } | void>, errors: unknown[] = [], random = () => 1) {
  sender = createOutboxSender({ deliver, backOff: { firstMs: 1_000, maxMs: 8_000 }, onError: (e) => errors.push(e), random });
  return sender;
}

describe('the device outbox sender', () => {
  it('runs one pass at a time, and once more when something changed during it', async () => {
    const p = passes();
    const s = start(p.deliver);
    s.changed();
    s.changed();
    s.changed();
    expect(p.deliver).toHaveBeenCalledTimes(1);
    await p.succeed();
    // The changes made while the first pass ran are looked at by one more pass, not lost.
    expect(p.deliver).toHaveBeenCalledTimes(2);
    await p.succeed();
    expect(p.deliver).toHaveBeenCalledTimes(2);
  });

  it('pauses after a failure: changes wait for the retry, which runs after the pause', async () => {
    const p = passes();
    const errors: unknown[] = [];
    const s = start(p.deliver, errors);
    s.changed();
    await p.fail();
    expect(errors).toHaveLength(1);
    s.changed();
    await vi.advanceTimersByTimeAsync(999);
    expect(p.deliver).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.deliver).toHaveBeenCalledTimes(2);
  });

  it('ends a pause at once when woken (the server is reachable again)', async () => {
    const p = passes();
    const s = start(p.deliver);
    s.changed();
    await p.fail();
    s.wake();
    expect(p.deliver).toHaveBeenCalledTimes(2);
    await p.succeed();
    // The retry the failure had planned does not run as well.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(p.deliver).toHaveBeenCalledTimes(2);
    // And the pause is over: a change is sent at once.
    s.changed();
    expect(p.deliver).toHaveBeenCalledTimes(3);
  });

  it('backs off exponentially while failures continue, capped, and starts again from the first pause after a success', async () => {
    const p = passes();
    const s = start(p.deliver);
    const pausesBeforeEachRetry: number[] = [];
    s.changed();
    for (let failure = 1; failure <= 5; failure += 1) {
      await p.fail();
      const calls = p.deliver.mock.calls.length;
      let waited = 0;
      while (p.deliver.mock.calls.length === calls) {
        await vi.advanceTimersByTimeAsync(250);
        waited += 250;
      }
      pausesBeforeEachRetry.push(waited);
    }
    expect(pausesBeforeEachRetry).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    await p.succeed();
    s.changed();
    await p.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(p.deliver).toHaveBeenCalledTimes(8);
  });

  it('looks again when a pass asks to (an answer that has not come)', async () => {
    const p = passes();
    const s = start(p.deliver);
    s.changed();
    await p.succeed({ lookAgainInMs: 5_000 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(p.deliver).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.deliver).toHaveBeenCalledTimes(2);
    await p.succeed({ lookAgainInMs: 5_000 });
    // A pass with nothing left to wait for (the answer came) drops the planned look.
    s.changed();
    await p.succeed();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(p.deliver).toHaveBeenCalledTimes(3);
  });

  it('stops: no pass after stop, neither a planned retry nor a change', async () => {
    const p = passes();
    const s = start(p.deliver);
    s.changed();
    await p.fail();
    s.stop();
    s.changed();
    s.wake();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(p.deliver).toHaveBeenCalledTimes(1);
  });

  it('does not report a failure of a pass that ends after stop', async () => {
    const p = passes();
    const errors: unknown[] = [];
    const s = start(p.deliver, errors);
    s.changed();
    s.stop();
    await p.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(errors).toEqual([]);
    expect(p.deliver).toHaveBeenCalledTimes(1);
  });
});

describe('the back-off pause', () => {
  const backOff = { firstMs: 1_000, maxMs: 30_000 };

  it('doubles from the first pause up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backOffMs(n, backOff, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('is jittered between half and all of the doubled pause', () => {
    expect(backOffMs(3, backOff, () => 0)).toBe(2_000);
    expect(backOffMs(3, backOff, () => 0.5)).toBe(3_000);
    expect(backOffMs(6, backOff, () => 0)).toBe(15_000);
  });

  it('never goes under the first pause’s cap when the first pause is the longer', () => {
    expect(backOffMs(3, { firstMs: 60_000, maxMs: 30_000 }, () => 1)).toBe(60_000);
  });
});
