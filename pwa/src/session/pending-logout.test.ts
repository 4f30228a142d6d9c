import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  flushPendingLogouts,
  forgetPendingLogouts,
  pendingLogouts,
  recordPendingLogout,
  type LogoutOutcome,
  type PendingLogout,
} from './pending-logout.ts';

const SESSION_A = 'a'.repeat(24);
const SESSION_B = 'b'.repeat(24);

afterEach(async () => {
  await forgetPendingLogouts();
});

/** A sender that answers from a script and remembers what it was asked to send. */
function sender(outcomes: LogoutOutcome[]) {
  const sent: Array<Pick<PendingLogout, 'kind' | 'session'>> = [];
  const send = async (logout: PendingLogout) => {
    sent.push({ kind: logout.kind, session: logout.session });
    return outcomes.shift() ?? 'answered';
  };
  return { sent, send };
}

describe('pending logouts', () => {
  it('keeps a logout until the server answered it, and sends it again until then', async () => {
    expect(await recordPendingLogout('gym', SESSION_A)).toBe(true);
    const offline = sender(['retry']);
    expect(await flushPendingLogouts(offline.send)).toBe(false);
    expect(offline.sent).toEqual([{ kind: 'gym', session: SESSION_A }]);
    expect(await pendingLogouts()).toHaveLength(1);

    const online = sender(['answered']);
    expect(await flushPendingLogouts(online.send)).toBe(true);
    expect(online.sent).toEqual([{ kind: 'gym', session: SESSION_A }]);
    expect(await pendingLogouts()).toEqual([]);
    const after = sender([]);
    expect(await flushPendingLogouts(after.send)).toBe(true);
    expect(after.sent).toEqual([]); // nothing is sent twice
  });

  it('sends the oldest first and keeps only those not answered', async () => {
    await recordPendingLogout('coach', SESSION_B, new Date('2026-11-21T10:05:00Z'));
    await recordPendingLogout('user', SESSION_A, new Date('2026-11-21T10:00:00Z'));
    const { sent, send } = sender(['answered', 'retry']);
    expect(await flushPendingLogouts(send)).toBe(false);
    expect(sent.map((l) => l.session)).toEqual([SESSION_A, SESSION_B]);
    expect((await pendingLogouts()).map((l) => l.session)).toEqual([SESSION_B]);
  });

  it('keeps a logout whose session the device never learnt, under its kind', async () => {
    await recordPendingLogout('gym', null);
    await recordPendingLogout('gym', null); // the same logout again: still one
    expect(await pendingLogouts()).toEqual([
      expect.objectContaining({ key: 'gym:unknown', kind: 'gym', session: null }),
    ]);
  });

  it('shares one pass between concurrent callers, so a logout is never sent twice at once', async () => {
    await recordPendingLogout('user', SESSION_A);
    const { sent, send } = sender([]);
    const results = await Promise.all([flushPendingLogouts(send), flushPendingLogouts(send)]);
    expect(results).toEqual([true, true]);
    expect(sent).toHaveLength(1);
  });

  it('forgets everything pending once a sign-in replaced the cookie', async () => {
    await recordPendingLogout('user', SESSION_A);
    await forgetPendingLogouts();
    expect(await pendingLogouts()).toEqual([]);
  });

  it('reads nothing and creates nothing on a device that never logged out (Dexie stays off the start path)', async () => {
    const kept = globalThis.indexedDB;
    globalThis.indexedDB = new IDBFactory();
    try {
      const { sent, send } = sender([]);
      expect(await flushPendingLogouts(send)).toBe(true);
      await forgetPendingLogouts();
      expect(sent).toEqual([]);
      expect(await globalThis.indexedDB.databases()).toEqual([]);
    } finally {
      globalThis.indexedDB = kept;
    }
  });
});
