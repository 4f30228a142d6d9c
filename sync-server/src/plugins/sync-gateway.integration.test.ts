import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachWeekStart } from '@mastr/rules/coach-week.ts';
import { availabilityDocId } from '@mastr/rules/doc-ids.ts';
import type { AvailabilityWeekDoc, DayPassDoc, SigningKeysDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { tenantDbName } from '../couch/databases.ts';
import { issueAccessToken } from '../services/auth/index.ts';
import { newId } from '../couch/ids.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { mintAccessToken, sessionIdOfToken } from '../test-support/access-fixtures.ts';
import { givenSlotClaim } from '../test-support/pt-fixtures.ts';
import { bearerFor, bulkDocs, deviceCheckIn, givenDayPass } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const TENANTS = ['gym', 'member', 'coach'] as const;
const ROLES: AccountKind[] = ['gym', 'user', 'coach'];
const OWNER = { gym: 'gym', member: 'user', coach: 'coach' } as const;

describe('sync gateway', () => {
  let stack: TestStack;
  const ids = { gym: newId(), member: newId(), coach: newId() };

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    stack.server.inject({ method: 'GET', url, headers });

  describe('who may read and write which tenant', () => {
    for (const tenant of TENANTS) {
      for (const role of ROLES) {
        for (const own of [true, false]) {
          const allowed = OWNER[tenant] === role && own;
          it(`${role} token on ${own ? 'its own' : 'another'} ${tenant} database: read ${allowed ? 200 : 403}`, async () => {
            // "Own": the token's profile id is the one in the path (the tenant's own, or for a role that
            // does not own this kind of database, the role's own account's id); else someone else's.
            const id = own && OWNER[tenant] === role ? ids[tenant] : newId();
            const res = await get(
              `/sync/${tenant}/${id}/_changes?since=0`,
              await bearerFor(stack, role, own ? id : newId()),
            );
            expect(res.statusCode).toBe(allowed ? 200 : 403);
          });

          const writeStatus = allowed && tenant !== 'member' ? 201 : 403;
          it(`${role} token on ${own ? 'its own' : 'another'} ${tenant} database: empty write ${writeStatus}`, async () => {
            const id = own && OWNER[tenant] === role ? ids[tenant] : newId();
            const res = await stack.server.inject({
              method: 'POST',
              url: `/sync/${tenant}/${id}/_bulk_docs`,
              headers: await bearerFor(stack, role, own ? id : newId()),
              payload: { docs: [] },
            });
            expect(res.statusCode).toBe(writeStatus);
          });
        }
      }
    }

    it('answers 401 without a token, with a garbage token and with an expired one', async () => {
      const url = `/sync/gym/${ids.gym}/_changes`;
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
      const longAgo = new Date(Date.now() - 2 * 3600_000);
      // Its account and session are live: only the expiry refuses it.
      const sid = sessionIdOfToken(await mintAccessToken(stack, 'gym', ids.gym));
      const expired = issueAccessToken(
        stack.config.jwtAccessSecret,
        { email: 'g@example.com', kind: 'gym', profileId: ids.gym, sid },
        60,
        longAgo,
      );
      expect((await get(url, { authorization: `Bearer ${expired}` })).statusCode).toBe(401);
      const bulk = await stack.server.inject({
        method: 'POST',
        url: `/sync/gym/${ids.gym}/_bulk_docs`,
        payload: { docs: [] },
      });
      expect(bulk.statusCode).toBe(401);
    });

    it('creates the database of a newly registered tenant on its first sync, with the signing keys for a gym', async () => {
      const gymId = newId();
      const res = await get(`/sync/gym/${gymId}/`, await bearerFor(stack, 'gym', gymId));
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.payload)).toMatchObject({ db_name: tenantDbName('gym', gymId) });
      const keys = await stack.couch.use<SigningKeysDoc>(tenantDbName('gym', gymId)).get('pass-signing-keys');
      expect(keys.keys).toHaveLength(1);
      expect(keys.keys[0]).toMatchObject({ alg: 'Ed25519' });
    });
  });

  describe('paths', () => {
    const own = () => bearerFor(stack, 'gym', ids.gym);
    const forbidden: [string, string][] = [
      ['GET', '_design/by-type'],
      ['GET', '_design/by-type/_view/all'],
      ['POST', '_find'],
      ['POST', '_index'],
      ['GET', 'pass-signing-keys'],
      ['PUT', 'pass-signing-keys'],
      ['GET', 'pass-signing-keys/photo.png'],
      ['GET', '_local/checkpoint'],
      ['POST', '_bulk_get'],
      ['POST', '_revs_diff'],
      ['GET', '_changes?filter=_design/x/y'],
      ['GET', '_changes?filter=_selector'], // only the gateway filters (decision 198)
      ['POST', '_changes?filter=_selector'],
      ['GET', '_changes?feed=continuous'],
      ['GET', '_changes?feed=eventsource'],
      ['GET', '_changes?since=0&since=1'],
      ['GET', '_all_docs?attachments=true'],
      ['POST', '_bulk_docs?new_edits=false'],
      ['GET', '..%2F_all_dbs'],
      ['GET', '..%2Fmastr_accounts%2F_all_docs'],
      ['GET', '%2E%2E/%2E%2E/mastr_accounts/_all_docs'],
      ['DELETE', ''],
      ['PUT', ''],
    ];
    for (const [method, path] of forbidden) {
      it(`refuses ${method} ${path || '(database)'}`, async () => {
        const res = await stack.server.inject({
          method,
          url: `/sync/gym/${ids.gym}/${path}`,
          headers: await own(),
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode).toBe(403);
      });
    }

    it('refuses other databases and malformed tenants', async () => {
      for (const url of [
        '/sync/mastr_accounts/_all_docs',
        `/sync/admin/${ids.gym}/_changes`,
        '/sync/gym/not-an-id/_changes',
        `/sync/gym/${ids.gym.toUpperCase()}/_changes`,
      ]) {
        expect((await get(url, await own())).statusCode, url).toBe(403);
      }
    });

    it('refuses a _bulk_docs body with anything but docs, and an _all_docs body with other options', async () => {
      const bulk = await stack.server.inject({
        method: 'POST',
        url: `/sync/gym/${ids.gym}/_bulk_docs`,
        headers: await own(),
        payload: { docs: [], new_edits: false },
      });
      expect(bulk.statusCode).toBe(403);
      const all = await stack.server.inject({
        method: 'POST',
        url: `/sync/gym/${ids.gym}/_all_docs`,
        headers: await own(),
        payload: { keys: ['x'], startkey: '_design' },
      });
      expect(all.statusCode).toBe(403);
    });
  });

  describe('reading', () => {
    it('passes _changes (normal feed) and _all_docs through, as RxDB asks for them', async () => {
      const pass = await givenDayPass(stack, ids.gym, ukDateKey(stack.clock.now));
      const changes = await get(
        `/sync/gym/${ids.gym}/_changes?style=all_docs&feed=normal&include_docs=true&since=0&heartbeat=60000&limit=500&seq_interval=500`,
        await bearerFor(stack, 'gym', ids.gym),
      );
      expect(changes.statusCode).toBe(200);
      const { results, last_seq } = JSON.parse(changes.payload);
      expect(last_seq).toBeDefined();
      expect(results.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([pass._id, 'pass-signing-keys']));

      const byKeys = await stack.server.inject({
        method: 'POST',
        url: `/sync/gym/${ids.gym}/_all_docs?`,
        headers: await bearerFor(stack, 'gym', ids.gym),
        payload: { keys: [pass._id, 'checkin:none'], include_docs: true, deleted: 'ok' },
      });
      const rows = JSON.parse(byKeys.payload).rows;
      expect(rows[0].doc).toMatchObject({ _id: pass._id, idCode: pass.idCode });
      expect(rows[1]).toMatchObject({ key: 'checkin:none', error: 'not_found' });

      const conflictFetch = await get(
        `/sync/gym/${ids.gym}/_all_docs?include_docs=true&keys=${encodeURIComponent(JSON.stringify([pass._id]))}`,
        await bearerFor(stack, 'gym', ids.gym),
      );
      expect(JSON.parse(conflictFetch.payload).rows[0].doc._id).toBe(pass._id);
    });

    it('answers a long-poll when a document changes', async () => {
      const headers = await bearerFor(stack, 'gym', ids.gym);
      const info = JSON.parse((await get(`/sync/gym/${ids.gym}`, headers)).payload);
      const poll = get(
        `/sync/gym/${ids.gym}/_changes?style=all_docs&feed=longpoll&include_docs=true&since=${info.update_seq}&heartbeat=60000`,
        headers,
      );
      const pass = await givenDayPass(stack, ids.gym, ukDateKey(stack.clock.now));
      const res = await poll;
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.payload).results.map((r: { id: string }) => r.id)).toContain(pass._id);
    });

    it('carries a server-side delete written as a full document, so devices can apply it', async () => {
      const headers = await bearerFor(stack, 'gym', ids.gym);
      const db = stack.couch.use<DayPassDoc>(tenantDbName('gym', ids.gym));
      const pass = await givenDayPass(stack, ids.gym, ukDateKey(stack.clock.now));
      const { update_seq } = JSON.parse((await get(`/sync/gym/${ids.gym}`, headers)).payload);
      const stored = await db.get(pass._id);
      await db.insert({ ...stored, _deleted: true } as DayPassDoc);
      const res = await get(
        `/sync/gym/${ids.gym}/_changes?include_docs=true&style=all_docs&since=${update_seq}`,
        headers,
      );
      const change = JSON.parse(res.payload).results.find((r: { id: string }) => r.id === pass._id);
      expect(change.deleted).toBe(true);
      expect(change.doc).toMatchObject({ _id: pass._id, _deleted: true, type: 'day-pass', passId: pass.passId });
    });

    it('lets server.stop() finish while a long-poll is open', async () => {
      const instance = await stack.startInstance();
      await instance.start();
      const headers = await bearerFor(stack, 'gym', ids.gym);
      const { update_seq } = JSON.parse(
        (await instance.inject({ method: 'GET', url: `/sync/gym/${ids.gym}`, headers })).payload,
      );
      const polling = fetch(
        `${instance.info.uri}/sync/gym/${ids.gym}/_changes?feed=longpoll&heartbeat=1000&since=${update_seq}`,
        { headers },
      )
        .then((res) => res.text())
        .then(
          () => 'ended',
          () => 'cut',
        );
      // Heartbeats flow once CouchDB holds the poll open; give it a moment to get there.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await instance.stop({ timeout: 60_000 });
      expect(['ended', 'cut']).toContain(await polling);
    });

    it('serves sync again when a stopped server is started again', async () => {
      const instance = await stack.startInstance();
      await instance.start();
      const headers = await bearerFor(stack, 'gym', ids.gym);
      await instance.stop({ timeout: 5_000 });
      await instance.start();
      const res = await instance.inject({ method: 'GET', url: `/sync/gym/${ids.gym}/_changes?since=0`, headers });
      await instance.stop({ timeout: 5_000 });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('writing', () => {
    it("refuses a front desk's write of a pass or any non-check-in document (403, nothing written)", async () => {
      const pass = await givenDayPass(stack, ids.gym, ukDateKey(stack.clock.now));
      const stored = await stack.couch.use<DayPassDoc>(tenantDbName('gym', ids.gym)).get(pass._id);
      const attempts = [
        [{ ...stored, pricePence: 1 }],
        [{ ...pass, _id: `daypass:${newId()}`, passId: newId(), _rev: undefined }],
        [deviceCheckIn(pass, stack.clock.now.toISOString()), { ...stored, cancelled: true }],
        [{ ...deviceCheckIn(pass, stack.clock.now.toISOString()), outcome: 'counted' }],
        [
          {
            _id: 'checkin-outcome:checkin:x',
            type: 'check-in-outcome',
            checkInId: 'checkin:x',
            passId: pass.passId,
            gymId: ids.gym,
            outcome: 'counted',
            resolvedAt: stack.clock.now.toISOString(),
          },
        ],
        [
          deviceCheckIn(pass, stack.clock.now.toISOString()),
          {
            _id: `checkin-outcome:checkin:${pass.passId}:y`,
            type: 'check-in-outcome',
            checkInId: `checkin:${pass.passId}:y`,
            passId: pass.passId,
            gymId: ids.gym,
            outcome: 'refused',
            resolvedAt: stack.clock.now.toISOString(),
          },
        ],
        [{ ...deviceCheckIn(pass, stack.clock.now.toISOString()), _deleted: true }],
        [{ ...deviceCheckIn(pass, stack.clock.now.toISOString()), gymId: newId() }],
        [{ ...deviceCheckIn(pass, stack.clock.now.toISOString()), method: 'online' }],
        [{ ...deviceCheckIn(pass, stack.clock.now.toISOString()), _id: `checkin:${newId()}:x` }],
        [{ ...deviceCheckIn(pass, stack.clock.now.toISOString()), checkedInAt: 'yesterday' }],
        [{ _id: 'pass-signing-keys', type: 'signing-keys', keys: [] }],
      ];
      for (const docs of attempts) {
        const res = await bulkDocs(stack.server, stack, 'gym', ids.gym, docs);
        expect(res.statusCode, JSON.stringify(docs[docs.length - 1])).toBe(403);
      }
      const after = await stack.couch.use<DayPassDoc>(tenantDbName('gym', ids.gym)).get(pass._id);
      expect(after._rev).toBe(stored._rev);
      const checkIns = await stack.couch
        .use(tenantDbName('gym', ids.gym))
        .list({ startkey: `checkin:${pass.passId}:`, endkey: `checkin:${pass.passId}:\ufff0` });
      expect(checkIns.rows).toHaveLength(0);
      const outcomes = await stack.couch
        .use(tenantDbName('gym', ids.gym))
        .list({ startkey: 'checkin-outcome:', endkey: 'checkin-outcome:\ufff0' });
      expect(outcomes.rows).toHaveLength(0);
    });

    it("refuses a member's write of anything", async () => {
      const res = await bulkDocs(stack.server, stack, 'member', ids.member, [{ _id: 'x', type: 'day-pass' }]);
      expect(res.statusCode).toBe(403);
    });
  });

  describe('coach availability writes', () => {
    const weekDoc = (
      times: Record<number, { time: number; booked?: boolean; requested?: boolean }[]>,
      weekStart: string | null = null,
    ): AvailabilityWeekDoc => ({
      _id: availabilityDocId(weekStart),
      type: 'availability-week',
      coachId: ids.coach,
      weekStart,
      updatedAt: new Date().toISOString(),
      days: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        _id: `day-${weekday}`,
        weekday,
        abbreviation: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][weekday],
        // `booked`/`requested` only as an old device (before decision 120) still sends them.
        times: (times[weekday] ?? []).map(({ time, ...flags }) => ({ _id: `slot-${weekday}-${time}`, time, ...flags })),
      })),
    });
    const db = () => stack.couch.use<AvailabilityWeekDoc | SlotClaimDoc>(tenantDbName('coach', ids.coach));
    const weekIn = async (id: string) => (await db().get(id)) as AvailabilityWeekDoc;
    /** A paid session's claim on the hour, as the webhook writes it: the only record that it is booked. */
    const bookHour = (weekStart: string, weekday: number, time: number) =>
      givenSlotClaim(stack, ids.coach, { weekStart, weekday, time }, true);

    it('writes a new slot the coach added, and refuses removing an hour a claim holds as a conflict', async () => {
      const nextWeek = coachWeekStart(stack.clock.now, 1);
      const id = availabilityDocId(nextWeek);
      const added = await bulkDocs(stack.server, stack, 'coach', ids.coach, [
        weekDoc({ 1: [{ time: 25200 }] }, nextWeek),
      ]);
      expect(added.statusCode).toBe(201);
      expect(JSON.parse(added.payload)[0]).toMatchObject({ ok: true, id });

      // A paid session books 07:00 on Monday: its claim, nothing written into the week.
      const current = await weekIn(id);
      await bookHour(nextWeek, 1, 25200);
      expect((await weekIn(id))._rev).toBe(current._rev);

      const removal = await bulkDocs(stack.server, stack, 'coach', ids.coach, [
        { ...weekDoc({}, nextWeek), _rev: current._rev, _deleted: false },
      ]);
      expect(removal.statusCode).toBe(201);
      expect(JSON.parse(removal.payload)[0]).toMatchObject({ id, error: 'conflict' });
      expect((await weekIn(id))._rev).toBe(current._rev);

      const addition = await bulkDocs(stack.server, stack, 'coach', ids.coach, [
        { ...weekDoc({ 1: [{ time: 25200 }], 2: [{ time: 36000 }] }, nextWeek), _rev: current._rev },
      ]);
      expect(JSON.parse(addition.payload)[0]).toMatchObject({ ok: true });
      const stale = await bulkDocs(stack.server, stack, 'coach', ids.coach, [
        { ...weekDoc({ 1: [{ time: 25200 }] }, nextWeek), _rev: current._rev },
      ]);
      expect(JSON.parse(stale.payload)[0]).toMatchObject({ error: 'conflict' });
    });

    it("takes an old device's flags without storing them, and never lets them hold an hour", async () => {
      const weekStart = coachWeekStart(stack.clock.now, 2);
      const id = availabilityDocId(weekStart);
      const legacy = weekDoc(
        {
          3: [
            { time: 36000, booked: true },
            { time: 39600, requested: true },
          ],
        },
        weekStart,
      );
      const res = await bulkDocs(stack.server, stack, 'coach', ids.coach, [legacy]);
      expect(JSON.parse(res.payload)[0]).toMatchObject({ ok: true, id });
      const stored = await weekIn(id);
      expect(stored.days[3].times).toEqual([
        { _id: 'slot-3-36000', time: 36000 },
        { _id: 'slot-3-39600', time: 39600 },
      ]);
      // No claim holds them: the coach may remove them.
      const removal = await bulkDocs(stack.server, stack, 'coach', ids.coach, [
        { ...weekDoc({}, weekStart), _rev: stored._rev },
      ]);
      expect(JSON.parse(removal.payload)[0]).toMatchObject({ ok: true });
    });

    it('keeps a held hour of a week that followed the default, whichever document the device drops it from', async () => {
      const thisWeek = coachWeekStart(stack.clock.now);
      const storedDefault = await weekIn('availability:default').catch(() => null);
      const defaults = await bulkDocs(stack.server, stack, 'coach', ids.coach, [
        {
          ...weekDoc({ 6: [{ time: 64800 }, { time: 68400 }] }),
          ...(storedDefault ? { _rev: storedDefault._rev } : {}),
        },
      ]);
      expect(JSON.parse(defaults.payload)[0]).toMatchObject({ ok: true });
      await bookHour(thisWeek, 6, 64800);
      // The device's first edit of the week (made before it heard of the claim) drops 18:00.
      const first = await bulkDocs(stack.server, stack, 'coach', ids.coach, [
        weekDoc({ 6: [{ time: 68400 }] }, thisWeek),
      ]);
      expect(JSON.parse(first.payload)[0]).toMatchObject({ ok: true });
      expect((await weekIn(availabilityDocId(thisWeek))).days[6].times.map((t) => t.time)).toEqual([64800, 68400]);
    });

    it('takes a batch as one document type, and only a type its tenant writes (sync/device-writes.ts)', async () => {
      const revOf = async (id: string) =>
        (
          await db()
            .get(id)
            .catch(() => null)
        )?._rev ?? null;
      const before = await revOf(availabilityDocId(null));
      const week = { ...weekDoc({ 2: [{ time: 36000 }] }, null), ...(before ? { _rev: before } : {}) };
      const pass = await givenDayPass(stack, ids.gym, ukDateKey(stack.clock.now));
      const checkIn = deviceCheckIn(pass, stack.clock.now.toISOString());
      const refused: [string, 'gym' | 'coach' | 'member', string, unknown[]][] = [
        ["a coach's week from a gym's device", 'gym', ids.gym, [{ ...week, coachId: ids.gym }]],
        ["a gym's check-in from a coach's device", 'coach', ids.coach, [checkIn]],
        ['a week after a check-in in one batch', 'gym', ids.gym, [checkIn, week]],
        ['a check-in after a week in one batch', 'coach', ids.coach, [week, checkIn]],
        ['a document with no type', 'coach', ids.coach, [{ ...week, type: undefined }]],
        ['an empty batch from a member', 'member', ids.member, []],
      ];
      for (const [name, kind, id, docs] of refused)
        expect((await bulkDocs(stack.server, stack, kind, id, docs)).statusCode, name).toBe(403);
      expect(await revOf(week._id)).toBe(before);
      // Devices that write may send an empty batch: nothing changes.
      for (const [kind, id] of [
        ['gym', ids.gym],
        ['coach', ids.coach],
      ] as const)
        expect((await bulkDocs(stack.server, stack, kind, id, [])).statusCode, kind).toBe(201);
      const accepted = await bulkDocs(stack.server, stack, 'coach', ids.coach, [week]);
      expect(accepted.statusCode, accepted.payload).toBe(201);
      expect((await weekIn(week._id)).days[2].times.map((t) => t.time)).toEqual([36000]);
    });

    it('refuses documents of another shape or owner as a whole batch (403)', async () => {
      const attempts = [
        { ...weekDoc({}), coachId: newId() },
        { ...weekDoc({}), _id: 'availability:week:2026-11-24' },
        { ...weekDoc({}), _id: 'availability:week:2026-11-24', weekStart: '2026-11-24' }, // a Tuesday
        { ...weekDoc({ 1: [{ time: 25200 + 1800 }] }) },
        { ...weekDoc({}), days: weekDoc({}).days.slice(1) },
        { ...weekDoc({ 3: [{ time: 36000, booked: 'yes' as unknown as boolean }] }) },
        { ...weekDoc({}), _deleted: true },
        { _id: 'schedule:default', type: 'schedule-week' },
      ];
      for (const doc of attempts) {
        const res = await bulkDocs(stack.server, stack, 'coach', ids.coach, [doc]);
        expect(res.statusCode, JSON.stringify(doc).slice(0, 120)).toBe(403);
      }
    });
  });
});
