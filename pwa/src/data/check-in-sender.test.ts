import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_CLOCK_HEADER } from '@mastr/rules/check-in.ts';
import { BehaviorSubject } from 'rxjs';
import { checkInOutbox } from './check-in-sender.ts';
import { createDeviceSender, type DeviceSender } from './outbox/device-sender.ts';
import { createEntryBackOff } from './outbox/entry-back-off.ts';
import type { CheckInDoc } from '@mastr/rules/documents.ts';

const PASS = 'a'.repeat(24);
const checkIn = (n: number): CheckInDoc => ({
  _id: `checkin:${PASS}:${n}`, type: 'check-in', passId: PASS, passKind: 'day-pass', gymId: 'g'.repeat(24),
  checkedInAt: '2026-11-21T10:00:00.000Z', method: 'tap', deviceId: 'tablet-1',
});

/** A gateway stand-in that records each delivery's ids, answering as told. */
function gateway(answer: () => 'ok' | 'down' | 'refused' = () => 'ok') {
  const deliveries: { ids: string[]; body: Record<string, unknown>[]; headers: Headers }[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    const docs = (JSON.parse(String(init.body)) as { docs: Record<string, unknown>[] }).docs;
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    const how = answer();
    if (how === 'down') throw new TypeError('fetch failed');
    if (how === 'refused') throw Object.assign(new Error('The sync server answered 403'), { name: 'SyncHttpError' });
    deliveries.push({ ids: docs.map((d) => String(d._id)), body: docs, headers: new Headers(init.headers) });
    return new Response('[]', { status: 201 });
  }) as unknown as typeof fetch;
  return {
    fetchImpl,
    deliveries,
    holdNext() {
      hold = true;
    },
    releaseHeld() {
      hold = false;
      release?.();
    },
  };
}

const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
async function eventually(check: () => boolean, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Condition not met');
    await settle(5);
  }
}

let sender: DeviceSender | null = null;
afterEach(() => sender?.stop());

/** The check-ins on the device's one sender, as the store runs them; `undecided` plays the journal. */
function start(fetchImpl: typeof fetch, over: { resendAfterMs?: number; retryMs?: number } = {}, errors: unknown[] = []) {
  const backOff = { firstMs: over.retryMs ?? 20, maxMs: 10_000 };
  const checkIns = checkInOutbox({
    url: 'http://gateway/sync/gym/g/_bulk_docs', fetch: fetchImpl, batchSize: 2, resendAfterMs: over.resendAfterMs ?? 60_000,
    backOff: createEntryBackOff(backOff), onFailed: (e) => errors.push(e),
  });
  const journal = new BehaviorSubject<CheckInDoc[]>([]);
  const device = createDeviceSender({
    types: [{ deliver: checkIns.deliver, watch: (changed) => journal.subscribe((docs) => checkIns.undecided(docs) && changed()) }],
    backOff,
    onError: (e) => errors.push(e),
  });
  sender = device;
  return { undecided: (docs: CheckInDoc[]) => journal.next(docs), wake: () => device.wake() };
}

describe('delivering check-ins to the server', () => {
  it('sends every undecided check-in in batches, as the journal holds it', async () => {
    const server = gateway();
    start(server.fetchImpl).undecided([1, 2, 3].map(checkIn));
    await eventually(() => server.deliveries.length === 2);
    expect(server.deliveries.map((d) => d.ids)).toEqual([[checkIn(1)._id, checkIn(2)._id], [checkIn(3)._id]]);
    expect(server.deliveries[0].body[0]).toEqual({
      _id: checkIn(1)._id, type: 'check-in', passId: PASS, passKind: 'day-pass', gymId: 'g'.repeat(24),
      checkedInAt: '2026-11-21T10:00:00.000Z', method: 'tap', deviceId: 'tablet-1',
    });
  });

  it("tells the server the device's clock at each delivery (it puts check-ins made on a wrong clock on its own)", async () => {
    const server = gateway();
    const before = Date.now();
    start(server.fetchImpl).undecided([checkIn(1)]);
    await eventually(() => server.deliveries.length === 1);
    const sentClock = Date.parse(server.deliveries[0].headers.get(DEVICE_CLOCK_HEADER) ?? '');
    expect(sentClock).toBeGreaterThanOrEqual(before);
    expect(sentClock).toBeLessThanOrEqual(Date.now());
  });

  it('does not send an accepted check-in again while its outcome is on its way, and does after a while', async () => {
    // On the test's own clock: with real timers a loaded machine could pass the 80 ms between the
    // first delivery and the second, which then (rightly) carried the first check-in again.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const server = gateway();
      const desk = start(server.fetchImpl, { resendAfterMs: 80 });
      desk.undecided([checkIn(1)]);
      await vi.advanceTimersByTimeAsync(0);
      expect(server.deliveries).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(40);
      desk.undecided([checkIn(1), checkIn(2)]);
      await vi.advanceTimersByTimeAsync(0);
      expect(server.deliveries.map((d) => d.ids)).toEqual([[checkIn(1)._id], [checkIn(2)._id]]);
      // Still within 80 ms of each acceptance: nothing again.
      await vi.advanceTimersByTimeAsync(30);
      expect(server.deliveries).toHaveLength(2);
      // No outcome came for either: each is delivered again once its 80 ms have passed (at 80 and 120 ms).
      await vi.advanceTimersByTimeAsync(60);
      expect(server.deliveries.slice(2).flatMap((d) => d.ids).sort()).toEqual([checkIn(1)._id, checkIn(2)._id].sort());
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops sending a check-in once it is decided', async () => {
    const server = gateway();
    const desk = start(server.fetchImpl, { resendAfterMs: 40 });
    desk.undecided([checkIn(1)]);
    await eventually(() => server.deliveries.length === 1);
    desk.undecided([]);
    await settle(120);
    expect(server.deliveries).toHaveLength(1);
  });

  it('retries after a failed delivery, and at once when woken (the server is reachable again)', async () => {
    let how: 'down' | 'ok' = 'down';
    const server = gateway(() => how);
    const errors: unknown[] = [];
    const desk = start(server.fetchImpl, { retryMs: 60_000 }, errors);
    desk.undecided([checkIn(1)]);
    await eventually(() => errors.length === 1);
    how = 'ok';
    // A check-in recorded during the pause waits for it too: no attempt per tap while offline.
    desk.undecided([checkIn(1), checkIn(2)]);
    await settle(50);
    expect(server.deliveries).toHaveLength(0);
    desk.wake();
    await eventually(() => server.deliveries.length === 1);
    expect(server.deliveries[0].ids).toEqual([checkIn(1)._id, checkIn(2)._id]);
  });

  it('keeps retrying a refused delivery after the pause, reporting each failure', async () => {
    let how: 'refused' | 'ok' = 'refused';
    const server = gateway(() => how);
    const errors: unknown[] = [];
    start(server.fetchImpl, { retryMs: 20 }, errors).undecided([checkIn(1)]);
    await eventually(() => errors.length >= 2);
    how = 'ok';
    await eventually(() => server.deliveries.length === 1);
  });

  it('picks up a check-in recorded while a delivery is under way', async () => {
    const server = gateway();
    server.holdNext();
    const desk = start(server.fetchImpl);
    desk.undecided([checkIn(1)]);
    await settle(10);
    desk.undecided([checkIn(1), checkIn(2)]);
    server.releaseHeld();
    await eventually(() => server.deliveries.length === 2);
    expect(server.deliveries.map((d) => d.ids)).toEqual([[checkIn(1)._id], [checkIn(2)._id]]);
  });
});
