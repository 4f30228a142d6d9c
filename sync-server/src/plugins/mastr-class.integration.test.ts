import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import { mastrClassDocId, passDocId, profileDocId } from '@mastr/rules/doc-ids.ts';
import type { MastrClassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { newId } from '../couch/ids.ts';
import { getDoc, tenantDb } from '../couch/tenant-docs.ts';
import { givenGym, givenProfiles } from '../test-support/directory-fixtures.ts';
import { bearerFor, givenMastrPass } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * The gym's Mastr class calls and the member's assign calls against the embedded CouchDB, with
 * the role and tenant refusals and the races of design/decisions.md 36. The clock stands on a
 * Friday morning; the class is on Saturdays at 10:00.
 */
const NOW = new Date('2026-11-20T10:00:00Z'); // Friday, GMT
const SATURDAY = 6;
const TEN = 36000;
const NEXT = '2026-11-21T10:00:00';
const FOLLOWING = '2026-11-28T10:00:00';

describe('Mastr class: gym set-up, member assign, cancellation', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
  });
  afterAll(async () => {
    await stack.stop();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> | undefined,
    payload?: object,
    server: Server = stack.server,
  ) => server.inject({ method, url, headers, payload });
  const body = <T = Record<string, unknown>>(res: { payload: string }) => JSON.parse(res.payload) as T;

  async function gymWithClass() {
    const gymId = await givenGym(stack);
    const headers = await bearerFor(stack, 'gym', gymId);
    const res = await call('POST', '/api/me/gyms/mastrclass/activate', headers, {
      selectedDay: SATURDAY,
      selectedTime: TEN,
    });
    expect(res.statusCode, res.payload).toBe(200);
    const classes = body<{ mastrClassAvailability: MastrClassOption[] }>(res).mastrClassAvailability;
    return { gymId, headers, next: classes[0], following: classes[1] };
  }
  async function memberPass(gymId: string) {
    const pass = await givenMastrPass(stack, gymId, null);
    return { pass, headers: await bearerFor(stack, 'user', pass.memberId) };
  }
  const assign = (
    passId: string,
    headers: Record<string, string>,
    option: MastrClassOption,
    server: Server = stack.server,
  ) =>
    call(
      'POST',
      `/api/me/users/mastrpass/${passId}/unassigned/assignclass`,
      headers,
      { mastrClassId: option._id, mastrClassDate: `${option.classDateAndTime}Z` },
      server,
    );
  const copies = async (pass: MastrPassDoc) => ({
    gym: (await getDoc(tenantDb<MastrPassDoc>(stack.couch, 'gym', pass.gymId), pass._id))!,
    member: (await getDoc(tenantDb<MastrPassDoc>(stack.couch, 'member', pass.memberId), pass._id))!,
  });
  const occurrence = (gymId: string, at: string) =>
    getDoc(tenantDb<MastrClassDoc>(stack.couch, 'gym', gymId), mastrClassDocId(at));

  it('activates: the default, live, and the Next and Following Class', async () => {
    const gymId = await givenGym(stack);
    const headers = await bearerFor(stack, 'gym', gymId);
    const res = await call('POST', '/api/me/gyms/mastrclass/activate', headers, {
      selectedDay: SATURDAY,
      selectedTime: TEN,
    });
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res)).toEqual({
      mastrClassActive: true,
      mastrClassDefault: { weekday: SATURDAY, time: TEN, cancelled: false },
      mastrClassAvailability: [
        expect.objectContaining({ week: 'Next Class', classDateAndTime: NEXT, cancelled: false, assignedPasses: [] }),
        expect.objectContaining({ week: 'Following Class', classDateAndTime: FOLLOWING, cancelled: false }),
      ],
    });
  });

  it("refuses activation and default updates without a day and an hourly time: 400 'Missing data'", async () => {
    const gymId = await givenGym(stack);
    const headers = await bearerFor(stack, 'gym', gymId);
    for (const [url, payload] of [
      ['/api/me/gyms/mastrclass/activate', { selectedDay: SATURDAY }],
      ['/api/me/gyms/mastrclass/activate', { selectedDay: 8, selectedTime: TEN }],
      ['/api/me/gyms/mastrclass/activate', { selectedDay: SATURDAY, selectedTime: 3600 }],
      ['/api/me/gyms/mastrclass/activate', { selectedDay: SATURDAY, selectedTime: 82800 }],
      ['/api/me/gyms/mastrclass/default/update', { selectedDefaultMastrDay: 1 }],
    ] as const) {
      const res = await call('POST', url, headers, payload);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message).toBe('Missing data');
    }
  });

  it('answers 401 without a token and 403 for another role, on every call', async () => {
    const { gymId, next } = await gymWithClass();
    const { pass, headers: memberHeaders } = await memberPass(gymId);
    const gymHeaders = await bearerFor(stack, 'gym', gymId);
    const gymCalls = [
      '/api/me/gyms/mastrclass/activate',
      '/api/me/gyms/mastrclass/default/update',
      `/api/me/gyms/mastrclass/active/${next._id}/cancel`,
      '/api/me/gyms/mastrclass/default/cancel',
      '/api/me/gyms/mastrclass/activate/publicvisibility',
    ];
    for (const url of gymCalls) {
      expect((await call('POST', url, undefined)).statusCode, url).toBe(401);
      expect((await call('POST', url, memberHeaders)).statusCode, url).toBe(403);
    }
    const options = `/api/me/users/mastrpass/${pass.passId}/unassigned/getgymclassoptions`;
    expect((await call('GET', options, undefined)).statusCode).toBe(401);
    expect((await call('GET', options, gymHeaders)).statusCode).toBe(403);
    expect((await assign(pass.passId, gymHeaders, next)).statusCode).toBe(403);
    const coachHeaders = await bearerFor(stack, 'coach', newId());
    expect((await assign(pass.passId, coachHeaders, next)).statusCode).toBe(403);
  });

  it('changes the default day and time; refuses a gym that never set it up', async () => {
    const { headers } = await gymWithClass();
    const res = await call('POST', '/api/me/gyms/mastrclass/default/update', headers, {
      selectedDefaultMastrDay: 2,
      selectedDefaultMastrTime: 79200,
    });
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res)).toMatchObject({
      mastrClassDefault: { weekday: 2, time: 79200, cancelled: false },
      mastrClassAvailability: [
        { week: 'Next Class', classDateAndTime: '2026-11-24T22:00:00' },
        { week: 'Following Class', classDateAndTime: '2026-12-01T22:00:00' },
      ],
    });

    const fresh = await bearerFor(stack, 'gym', await givenGym(stack));
    for (const url of ['/api/me/gyms/mastrclass/default/cancel', '/api/me/gyms/mastrclass/activate/publicvisibility']) {
      const refused = await call('POST', url, fresh);
      expect(refused.statusCode, url).toBe(400);
    }
    const update = await call('POST', '/api/me/gyms/mastrclass/default/update', fresh, {
      selectedDefaultMastrDay: 2,
      selectedDefaultMastrTime: 79200,
    });
    expect(update.statusCode).toBe(400);
  });

  it('toggles public visibility Live ⇄ Inactive; the public profile follows', async () => {
    const { gymId, headers } = await gymWithClass();
    const off = await call('POST', '/api/me/gyms/mastrclass/activate/publicvisibility', headers);
    expect(body(off)).toEqual({ mastrClassActive: false });
    const listed = await call('GET', `/api/gyms/${gymId}`, undefined);
    expect(body(listed)).toMatchObject({ mastrClassActive: false, mastrClassAvailability: [] });
    const on = await call('POST', '/api/me/gyms/mastrclass/activate/publicvisibility', headers);
    expect(body(on)).toEqual({ mastrClassActive: true });
  });

  it('cancels the next default class and re-activates it; a cancelled class cannot be assigned', async () => {
    const { gymId, headers, next } = await gymWithClass();
    const { pass, headers: memberHeaders } = await memberPass(gymId);
    const cancelled = await call('POST', '/api/me/gyms/mastrclass/default/cancel', headers);
    expect(cancelled.statusCode, cancelled.payload).toBe(200);
    expect(body(cancelled)).toMatchObject({
      mastrClassDefault: { cancelled: true, nextClassDate: NEXT },
      mastrClassAvailability: [{ classDateAndTime: NEXT, cancelled: true }, { cancelled: false }],
    });
    const refused = await assign(pass.passId, memberHeaders, next);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe('That Mastr class is cancelled.');
    expect((await copies(pass)).member.dateAndTimeStart).toBeNull();

    const again = await call('POST', '/api/me/gyms/mastrclass/default/cancel', headers);
    expect(body(again)).toMatchObject({
      mastrClassDefault: { cancelled: false },
      mastrClassAvailability: [{ classDateAndTime: NEXT, cancelled: false }, { cancelled: false }],
    });
    expect((await assign(pass.passId, memberHeaders, next)).statusCode).toBe(200);
  });

  it('member: options, assign, upcoming with its entry code; the gym cancels and the pass is unassigned again', async () => {
    const { gymId, headers: gymHeaders, next, following } = await gymWithClass();
    const { pass, headers } = await memberPass(gymId);

    const options = await call('GET', `/api/me/users/mastrpass/${pass.passId}/unassigned/getgymclassoptions`, headers);
    expect(options.statusCode, options.payload).toBe(200);
    expect(body(options)).toEqual({
      mastrAvailability: [next, following].map(({ _id, week, classDateAndTime, cancelled }) => ({
        _id,
        week,
        classDateAndTime,
        cancelled,
      })),
    });

    const res = await assign(pass.passId, headers, next);
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res)).toEqual({
      upcomingMastrPasses: [
        expect.objectContaining({
          _id: pass.passId,
          dateAndTimeStart: NEXT,
          idCode: pass.idCode,
          cancelledClass: null,
        }),
      ],
      unassignedMastrPasses: [],
    });
    expect((await occurrence(gymId, NEXT))?.assignedPasses).toEqual([pass.passId]);
    const gymMe = body<{ mastrClassAvailability: { assignedPasses: string[] }[] }>(
      await call('GET', '/api/me/gyms', gymHeaders),
    );
    expect(gymMe.mastrClassAvailability[0].assignedPasses).toEqual([pass.passId]);

    // Booked now: neither call treats it as unassigned.
    const booked = await call('GET', `/api/me/users/mastrpass/${pass.passId}/unassigned/getgymclassoptions`, headers);
    expect(booked.statusCode).toBe(400);
    expect((await assign(pass.passId, headers, following)).statusCode).toBe(400);

    const cancel = await call('POST', `/api/me/gyms/mastrclass/active/${next._id}/cancel`, gymHeaders);
    expect(cancel.statusCode, cancel.payload).toBe(200);
    expect(body(cancel)).toMatchObject({
      mastrClassAvailability: [{ _id: next._id, cancelled: true, assignedPasses: [] }, { cancelled: false }],
      mastrPasses: [{ _id: pass.passId, dateAndTimeStart: null, cancelledClass: NEXT }],
    });
    const { gym, member } = await copies(pass);
    expect(gym.dateAndTimeStart).toBeNull();
    expect(member).toMatchObject({ dateAndTimeStart: null, cancelledClass: { classDateAndTime: NEXT } });
    await givenProfiles(stack, [
      {
        _id: profileDocId('user', pass.memberId),
        type: 'user',
        name: 'Sam',
        profileImage: '',
        coachProfileId: null,
        createdAt: NOW.toISOString(),
      },
    ]);
    const meRes = await call('GET', '/api/me/users', headers);
    expect(meRes.statusCode, meRes.payload).toBe(200);
    const me = body<{ unassignedMastrClassPassesInformation: unknown[] }>(meRes);
    expect(me.unassignedMastrClassPassesInformation).toEqual([
      expect.objectContaining({ _id: pass.passId, cancelledClass: NEXT }),
    ]);

    // Cancelled for good: not again, never assigned; the other class still is, and clears the notice.
    const twice = await call('POST', `/api/me/gyms/mastrclass/active/${next._id}/cancel`, gymHeaders);
    expect(twice.statusCode).toBe(400);
    expect((await assign(pass.passId, headers, next)).statusCode).toBe(400);
    expect((await assign(pass.passId, headers, following)).statusCode).toBe(200);
    expect((await copies(pass)).member).toMatchObject({ dateAndTimeStart: FOLLOWING, cancelledClass: null });
  });

  it("refuses another member's pass, another gym's class and a class id not listed", async () => {
    const { gymId, next, following } = await gymWithClass();
    const other = await gymWithClass();
    const { pass, headers } = await memberPass(gymId);
    const stranger = await bearerFor(stack, 'user', (await memberPass(gymId)).pass.memberId);

    const theirs = await call('GET', `/api/me/users/mastrpass/${pass.passId}/unassigned/getgymclassoptions`, stranger);
    expect(theirs.statusCode).toBe(400);
    expect(body(theirs).message).toBe("Missing ID's: no such unassigned Mastr pass.");
    expect((await assign(pass.passId, stranger, next)).statusCode).toBe(400);
    expect((await assign(pass.passId, headers, other.next)).statusCode).toBe(400);
    expect((await assign(pass.passId, headers, { ...following, _id: next._id })).statusCode).toBe(400);
    const missing = await call('POST', `/api/me/users/mastrpass/${pass.passId}/unassigned/assignclass`, headers, {
      mastrClassId: next._id,
    });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('Missing data');
    expect((await copies(pass)).member.dateAndTimeStart).toBeNull();

    // A gym cannot cancel another gym's class.
    const foreign = await call('POST', `/api/me/gyms/mastrclass/active/${next._id}/cancel`, other.headers);
    expect(foreign.statusCode).toBe(400);
    expect((await occurrence(gymId, NEXT))?.cancelled ?? false).toBe(false);
    const badId = await call('POST', '/api/me/gyms/mastrclass/active/not-an-id/cancel', other.headers);
    expect(body(badId).message).toBe("Missing ID's");
  });

  it('refuses a class that has started', async () => {
    const { gymId, headers: gymHeaders, next } = await gymWithClass();
    const { pass, headers } = await memberPass(gymId);
    stack.clock.now = new Date('2026-11-21T10:00:00Z');
    try {
      // At 10:00 the Saturday class has started: the list moved on, the old id is not offered.
      expect((await assign(pass.passId, headers, next)).statusCode).toBe(400);
      const cancel = await call('POST', `/api/me/gyms/mastrclass/active/${next._id}/cancel`, gymHeaders);
      expect(cancel.statusCode).toBe(400);
    } finally {
      stack.clock.now = NOW;
    }
  });

  it('races: many members and a cancellation at once, on two instances, never leave a pass in a cancelled class', async () => {
    const second = await stack.startInstance();
    for (let round = 0; round < 3; round += 1) {
      const { gymId, headers: gymHeaders, next } = await gymWithClass();
      const members = await Promise.all(Array.from({ length: 8 }, () => memberPass(gymId)));
      const results = await Promise.all([
        ...members.map((m, i) => assign(m.pass.passId, m.headers, next, i % 2 ? second : stack.server)),
        call('POST', `/api/me/gyms/mastrclass/active/${next._id}/cancel`, gymHeaders, undefined, second),
      ]);
      expect(results.at(-1)!.statusCode, results.at(-1)!.payload).toBe(200);
      for (const [i, m] of members.entries()) {
        const { gym, member } = await copies(m.pass);
        expect([results[i].statusCode, gym.dateAndTimeStart, member.dateAndTimeStart]).toEqual(
          results[i].statusCode === 200 ? [200, null, null] : [400, null, null],
        );
      }
      const stored = await occurrence(gymId, NEXT);
      expect(stored?.cancelled).toBe(true);
    }
  });

  it('races: two members at once both join the class; one pass twice at once is booked once', async () => {
    const second = await stack.startInstance();
    const { gymId, next, following } = await gymWithClass();
    const a = await memberPass(gymId);
    const b = await memberPass(gymId);
    const both = await Promise.all([
      assign(a.pass.passId, a.headers, next),
      assign(b.pass.passId, b.headers, next, second),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set((await occurrence(gymId, NEXT))?.assignedPasses)).toEqual(new Set([a.pass.passId, b.pass.passId]));

    const c = await memberPass(gymId);
    const twice = await Promise.all([
      assign(c.pass.passId, c.headers, next),
      assign(c.pass.passId, c.headers, following, second),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const { gym, member } = await copies(c.pass);
    expect(gym.dateAndTimeStart).toBe(member.dateAndTimeStart);
    const won = member.dateAndTimeStart!;
    const inNext = (await occurrence(gymId, NEXT))?.assignedPasses.includes(c.pass.passId) ?? false;
    const inFollowing = (await occurrence(gymId, FOLLOWING))?.assignedPasses.includes(c.pass.passId) ?? false;
    expect([inNext, inFollowing]).toEqual([won === NEXT, won === FOLLOWING]);
    expect(passDocId('mastr-pass', c.pass.passId)).toBe(c.pass._id);
  });

  it('a new default day or time cancels, for their members, the listed classes it drops that have passes booked; an empty dropped class is not cancelled', async () => {
    const { gymId, headers: gymHeaders, next, following } = await gymWithClass();
    const booked = await memberPass(gymId);
    expect((await assign(booked.pass.passId, booked.headers, next)).statusCode).toBe(200);
    const moved = await call('POST', '/api/me/gyms/mastrclass/default/update', gymHeaders, {
      selectedDefaultMastrDay: 7,
      selectedDefaultMastrTime: 39600,
    });
    expect(moved.statusCode, moved.payload).toBe(200);
    const listed = body<{ mastrClassAvailability: MastrClassOption[] }>(moved).mastrClassAvailability;
    expect(listed.map((c) => c.classDateAndTime)).toEqual(['2026-11-22T11:00:00', '2026-11-29T11:00:00']);
    const { gym, member } = await copies(booked.pass);
    expect([gym.dateAndTimeStart, member.dateAndTimeStart]).toEqual([null, null]);
    expect(member.cancelledClass?.classDateAndTime).toBe(NEXT);
    expect((await occurrence(gymId, NEXT))?.cancelled).toBe(true);
    expect((await occurrence(gymId, FOLLOWING))?.cancelled ?? false).toBe(false);

    // Back to Saturdays: the class its member was moved out of stays cancelled, the empty one runs.
    const back = await call('POST', '/api/me/gyms/mastrclass/default/update', gymHeaders, {
      selectedDefaultMastrDay: SATURDAY,
      selectedDefaultMastrTime: TEN,
    });
    const again = body<{ mastrClassAvailability: MastrClassOption[] }>(back).mastrClassAvailability;
    expect(again.map((c) => [c.classDateAndTime, c.cancelled])).toEqual([
      [NEXT, true],
      [following.classDateAndTime, false],
    ]);
  });

  it('races: members booking a class while the gym moves its default, on two instances, leave no pass in a class that no longer runs', async () => {
    const second = await stack.startInstance();
    for (let round = 0; round < 3; round += 1) {
      const { gymId, headers: gymHeaders, next } = await gymWithClass();
      const members = await Promise.all(Array.from({ length: 6 }, () => memberPass(gymId)));
      const results = await Promise.all([
        ...members.map((m, i) => assign(m.pass.passId, m.headers, next, i % 2 ? second : stack.server)),
        call(
          'POST',
          '/api/me/gyms/mastrclass/default/update',
          gymHeaders,
          { selectedDefaultMastrDay: 7, selectedDefaultMastrTime: 39600 },
          second,
        ),
      ]);
      expect(results.at(-1)!.statusCode, results.at(-1)!.payload).toBe(200);
      for (const [i, m] of members.entries()) {
        const { gym, member } = await copies(m.pass);
        expect([results[i].statusCode, gym.dateAndTimeStart, member.dateAndTimeStart]).toEqual(
          results[i].statusCode === 200 ? [200, null, null] : [400, null, null],
        );
      }
    }
  });
});
