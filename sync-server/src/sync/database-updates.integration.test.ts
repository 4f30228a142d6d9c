import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { createDatabaseUpdates, type DatabaseUpdates } from './database-updates.ts';

/** A stand-in CouchDB serving only a continuous `_db_updates` feed the test writes to. */
function updatesServer() {
  const feeds = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    if (!(req.url ?? '').startsWith('/_db_updates')) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
    feeds.add(res);
    res.once('close', () => feeds.delete(res));
  });
  return {
    server,
    feeds,
    tell: (dbName: string) => {
      for (const feed of feeds) feed.write(`${JSON.stringify({ db_name: dbName, type: 'updated' })}\n`);
    },
  };
}

describe('the one CouchDB updates feed of an instance', () => {
  let couch: ReturnType<typeof updatesServer>;
  let updates: DatabaseUpdates;

  beforeEach(async () => {
    couch = updatesServer();
    await new Promise<void>((resolve) => couch.server.listen(0, '127.0.0.1', resolve));
    updates = createDatabaseUpdates(
      `http://127.0.0.1:${(couch.server.address() as AddressInfo).port}`,
      createLogger({ production: false }),
    );
    updates.start();
    await vi.waitFor(() => expect(updates.live).toBe(true));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    updates.stop();
    couch.server.closeAllConnections();
    await new Promise((resolve) => couch.server.close(resolve));
  });

  it('wakes a watch of the database told, not of another, and keeps a change told before the wait', async () => {
    const a = updates.watch('mastr_gym_a');
    const b = updates.watch('mastr_gym_b');
    const mark = updates.mark('mastr_gym_a')!;
    couch.tell('mastr_gym_a');
    await vi.waitFor(() => expect(updates.unchangedSince('mastr_gym_a', mark)).toBe(false)); // told
    expect(await a.wait(1_000)).toBe('changed'); // told before the wait began: not missed
    expect(await b.wait(50)).toBe('timeout');
    a.cancel();
    b.cancel();
  });

  it('holds a mark while nothing is told, for at most five minutes', async () => {
    const mark = updates.mark('mastr_member_m')!;
    expect(updates.unchangedSince('mastr_member_m', mark)).toBe(true);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 5 * 60_000 - 1_000);
    expect(updates.unchangedSince('mastr_member_m', mark)).toBe(true);
    vi.spyOn(Date, 'now').mockReturnValue(now + 5 * 60_000 + 1_000);
    expect(updates.unchangedSince('mastr_member_m', mark)).toBe(false);
  });

  it('does not let a mark taken within a second of a told update stand for later reads (a cluster copy may not hold it yet)', async () => {
    const before = updates.mark('mastr_gym_s')!;
    couch.tell('mastr_gym_s');
    await vi.waitFor(() => expect(updates.unchangedSince('mastr_gym_s', before)).toBe(false));
    const soon = updates.mark('mastr_gym_s')!;
    expect(updates.unchangedSince('mastr_gym_s', soon)).toBe(false);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 1_500);
    expect(updates.unchangedSince('mastr_gym_s', updates.mark('mastr_gym_s')!)).toBe(true);
  });

  it('lets a mark go when its database is told of, and every mark when the feed drops; watches wake as lost', async () => {
    const told = updates.mark('mastr_coach_c')!;
    const other = updates.mark('mastr_coach_d')!;
    couch.tell('mastr_coach_c');
    await vi.waitFor(() => expect(updates.unchangedSince('mastr_coach_c', told)).toBe(false));
    expect(updates.unchangedSince('mastr_coach_d', other)).toBe(true);

    const watch = updates.watch('mastr_coach_d');
    const woke = watch.wait(5_000);
    for (const feed of couch.feeds) feed.destroy();
    expect(await woke).toBe('lost');
    expect(updates.unchangedSince('mastr_coach_d', other)).toBe(false);
    await vi.waitFor(() => expect(updates.live).toBe(true), { timeout: 5_000 }); // opened again by itself
    expect(updates.unchangedSince('mastr_coach_d', other)).toBe(false); // a new connection may have missed updates
    watch.cancel();
  });
});
