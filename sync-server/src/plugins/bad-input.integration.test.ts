import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { availabilityDocId } from '@mastr/rules/doc-ids.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { MAX_JSON_BYTES } from '../server.ts';
import { CHECKOUT_REFUSALS } from '../services/payments/index.ts';
import { givenCoach, givenDefaultAvailability, givenMembership } from '../test-support/directory-fixtures.ts';
import { givenPayingMember, givenSellingGym } from '../test-support/payment-fixtures.ts';
import { givenAccount, jwtCookieOf } from '../test-support/sign-in-helpers.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { productDatabases } from '../test-support/test-couch.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/** Hostile and broken input on the public session routes: always a 4xx with a message, never a 500, nothing written. */
describe('bad input on sign-in, refresh, logout and /api/me', () => {
  let stack: TestStack;
  let email: string;
  let docsBefore: number;

  beforeAll(async () => {
    stack = await startTestStack();
    ({ email } = await givenAccount(stack, 'user'));
  });
  afterAll(async () => {
    await stack.stop();
  });

  const docCount = async () => {
    const counts = await Promise.all(
      [DB.accounts, DB.auth, DB.profiles].map(async (db) => (await stack.couch.db.get(db)).doc_count),
    );
    return counts.reduce((a, b) => a + b, 0);
  };
  beforeEach(async () => {
    docsBefore = await docCount();
  });

  const post = (payload: string | Buffer, contentType = 'application/json') =>
    stack.server.inject({ method: 'POST', url: '/api/auth/user', payload, headers: { 'content-type': contentType } });

  async function expectRefused(res: { statusCode: number; payload: string }, status: number) {
    expect(res.statusCode).toBe(status);
    const message = JSON.parse(res.payload).message;
    expect(typeof message).toBe('string');
    expect(message.length).toBeGreaterThan(0);
    expect(await docCount()).toBe(docsBefore);
  }

  it.each([
    ['malformed JSON', '{"email": "a@b.co", "pwd": '],
    ['a JSON array', '[]'],
    ['a JSON string', '"hello"'],
    ['JSON null', 'null'],
    ['an empty body', ''],
    ['an empty object', '{}'],
    ['a missing password', () => JSON.stringify({ email })],
    ['a numeric email', '{"email": 12345, "pwd": "Str0ng!Pass"}'],
    ['a boolean password', () => JSON.stringify({ email, pwd: true })],
    ['an object password', () => JSON.stringify({ email, pwd: { $gt: '' } })],
    ['an array email', '{"email": ["a@b.co"], "pwd": "Str0ng!Pass"}'],
    ['an empty password', () => JSON.stringify({ email, pwd: '' })],
    ['an email that is not an email', '{"email": "not-an-email", "pwd": "Str0ng!Pass"}'],
    ['an unknown field', () => JSON.stringify({ email, pwd: 'Str0ng!Pass', admin: true })],
    ['a __proto__ key', () => `{"email": "${email}", "pwd": "Str0ng!Pass", "__proto__": {"admin": true}}`],
    ['a password longer than any password may be', () => JSON.stringify({ email, pwd: 'A!1a'.repeat(75) })],
  ])('refuses %s with 400', async (_label, body) => {
    await expectRefused(await post(typeof body === 'function' ? body() : body), 400);
  });

  it('refuses a body beyond the few kilobytes credentials need with 413', async () => {
    await expectRefused(await post(JSON.stringify({ email, pwd: 'x'.repeat(8 * 1024) })), 413);
  });

  it('refuses a body larger than the server-wide limit with 413', async () => {
    const huge = JSON.stringify({ email, pwd: 'x'.repeat(MAX_JSON_BYTES + 1) });
    await expectRefused(await post(huge), 413);
  });

  it.each([
    ['form-encoded', `email=${encodeURIComponent('a@b.co')}&pwd=Str0ng%21Pass`, 'application/x-www-form-urlencoded'],
    ['plain text', '{"email": "a@b.co", "pwd": "Str0ng!Pass"}', 'text/plain'],
    [
      'multipart',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--',
      'multipart/form-data; boundary=x',
    ],
  ])('refuses a %s body with 415', async (_label, body, type) => {
    await expectRefused(await post(body, type), 415);
  });

  it.each([
    ['an unparseable cookie header', 'jwt="unterminated'],
    ['a cookie with a huge value', `jwt=${'a'.repeat(3000)}`],
    ['a cookie with injected characters', 'jwt=abc%00def'],
    ['a cookie that is only a dot', 'jwt=.'],
    ['two jwt cookies', 'jwt=a; jwt=b'],
  ])('answers refresh with 401 for %s, and logout with 204', async (_label, cookie) => {
    const refreshed = await stack.server.inject({ url: '/api/refresh', headers: { cookie } });
    expect(refreshed.statusCode).toBe(401);
    expect(JSON.parse(refreshed.payload).message).toBe('Unauthorized');
    const loggedOut = await stack.server.inject({ url: '/api/logout/user', headers: { cookie } });
    expect(loggedOut.statusCode).toBe(204);
    expect(jwtCookieOf(loggedOut)).toBe('');
    expect(await docCount()).toBe(docsBefore);
  });

  it.each([
    ['a Basic scheme', 'Basic dXNlcjpwYXNz'],
    ['Bearer with nothing after it', 'Bearer'],
    ['Bearer with several words', 'Bearer a b c'],
    ['a token of three empty parts', 'Bearer ..'],
    [
      'an unsigned token',
      `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"UserInfo":{"roles":[6969]}}').toString('base64url')}.`,
    ],
  ])('answers /api/me with 401 for %s', async (_label, authorization) => {
    const res = await stack.server.inject({ url: '/api/me/users', headers: { authorization } });
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.payload).message).toEqual(expect.any(String));
  });
});

/**
 * Bounds on ids, free strings and dates (design/decisions.md 27): an id of a million characters, a
 * 1.5 MB slot id, a day the calendar does not have or a date years away is a 4xx with the route's
 * bad-input message, never a 500, and nothing is stored.
 */
describe('bounds on ids, strings and dates', () => {
  // Wednesday 18 November 2026, 10:00 UK (GMT). Gym weeks: this one ends Sunday the 22nd, the next
  // Sunday the 29th. Coach weeks: this one began Sunday the 15th, the next begins the 22nd.
  const NOW = new Date('2026-11-18T10:00:00Z');
  const MILLION = 'a'.repeat(1_000_000);
  const SLOT_ID_OF_1_5_MB = 'b'.repeat(1_500_000);
  let stack: TestStack;
  let gymId: string;
  let coachId: string;
  let member: Awaited<ReturnType<typeof givenPayingMember>>;
  let coachHeaders: Record<string, string>;
  let docsBefore: number;

  /** Every document in every database: nothing may be stored by a refused call. */
  const allDocs = async () => {
    const names = await productDatabases(stack.couch);
    const counts = await Promise.all(names.map(async (name) => (await stack.couch.db.get(name)).doc_count));
    return counts.reduce((a, b) => a + b, 0);
  };

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
    gymId = await givenSellingGym(stack);
    member = await givenPayingMember(stack);
    coachId = await givenCoach(stack);
    await givenMembership(stack, gymId, coachId);
    await givenDefaultAvailability(stack, coachId, { 5: [64800] });
    // Minted once: each token is a new session document.
    coachHeaders = await bearerFor(stack, 'coach', coachId);
    // Opens the coach's and the member's sync (their databases exist from here on).
    for (const [kind, id] of [
      ['coach', coachId],
      ['member', member.memberId],
    ] as const) {
      const res = await stack.server.inject({
        url: `/sync/${kind}/${id}`,
        headers: kind === 'coach' ? coachHeaders : member.headers,
      });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await stack.stop();
  });
  beforeEach(async () => {
    docsBefore = await allDocs();
  });

  const post = async (url: string, payload: object, headers: Record<string, string> = member.headers) => {
    const res = await stack.server.inject({ method: 'POST', url, payload, headers });
    return { status: res.statusCode, message: JSON.parse(res.payload).message as string };
  };
  const expectNothingStored = async () => expect(await allDocs()).toBe(docsBefore);

  describe('booking bodies', () => {
    const dayPass = (overrides: object) => ({
      user_id: member.memberId,
      gym_id: gymId,
      passDayDate: '2026-11-21',
      ...overrides,
    });
    const mastrClass = (overrides: object) => ({
      user_id: member.memberId,
      gym_id: gymId,
      mastrClassDate: '2026-11-26T18:00:00',
      mastrClassId: newId(),
      ...overrides,
    });

    it.each([
      ['an adult day pass', '/api/booking/createCheckoutSessionAdultDayPass', dayPass],
      ['a kids day pass', '/api/booking/createCheckoutSessionKidsDayPass', dayPass],
      ['a Mastr class', '/api/booking/createCheckoutMastrClass', mastrClass],
    ])('refuses a 1,000,000-character gym_id for %s with the 400 of an unknown gym', async (_label, url, body) => {
      expect(await post(url, body({ gym_id: MILLION }))).toEqual({
        status: 400,
        message: CHECKOUT_REFUSALS.unknownGym,
      });
      expect(await post(url, body({ user_id: MILLION }))).toEqual({ status: 400, message: CHECKOUT_REFUSALS.notYou });
      await expectNothingStored();
    });

    it('refuses a day pass on a day the calendar does not have, or years away', async () => {
      const url = '/api/booking/createCheckoutSessionAdultDayPass';
      for (const passDayDate of ['2026-02-29', '2026-11-31', '2026-11-21'.repeat(1000)])
        expect(await post(url, dayPass({ passDayDate }))).toEqual({ status: 400, message: CHECKOUT_REFUSALS.badDate });
      expect(await post(url, dayPass({ passDayDate: '9999-12-31' }))).toEqual({
        status: 400,
        message: CHECKOUT_REFUSALS.beyondWindow,
      });
      await expectNothingStored();
    });

    it('refuses a Mastr class id that is not one of ours with the 400 of a class not on offer', async () => {
      const url = '/api/booking/createCheckoutMastrClass';
      for (const mastrClassId of [MILLION, 'x'.repeat(24)])
        expect(await post(url, mastrClass({ mastrClassId }))).toEqual({
          status: 400,
          message: CHECKOUT_REFUSALS.mastrNotOffered,
        });
      await expectNothingStored();
    });

    describe('a PT request to a gym', () => {
      const url = '/api/booking/handlePrivateSessionGymRequest';
      const ptRequest = (overrides: object) => ({
        gym_id: gymId,
        selectedDate: '2026-11-25',
        selectedTime: 64800,
        selectedDiscipline: 'Boxing',
        selectedExperienceLevel: 'Beginner',
        ...overrides,
      });

      it.each([
        ['9999-12-31', '9999-12-31'],
        ['the day after next gym week ends', '2026-11-30'],
        ['2026-02-29', '2026-02-29'],
        ['2027-02-29', '2027-02-29'],
        ['a 1,000,000-character date', MILLION],
      ])("refuses %s with 400 'Missing data'", async (_label, selectedDate) => {
        expect(await post(url, ptRequest({ selectedDate }))).toEqual({ status: 400, message: 'Missing data' });
        await expectNothingStored();
      });

      it("refuses a 1,000,000-character gym_id with 400 'Missing data'", async () => {
        expect(await post(url, ptRequest({ gym_id: MILLION }))).toEqual({ status: 400, message: 'Missing data' });
        await expectNothingStored();
      });

      it('still takes the last day of next gym week', async () => {
        expect(await post(url, ptRequest({ selectedDate: '2026-11-29' }))).toEqual({
          status: 201,
          message: 'Request Sent',
        });
      });
    });

    describe('a request for a coach slot', () => {
      const url = '/api/booking/handlePrivateSessionCoachRequest';
      const slotRequest = (overrides: object) => ({
        userEmail: 'alex@example.com',
        coach_id: coachId,
        user_id: member.memberId,
        gym_id: gymId,
        coachPrice: 1,
        selectedExperience: 'Intermediate',
        bookingTimeObject: { _id: 'slot-id', time: 64800, booked: false, requested: false },
        bookingDayId: 'day-id',
        bookingDate: '2026-11-27',
        currentOrNextWeek: 'nextWeek',
        ...overrides,
      });

      it.each([
        [
          'a slot id of 1.5 MB',
          { bookingTimeObject: { _id: SLOT_ID_OF_1_5_MB, time: 64800, booked: false, requested: false } },
        ],
        ['a day id of odd characters', { bookingDayId: 'day id' }],
        ['a coach_id of 1,000,000 characters', { coach_id: MILLION }],
        ['a booking date the calendar does not have', { bookingDate: '2026-11-31' }],
      ])("refuses %s with 400 'Missing data'", async (_label, overrides) => {
        expect(await post(url, slotRequest(overrides))).toEqual({ status: 400, message: 'Missing data' });
        await expectNothingStored();
      });
    });
  });

  describe('path params', () => {
    it.each([
      ['/api/gyms/', 'Gym not found'],
      ['/api/coaches/', 'Coach not found'],
    ])('answers a 1,000,000-character id on %s{id} with 404', async (path, message) => {
      const res = await stack.server.inject({ url: `${path}${MILLION}` });
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.payload).message).toBe(message);
    });

    it('answers a 1,000,000-character request line over HTTP with a 4xx before any route runs', async () => {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: stack.server.info.port, path: `/api/gyms/${MILLION}` });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    });
  });

  describe('the sync gateway', () => {
    const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const week = (weekStart: string | null, slotId = newId(), extra: object = {}) => ({
      _id: availabilityDocId(weekStart),
      type: 'availability-week',
      coachId,
      weekStart,
      updatedAt: NOW.toISOString(),
      _deleted: false,
      days: DAYS.map((abbreviation, weekday) => ({
        _id: newId(),
        weekday,
        abbreviation,
        times: weekday === 4 ? [{ _id: slotId, time: 25200, booked: false, requested: false }] : [],
      })),
      ...extra,
    });
    const push = (docs: unknown[]) =>
      stack.server.inject({
        method: 'POST',
        url: `/sync/coach/${coachId}/_bulk_docs`,
        headers: coachHeaders,
        payload: { docs },
      });
    const coachDocIds = async () =>
      (await stack.couch.use(tenantDbName('coach', coachId)).list()).rows.map((row) => row.id);

    it.each([
      ['a slot id of 1.5 MB', () => week('2026-11-22', SLOT_ID_OF_1_5_MB)],
      ['a week from 2026-02-29 (Date.parse reads it as Sunday 1 March)', () => week('2026-02-29')],
      ['a week in 9999', () => week('9999-12-26')],
      ['a revision of 100,000 characters', () => week(null, newId(), { _rev: `1-${'c'.repeat(100_000)}` })],
    ])("refuses a coach's batch holding %s with 403, storing nothing", async (_label, doc) => {
      const idsBefore = await coachDocIds();
      const res = await push([week('2026-11-29'), doc()]);
      expect(res.statusCode).toBe(403);
      expect(await coachDocIds()).toEqual(idsBefore);
      await expectNothingStored();
      // The public profile serves no slot the refused write carried.
      const profile = await stack.server.inject({ url: `/api/coaches/${coachId}` });
      expect(profile.statusCode).toBe(200);
      expect(profile.payload).not.toContain('bbbbbbbbbb');
    });

    it('still writes a week within bounds', async () => {
      const res = await push([week('2026-11-22')]);
      expect(res.statusCode).toBe(201);
      expect(JSON.parse(res.payload)[0]).toMatchObject({ ok: true, id: 'availability:week:2026-11-22' });
    });

    it('refuses reads asking for a key of 1.5 MB or a query value of 10,000 characters with 403', async () => {
      const headers = coachHeaders;
      const base = `/sync/coach/${coachId}`;
      const keys = await stack.server.inject({
        method: 'POST',
        url: `${base}/_all_docs`,
        headers,
        payload: { keys: [SLOT_ID_OF_1_5_MB], include_docs: true },
      });
      expect(keys.statusCode).toBe(403);
      const since = await stack.server.inject({ url: `${base}/_changes?since=${'1'.repeat(10_000)}`, headers });
      expect(since.statusCode).toBe(403);
    });
  });
});
