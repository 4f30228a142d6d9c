import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassItem, GymProfileDoc } from '@mastr/rules/documents.ts';
import { DB } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { givenAccount } from '../test-support/sign-in-helpers.ts';
import {
  coachDoc,
  givenCoach,
  givenDefaultAvailability,
  givenGym,
  givenMember,
  givenMembership,
  givenProfiles,
  givenSchedule,
  gymDoc,
  idOf,
  membershipDoc,
} from '../test-support/directory-fixtures.ts';
import { bearerFor, passesDeps } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { createDayPass } from '../services/passes/index.ts';

// Wednesday 18 November 2026, 10:00 in the UK: gym weeks start Monday 16th / 23rd, coach weeks Sunday 15th / 22nd.
const NOW = new Date('2026-11-18T10:00:00Z');

const GYM_CARD_KEYS = [
  '_id',
  'gymName',
  'address',
  'bio',
  'adultDayPassPrice',
  'kidsDayPassPrice',
  'profileImage',
  'coverImage',
  'mastrClassActive',
  'coachesInformation',
].sort();
const COACH_CARD_KEYS = [
  '_id',
  'firstName',
  'lastName',
  'discipline',
  'price',
  'sessionPreferenceType',
  'profileImage',
  'gymsInformation',
].sort();

const aClass = (startTime: number, overrides: Partial<ClassItem> = {}): ClassItem => ({
  _id: newId(),
  discipline: 'MMA',
  difficulty: 'Any',
  startTime,
  endTime: startTime + 3600,
  location: 'Main mat',
  kidsClass: false,
  ...overrides,
});

describe('public directory', () => {
  let stack: TestStack;
  const get = async (url: string) => {
    const res = await stack.server.inject({ method: 'GET', url });
    return { status: res.statusCode, body: JSON.parse(res.payload) };
  };

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
  });
  afterAll(async () => {
    await stack.stop();
  });

  describe('GET /api/gyms', () => {
    it('lists only active, subscribed gyms with the public card fields, oldest first', async () => {
      const shown = await givenGym(stack, { gymName: 'Shown Gym' });
      const inactive = await givenGym(stack, { status: false });
      const unsubscribed = await givenGym(stack, { subscribed: false });
      const later = await givenGym(stack, { gymName: 'Later Gym' });
      const { status, body } = await get('/api/gyms');
      expect(status).toBe(200);
      const ids = body.map((g: { _id: string }) => g._id);
      expect(ids).not.toContain(inactive);
      expect(ids).not.toContain(unsubscribed);
      expect(ids.indexOf(shown)).toBeLessThan(ids.indexOf(later));
      const card = body.find((g: { _id: string }) => g._id === shown);
      expect(Object.keys(card).sort()).toEqual(GYM_CARD_KEYS);
      expect(card).toMatchObject({
        gymName: 'Shown Gym',
        adultDayPassPrice: 1500,
        kidsDayPassPrice: 800,
        mastrClassActive: false,
        coachesInformation: [],
        address: {
          addressLineOne: '1 High Street',
          addressLineTwo: '',
          addressTownOrCity: 'Leeds',
          addressPostalCode: 'LS1 1AA',
        },
      });
    });

    it('shows at most nine avatars, of active registered coaches only, in registration order', async () => {
      const gymId = await givenGym(stack);
      const coaches = Array.from({ length: 13 }, (_, i) => coachDoc({ status: i % 4 !== 1 })); // 1, 5, 9 inactive
      const pending = coachDoc();
      await givenProfiles(stack, [...coaches, pending]);
      await givenProfiles(
        stack,
        coaches.map((c) => membershipDoc(gymId, idOf(c))),
      );
      await givenMembership(stack, gymId, idOf(pending), 'pending');
      const { body } = await get('/api/gyms');
      const avatars = body.find((g: { _id: string }) => g._id === gymId).coachesInformation;
      const active = coaches.filter((c) => c.status);
      expect(avatars).toHaveLength(9);
      expect(avatars.map((a: { _id: string }) => a._id)).toEqual(active.slice(0, 9).map(idOf));
      expect(avatars[0]).toEqual({
        _id: idOf(active[0]),
        status: true,
        profileImage: active[0].profileImage,
        firstName: 'Casey',
        lastName: active[0].lastName,
      });
    });

    it('answers from the current data at once: a gym hidden a moment ago is gone', async () => {
      const gymId = await givenGym(stack);
      expect((await get('/api/gyms')).body.map((g: { _id: string }) => g._id)).toContain(gymId);
      const profiles = stack.couch.use<GymProfileDoc>(DB.profiles);
      await profiles.insert({ ...(await profiles.get(`gym:${gymId}`)), status: false });
      expect((await get('/api/gyms')).body.map((g: { _id: string }) => g._id)).not.toContain(gymId);
    });
  });

  describe('GET /api/coaches', () => {
    it('lists active coaches newest first, with up to nine active gyms each (subscribed or not)', async () => {
      const older = await givenCoach(stack, { firstName: 'Older' });
      const hidden = await givenCoach(stack, { status: false });
      const newer = await givenCoach(stack, { firstName: 'Newer' });
      const gyms = [
        gymDoc(),
        gymDoc({ status: false }),
        gymDoc({ subscribed: false }),
        ...Array.from({ length: 9 }, () => gymDoc()),
      ];
      await givenProfiles(stack, [...gyms, ...gyms.map((g) => membershipDoc(idOf(g), newer))]);

      const { status, body } = await get('/api/coaches');
      expect(status).toBe(200);
      const ids = body.map((c: { _id: string }) => c._id);
      expect(ids).not.toContain(hidden);
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
      expect(ids[0]).toBe(newer);
      const card = body.find((c: { _id: string }) => c._id === newer);
      expect(Object.keys(card).sort()).toEqual(COACH_CARD_KEYS);
      const expected = [gyms[0], gyms[2], ...gyms.slice(3, 10)];
      expect(card.gymsInformation.map((g: { _id: string }) => g._id)).toEqual(expected.map(idOf));
      expect(card.gymsInformation[1]).toEqual({
        _id: idOf(gyms[2]),
        status: true,
        profileImage: gyms[2].profileImage,
        gymName: gyms[2].gymName,
      });
    });
  });

  describe('GET /api/gyms/{id}', () => {
    it('is 404 for an unknown, malformed, inactive or unsubscribed gym', async () => {
      const inactive = await givenGym(stack, { status: false });
      const unsubscribed = await givenGym(stack, { subscribed: false });
      const coach = await givenCoach(stack);
      for (const id of [newId(), 'not-an-id', inactive, unsubscribed, coach]) {
        expect(await get(`/api/gyms/${id}`)).toMatchObject({ status: 404, body: { message: 'Gym not found' } });
      }
    });

    it('stays reachable, unlisted, for a member holding a pass at a gym that ended its plan; to no one else', async () => {
      const gymId = await givenGym(stack, { subscribed: false });
      const holder = await givenMember(stack);
      const other = await givenMember(stack, 'Sam Other');
      await createDayPass(passesDeps(stack), {
        gym: { profileId: gymId, gymName: 'Iron Temple' },
        member: { profileId: holder, name: 'Alex Member', email: 'alex.member@example.com' },
        passType: 'Adult',
        date: '2026-11-25',
        pricePence: 1500,
      });
      const as = async (memberId: string | null) => {
        const headers = memberId ? await bearerFor(stack, 'user', memberId) : {};
        const res = await stack.server.inject({ method: 'GET', url: `/api/gyms/${gymId}`, headers });
        return { status: res.statusCode, body: JSON.parse(res.payload) };
      };
      expect(await as(holder)).toMatchObject({ status: 200, body: { _id: gymId, listed: false } });
      expect(await as(other)).toMatchObject({ status: 404, body: { message: 'Gym not found' } });
      expect(await as(null)).toMatchObject({ status: 404, body: { message: 'Gym not found' } });
      // A forged token is anonymous, never a refusal of the public route.
      const forged = await stack.server.inject({
        method: 'GET',
        url: `/api/gyms/${gymId}`,
        headers: { authorization: 'Bearer not.a.token' },
      });
      expect(forged.statusCode).toBe(404);
      // Once the pass day has gone, the gym is gone for the holder too.
      stack.clock.now = new Date('2026-11-26T10:00:00Z');
      try {
        expect((await as(holder)).status).toBe(404);
      } finally {
        stack.clock.now = NOW;
      }
    });

    it('shows every active registered coach newest registration first, and counts them', async () => {
      const gymId = await givenGym(stack);
      const coaches = Array.from({ length: 11 }, () => coachDoc());
      const inactive = coachDoc({ status: false });
      await givenProfiles(stack, [
        ...coaches,
        inactive,
        ...[...coaches, inactive].map((c) => membershipDoc(gymId, idOf(c))),
      ]);
      const { status, body } = await get(`/api/gyms/${gymId}`);
      expect(status).toBe(200);
      expect(body.activeCoachCount).toBe(11);
      expect(body.coachesInformation.map((c: { _id: string }) => c._id)).toEqual(coaches.map(idOf).reverse());
      expect(body.coachesInformation[0]).toEqual({
        _id: idOf(coaches[10]),
        status: true,
        profileImage: coaches[10].profileImage,
        firstName: 'Casey',
        lastName: coaches[10].lastName,
        discipline: 'Boxing',
        price: 4500,
      });
    });

    it('gives the two-week timetable Monday to Sunday, weeks without their own document following the default', async () => {
      const gymId = await givenGym(stack);
      const evening = aClass(64800, { discipline: 'Boxing' });
      const morning = aClass(25200, { kidsClass: true, discipline: 'Kids Judo' });
      await givenSchedule(stack, gymId, null, { 1: [evening, morning] });
      const extra = aClass(36000, { discipline: 'Open Mat' });
      await givenSchedule(stack, gymId, '2026-11-23', { 6: [extra] });

      const { body } = await get(`/api/gyms/${gymId}`);
      expect(body.currentWeekStart).toBe('2026-11-16');
      expect(body.nextWeekStart).toBe('2026-11-23');
      expect(
        body.schedule.map((d: { weekday: number; abbreviation: string }) => `${d.weekday}${d.abbreviation}`),
      ).toEqual(['1Mon', '2Tue', '3Wed', '4Thu', '5Fri', '6Sat', '7Sun']);
      const monday = body.schedule[0];
      expect(monday.defaultClasses).toEqual([morning, evening]);
      expect(monday.currentWeekClasses).toEqual([morning, evening]);
      expect(monday.nextWeekClasses).toEqual([]);
      expect(body.schedule[5].nextWeekClasses).toEqual([extra]);
      expect(body.schedule[5].currentWeekClasses).toEqual([]);
    });

    it('gives seven empty days to a gym that never wrote a schedule', async () => {
      const { body } = await get(`/api/gyms/${await givenGym(stack)}`);
      expect(body.schedule).toHaveLength(7);
      expect(
        body.schedule.every((d: Record<string, unknown[]>) => !d.defaultClasses.length && !d.currentWeekClasses.length),
      ).toBe(true);
    });

    it('lists the next two Mastr classes only while the Mastr class is active', async () => {
      const thursday6pm = { weekday: 4, time: 64800, cancelled: false };
      const active = await givenGym(stack, { mastrClassActive: true, mastrClassDefault: thursday6pm });
      const { body } = await get(`/api/gyms/${active}`);
      expect(body.mastrClassAvailability).toEqual([
        {
          _id: expect.stringMatching(/^[a-f0-9]{24}$/),
          week: 'Next Class',
          classDateAndTime: '2026-11-19T18:00:00',
          cancelled: false,
        },
        {
          _id: expect.stringMatching(/^[a-f0-9]{24}$/),
          week: 'Following Class',
          classDateAndTime: '2026-11-26T18:00:00',
          cancelled: false,
        },
      ]);
      expect((await get(`/api/gyms/${active}`)).body.mastrClassAvailability).toEqual(body.mastrClassAvailability);

      // Wednesday 09:00 has already started today: the next one is a week away; a cancelled default cancels it.
      const startedToday = await givenGym(stack, {
        mastrClassActive: true,
        mastrClassDefault: { weekday: 3, time: 32400, cancelled: true },
      });
      expect((await get(`/api/gyms/${startedToday}`)).body.mastrClassAvailability).toMatchObject([
        { week: 'Next Class', classDateAndTime: '2026-11-25T09:00:00', cancelled: true },
        { week: 'Following Class', classDateAndTime: '2026-12-02T09:00:00', cancelled: false },
      ]);

      const inactive = await givenGym(stack, { mastrClassActive: false, mastrClassDefault: thursday6pm });
      expect((await get(`/api/gyms/${inactive}`)).body.mastrClassAvailability).toEqual([]);
    });
  });

  describe('GET /api/coaches/{id}', () => {
    it('is 404 for an unknown, malformed or inactive coach', async () => {
      const inactive = await givenCoach(stack, { status: false });
      for (const id of [newId(), 'x', inactive, await givenGym(stack)]) {
        expect(await get(`/api/coaches/${id}`)).toMatchObject({ status: 404, body: { message: 'Coach not found' } });
      }
    });

    it('shows socials, the public gyms the coach is registered to, and the Sunday-start availability', async () => {
      const coachId = await givenCoach(stack, { instagramUsername: 'ig', tiktokUsername: 'tt', youtubeUsername: 'yt' });
      const publicGym = gymDoc({ gymName: 'Public' });
      const unsubscribed = gymDoc({ subscribed: false });
      const pending = gymDoc();
      await givenProfiles(stack, [
        publicGym,
        unsubscribed,
        pending,
        membershipDoc(idOf(publicGym), coachId),
        membershipDoc(idOf(unsubscribed), coachId),
      ]);
      await givenMembership(stack, idOf(pending), coachId, 'pending');
      await givenDefaultAvailability(stack, coachId, { 2: [64800, 25200] });

      const { status, body } = await get(`/api/coaches/${coachId}`);
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(
        [
          ...COACH_CARD_KEYS,
          'instagramUsername',
          'tiktokUsername',
          'youtubeUsername',
          'registeredGymsInformation',
          'availability',
          'currentWeekStart',
          'nextWeekStart',
        ].sort(),
      );
      expect(body).toMatchObject({
        instagramUsername: 'ig',
        tiktokUsername: 'tt',
        youtubeUsername: 'yt',
        currentWeekStart: '2026-11-15',
        nextWeekStart: '2026-11-22',
      });
      expect(body.registeredGymsInformation).toEqual([
        { _id: idOf(publicGym), gymName: 'Public', profileImage: publicGym.profileImage },
      ]);
      expect(body.gymsInformation.map((g: { _id: string }) => g._id)).toEqual([idOf(publicGym), idOf(unsubscribed)]);
      expect(body.availability.map((d: { weekday: number }) => d.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      const tuesday = body.availability[2];
      expect(tuesday.defaultTimes.map((s: { time: number }) => s.time)).toEqual([25200, 64800]);
      expect(tuesday.currentWeekTimes).toEqual(tuesday.defaultTimes);
      expect(tuesday.nextWeekTimes).toEqual(tuesday.defaultTimes);
    });

    it('shows an empty week to a coach who never set availability', async () => {
      const { body } = await get(`/api/coaches/${await givenCoach(stack)}`);
      expect(body.availability).toHaveLength(7);
      expect(
        body.availability.every((d: Record<string, unknown[]>) => !d.defaultTimes.length && !d.nextWeekTimes.length),
      ).toBe(true);
    });
  });

  it('never sends a private field of a gym or a coach', async () => {
    const gym = await givenAccount(stack, 'gym');
    const coach = await givenAccount(stack, 'coach');
    const profiles = stack.couch.use<Record<string, unknown>>(DB.profiles);
    for (const id of [`gym:${gym.account.profileId}`, `coach:${coach.account.profileId}`]) {
      const doc = await profiles.get(id);
      await profiles.insert({
        ...doc,
        status: true,
        subscribed: true,
        mastrPlan: 'secret-plan',
        stripeAccountDetailsSubmittedStatus: true,
      });
    }
    await givenMembership(stack, gym.account.profileId, coach.account.profileId);
    const answers = await Promise.all(
      [
        '/api/gyms',
        '/api/coaches',
        `/api/gyms/${gym.account.profileId}`,
        `/api/coaches/${coach.account.profileId}`,
      ].map((url) => stack.server.inject({ method: 'GET', url }).then((r) => r.payload)),
    );
    for (const json of answers) {
      for (const secret of [
        gym.email,
        gym.mobile,
        coach.email,
        coach.mobile,
        gym.account.passwordHash!,
        coach.account.passwordHash!,
        'secret-plan',
      ]) {
        expect(json).not.toContain(secret);
      }
      for (const field of [
        'email',
        'mobile',
        'password',
        'passwordHash',
        'token',
        'stripe',
        'googleSub',
        'verified',
        'state',
        'updatedAt',
        'subscribed',
        '_rev',
        'createdAt',
      ]) {
        expect(json).not.toContain(`"${field}"`);
      }
    }
  });

  it('lists 2,000 gyms with their coaches', async () => {
    const gyms = Array.from({ length: 2000 }, (_, i) => gymDoc({ gymName: `Bulk ${i}`, subscribed: i % 10 !== 0 }));
    const coaches = Array.from({ length: 200 }, () => coachDoc());
    const memberships = gyms.flatMap((g, i) =>
      [0, 1, 2].map((k) => membershipDoc(idOf(g), idOf(coaches[(i + k * 7) % coaches.length]))),
    );
    await givenProfiles(stack, [...gyms, ...coaches, ...memberships]);
    const res = await stack.server.inject({ method: 'GET', url: '/api/gyms' });
    const bulk = (JSON.parse(res.payload) as { gymName: string; coachesInformation: unknown[] }[]).filter((g) =>
      g.gymName.startsWith('Bulk '),
    );
    expect(bulk).toHaveLength(1800);
    expect(bulk[0].gymName).toBe('Bulk 1');
    expect(bulk.every((g) => g.coachesInformation.length === 3)).toBe(true);
  });
});
