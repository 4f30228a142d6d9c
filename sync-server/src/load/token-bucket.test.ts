import { describe, expect, it } from 'vitest';
import { createTokenBuckets } from './token-bucket.ts';

/** A clock the test moves by hand (milliseconds). */
function manualClock() {
  const clock = { ms: 1_000, now: () => clock.ms };
  return clock;
}

describe('token buckets', () => {
  it('lets a burst through at once, then refuses with the seconds until a token is back', () => {
    const clock = manualClock();
    const buckets = createTokenBuckets({ burst: 5, perSecond: 2 }, clock.now);
    for (let i = 0; i < 5; i += 1) expect(buckets.take('a')).toEqual({ allowed: true });
    expect(buckets.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('refills at the rate, never above the burst', () => {
    const clock = manualClock();
    const buckets = createTokenBuckets({ burst: 3, perSecond: 2 }, clock.now);
    for (let i = 0; i < 3; i += 1) buckets.take('a');
    clock.ms += 500; // one token back
    expect(buckets.take('a').allowed).toBe(true);
    expect(buckets.take('a').allowed).toBe(false);
    clock.ms += 60_000; // full again, not 120 tokens
    for (let i = 0; i < 3; i += 1) expect(buckets.take('a').allowed).toBe(true);
    expect(buckets.take('a').allowed).toBe(false);
  });

  it('holds a sustained flood to the rate', () => {
    const clock = manualClock();
    const buckets = createTokenBuckets({ burst: 10, perSecond: 4 }, clock.now);
    let allowed = 0;
    // 100 requests every 100 ms for 10 s: the burst, then 4 a second.
    for (let tick = 0; tick < 100; tick += 1) {
      for (let i = 0; i < 100; i += 1) if (buckets.take('flood').allowed) allowed += 1;
      clock.ms += 100;
    }
    expect(allowed).toBe(10 + 4 * 10 - 1);
  });

  it('keeps one bucket per key: a flooded key leaves the others whole', () => {
    const clock = manualClock();
    const buckets = createTokenBuckets({ burst: 2, perSecond: 1 }, clock.now);
    for (let i = 0; i < 50; i += 1) buckets.take('flood');
    expect(buckets.take('flood').allowed).toBe(false);
    expect(buckets.take('other').allowed).toBe(true);
    expect(buckets.take('other').allowed).toBe(true);
  });

  it('asks a slow-refilling budget to wait as long as a token takes', () => {
    const clock = manualClock();
    const buckets = createTokenBuckets({ burst: 1, perSecond: 0.1 }, clock.now);
    buckets.take('a');
    expect(buckets.take('a')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    clock.ms += 4_000;
    expect(buckets.take('a')).toEqual({ allowed: false, retryAfterSeconds: 6 });
  });

  it('forgets buckets that have filled up again, and holds at most maxKeys', () => {
    const clock = manualClock();
    const buckets = createTokenBuckets({ burst: 2, perSecond: 1 }, clock.now, 100);
    for (let i = 0; i < 100; i += 1) buckets.take(`client-${i}`);
    expect(buckets.size()).toBeLessThanOrEqual(100);
    clock.ms += 2_000; // all full again
    buckets.take('late');
    expect(buckets.size()).toBeLessThanOrEqual(11);
    // Over the bound with none full: the oldest go, and a dropped key starts with a whole budget.
    for (let i = 0; i < 500; i += 1) buckets.take(`burst-${i}`);
    expect(buckets.size()).toBeLessThanOrEqual(100);
    expect(buckets.take('burst-0').allowed).toBe(true);
  });
});
