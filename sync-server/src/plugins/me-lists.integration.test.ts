import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachMe, GymMe, GymSessionListFields, UserMe } from '@mastr/rules/api/me.ts';
import type { SessionView } from '@mastr/rules/api/sessions.ts';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { newId } from '../couch/ids.ts';
import { createDayPass, createMastrPass } from '../services/passes/index.ts';
import {
  givenCoach,
  givenDefaultAvailability,
  givenGym,
  givenMember,
  givenMembership,
  givenSchedule,
} from '../test-support/directory-fixtures.ts';
import { givenSessionBookings } from '../test-support/pt-fixtures.ts';
import { bearerFor, markDayPassCancelled, passesDeps } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const SECRET = 'me-lists-test-access-secret-0123456789abcdefg';

/** The §3 session lists hold the bookings of `givenSessionBookings`, each on its own list, in the §3 shape. */
function expectSessionLists(body: GymSessionListFields, sessions: Awaited<ReturnType<typeof givenSessionBookings>>) {
  const ids = (list: SessionView[]) => list.map((s) => s._id);
  expect(ids(body.upcomingSessionsInformation)).toEqual([sessions.upcoming.bookingId]);
  expect(ids(body.todaysCompletedSessionsInformation)).toEqual([sessions.todaysCompleted.bookingId]);
  expect(ids(body.archivedBookingsInformation)).toEqual([sessions.archived.bookingId]);
  expect(ids(body.cancelledSessions)).toEqual([sessions.cancelled.bookingId]);
  expect(body.upcomingSessionsInformation[0]).toEqual({
    _id: sessions.upcoming.bookingId,
    startTime: sessions.upcoming.startTime,
    endTime: sessions.upcoming.endTime,
    clientName: 'Alex Member',
    gymName: 'Iron Temple',
    coachFullName: 'Casey Jones',
    discipline: 'Boxing',
    gymId: sessions.upcoming.gymId,
    coachId: sessions.upcoming.coachId,
    userProfile_id: sessions.upcoming.userProfile_id,
    experienceLevel: 'Beginner',
    cancelled: false,
    completed: false,
  });
  expect(body.todaysCompletedSessionsInformation[0].completed).toBe(true);
  expect(body.cancelledSessions[0]).toMatchObject({ cancelled: true, completed: false });
}

// Wednesday 18 November 2026, 10:00 in the UK (GMT): the gym week started Monday 16th, the coach week Sunday 15th.
const NOW = new Date('2026-11-18T10:00:00Z');
const SIX_PM = 64800;
const SEVEN_AM = 25200;

/** 'YYYY-MM-DD', `days` after the 18th (negative: before). */
const dayOf = (days: number) => addDaysToKey('2026-11-18', days);

/** Every array of an answer has something in it: a list with data is never sent empty. */
function expectNoEmptyList(body: object) {
  for (const [key, value] of Object.entries(body))
    if (Array.isArray(value)) expect(value.length, `${key} is empty`).toBeGreaterThan(0);
}

describe('GET /api/me lists, from the tenant databases', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ jwtAccessSecret: SECRET });
    stack.clock.now = NOW;
  });
  afterAll(async () => {
    await stack.stop();
  });

  const get = async <T>(path: string, kind: 'user' | 'gym' | 'coach', id: string) => {
    const res = await stack.server.inject({ url: `/api/me/${path}`, headers: await bearerFor(stack, kind, id) });
    expect(res.statusCode).toBe(200);
    return res.result as T;
  };
  const post = async (url: string, headers: Record<string, string>, payload?: object) => {
    const res = await stack.server.inject({ method: 'POST', url, headers, payload });
    return { status: res.statusCode, body: JSON.parse(res.payload) };
  };
  const member = (profileId: string, name: string) => ({ profileId, name, email: `${profileId}@example.com` });

  async function dayPassAt(gymId: string, date: string, who: { profileId: string; name: string; email: string }) {
    const { pass } = await createDayPass(passesDeps(stack), {
      gym: { profileId: gymId, gymName: 'Iron Temple' },
      member: who,
      passType: 'Adult',
      date,
      pricePence: 1500,
    });
    return pass;
  }

  async function mastrPassAt(gymId: string, start: string | null, who = member(newId(), 'Sam')) {
    const { pass } = await createMastrPass(passesDeps(stack), {
      gym: { profileId: gymId, gymName: 'Iron Temple' },
      member: who,
      dateAndTimeStart: start,
      pricePence: 100,
    });
    return pass;
  }

  const classAt = (hour: number, discipline: string) => ({
    _id: newId(),
    discipline,
    difficulty: 'Any',
    startTime: hour * 3600,
    endTime: (hour + 1) * 3600,
    location: 'Main mat',
    kidsClass: false,
  });

  it("answers a gym's passes, check-ins, visitors, Mastr classes, coaches and schedule", async () => {
    // The Mastr class runs Thursdays 18:00: next on the 19th, then the 26th.
    const gymId = await givenGym(stack, {
      gymName: 'Iron Temple',
      mastrClassActive: true,
      mastrClassDefault: { weekday: 4, time: SIX_PM, cancelled: false },
    });
    const alex = member(newId(), 'Alex');
    const bea = member(newId(), 'Bea');
    const today = await dayPassAt(gymId, dayOf(0), alex);
    const later = await dayPassAt(gymId, dayOf(2), bea);
    const cancelled = await dayPassAt(gymId, dayOf(3), bea);
    await markDayPassCancelled({ couch: stack.couch }, cancelled);
    // 52 earlier passes, one a day back from yesterday, each of its own member: more than the cap.
    const earlier: DayPassDoc[] = [];
    for (let batch = 0; batch < 52; batch += 13) {
      earlier.push(
        ...(await Promise.all(
          Array.from({ length: 13 }, (_, i) =>
            dayPassAt(gymId, dayOf(-1 - batch - i), member(newId(), `M${batch + i}`)),
          ),
        )),
      );
    }
    const gymAuth = await bearerFor(stack, 'gym', gymId);
    expect((await post(`/api/booking/daypass/gym/check_in/${today.passId}`, gymAuth)).status).toBe(200);

    const mastrToday = await mastrPassAt(gymId, `${dayOf(0)}T18:00:00`);
    const mastrNext = await mastrPassAt(gymId, `${dayOf(1)}T18:00:00`);
    const mastrUnassigned = await mastrPassAt(gymId, null);
    const mastrPast = await mastrPassAt(gymId, `${dayOf(-6)}T18:00:00`);
    expect((await post(`/api/booking/mastrdaypass/gym/check_in/${mastrToday.passId}`, gymAuth)).status).toBe(200);

    const registered = await givenCoach(stack, { firstName: 'Rio', lastName: 'Reyes', discipline: 'MMA', price: 5000 });
    const pending = await givenCoach(stack, { firstName: 'Pat', lastName: 'Park', status: false });
    await givenMembership(stack, gymId, registered, 'registered');
    await givenMembership(stack, gymId, pending, 'pending');
    const mondayClass = classAt(7, 'Boxing');
    const wednesdayClass = classAt(19, 'Gi Jiu-Jitsu');
    await givenSchedule(stack, gymId, null, { 1: [mondayClass] });
    await givenSchedule(stack, gymId, '2026-11-16', { 3: [wednesdayClass] });

    const sessions = await givenSessionBookings(
      stack,
      { coachId: registered, gymId, memberId: alex.profileId },
      dayOf(0),
    );

    const gym = await get<GymMe>('gyms', 'gym', gymId);
    expectNoEmptyList(gym);
    // A gym answers four of §3's session lists (the ids lists are a member's and a coach's).
    expect(gym).not.toHaveProperty('upcomingSessions');
    expect(gym).not.toHaveProperty('completedSessions');
    expectSessionLists(gym, sessions);

    // Today's and later, soonest first; the cancelled pass is on no list; the check-in is on the pass.
    expect(gym.upcomingDayPassesInformation.map((p) => p._id)).toEqual([today.passId, later.passId]);
    expect(gym.upcomingDayPassesInformation[0]).toEqual({
      _id: today.passId,
      passType: 'Adult',
      dayDateStart: '2026-11-18T00:00:00',
      clientName: 'Alex',
      idCode: today.idCode,
      gymName: 'Iron Temple',
      expired: false,
      checkIns: { all_check_ins: [NOW.toISOString()], latest_check_in: NOW.toISOString() },
    });
    // Earlier passes: the 50 most recent, newest first.
    expect(gym.expiredDayPassesInformation.map((p) => p._id)).toEqual(earlier.slice(0, 50).map((p) => p.passId));
    expect(gym.expiredDayPassesInformation[0].dayDateStart).toBe('2026-11-17T00:00:00');

    // Booked (soonest first), unassigned, then past classes.
    expect(gym.allMastrPasses.map((p) => p._id)).toEqual([
      mastrToday.passId,
      mastrNext.passId,
      mastrUnassigned.passId,
      mastrPast.passId,
    ]);
    expect(gym.allMastrPasses[0].checkedIn).toEqual({ checkedInState: true, check_in_time: NOW.toISOString() });
    expect(gym.mastrClassAvailability).toEqual([
      expect.objectContaining({
        week: 'Next Class',
        classDateAndTime: '2026-11-19T18:00:00',
        cancelled: false,
        assignedPasses: [mastrNext.passId],
      }),
      expect.objectContaining({ week: 'Following Class', classDateAndTime: '2026-11-26T18:00:00', assignedPasses: [] }),
    ]);

    // 54 members came (the cancelled pass's member came on another day): the 50 most recent, newest visit first.
    expect(gym.visitors).toHaveLength(50);
    expect(gym.visitors.slice(0, 3)).toEqual([
      {
        _id: bea.profileId,
        userName: 'Bea',
        email: bea.email,
        dayPasses: [{ _id: later.passId, date: later.dayDateStart }],
        privateSessions: [],
      },
      {
        _id: alex.profileId,
        // Named as on the newest visit: tomorrow's private session.
        userName: 'Alex Member',
        email: alex.email,
        dayPasses: [{ _id: today.passId, date: today.dayDateStart }],
        // Newest first; the cancelled session is left out.
        privateSessions: [sessions.upcoming, sessions.todaysCompleted, sessions.archived].map((b) => ({
          _id: b.bookingId,
          date: b.startTime,
        })),
      },
      expect.objectContaining({
        _id: earlier[0].memberId,
        dayPasses: [{ _id: earlier[0].passId, date: earlier[0].dayDateStart }],
      }),
    ]);

    expect(gym.coachesInformation).toEqual([
      expect.objectContaining({
        _id: registered,
        firstName: 'Rio',
        lastName: 'Reyes',
        status: true,
        discipline: 'MMA',
        price: 5000,
      }),
    ]);
    expect(gym.requestsInformation).toEqual([
      expect.objectContaining({ _id: pending, firstName: 'Pat', status: false }),
    ]);

    expect(gym.schedule.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const [monday, , wednesday] = gym.schedule;
    expect(monday).toMatchObject({
      abbreviation: 'Mon',
      defaultClasses: [mondayClass],
      currentWeekClasses: [],
      nextWeekClasses: [mondayClass],
    });
    expect(wednesday).toMatchObject({ defaultClasses: [], currentWeekClasses: [wednesdayClass], nextWeekClasses: [] });

    // Nothing private or internal rides along.
    const body = JSON.stringify(gym);
    for (const secret of ['entryToken', 'countedCheckIns', 'clientEmail', '_rev', '"type"', 'pricePence'])
      expect(body).not.toContain(secret);
  });

  it("answers a gym's later writes at once: a new pass, a schedule, a check-in and a cancellation", async () => {
    const gymId = await givenGym(stack, { gymName: 'Iron Temple' });
    const first = await dayPassAt(gymId, dayOf(0), member(newId(), 'Alex'));
    expect((await get<GymMe>('gyms', 'gym', gymId)).upcomingDayPassesInformation.map((p) => p._id)).toEqual([
      first.passId,
    ]);

    const second = await dayPassAt(gymId, dayOf(1), member(newId(), 'Bea'));
    const mondayClass = classAt(9, 'Boxing');
    await givenSchedule(stack, gymId, null, { 1: [mondayClass] });
    expect((await get<GymMe>('gyms', 'gym', gymId)).schedule[0].defaultClasses).toEqual([mondayClass]);
    const gymAuth = await bearerFor(stack, 'gym', gymId);
    expect((await post(`/api/booking/daypass/gym/check_in/${first.passId}`, gymAuth)).status).toBe(200);
    const gym = await get<GymMe>('gyms', 'gym', gymId);
    expect(gym.upcomingDayPassesInformation.map((p) => [p._id, p.checkIns.latest_check_in])).toEqual([
      [first.passId, NOW.toISOString()],
      [second.passId, null],
    ]);

    expect((await post(`/api/booking/gym/cancel_day_pass/${second.passId}`, gymAuth)).status).toBe(200);
    expect((await get<GymMe>('gyms', 'gym', gymId)).upcomingDayPassesInformation.map((p) => p._id)).toEqual([
      first.passId,
    ]);

    // Nothing written, but the UK day turns: today's pass is history now.
    try {
      stack.clock.advance(24 * 3600 * 1000);
      const tomorrow = await get<GymMe>('gyms', 'gym', gymId);
      expect(tomorrow.upcomingDayPassesInformation).toEqual([]);
      expect(tomorrow.expiredDayPassesInformation.map((p) => p._id)).toEqual([first.passId]);
    } finally {
      stack.clock.now = NOW;
    }
  });

  it("answers a member's passes with the gym's check-ins, and their coach and gym requests", async () => {
    const coachId = await givenCoach(stack, { firstName: 'Casey', lastName: 'Jones', price: 4500 });
    const gymId = await givenGym(stack, { gymName: 'Iron Temple' });
    await givenMembership(stack, gymId, coachId);
    await givenDefaultAvailability(stack, coachId, { 5: [SIX_PM] });
    const memberId = await givenMember(stack, 'Alex Member');
    const alex = member(memberId, 'Alex Member');
    const memberAuth = await bearerFor(stack, 'user', memberId);

    const today = await dayPassAt(gymId, dayOf(0), alex);
    const later = await dayPassAt(gymId, dayOf(5), alex);
    const cancelled = await dayPassAt(gymId, dayOf(6), alex);
    await markDayPassCancelled({ couch: stack.couch }, cancelled);
    const earlier: DayPassDoc[] = [];
    for (let i = 0; i < 52; i += 1) earlier.push(await dayPassAt(gymId, dayOf(-1 - i), alex));
    const mastrToday = await mastrPassAt(gymId, `${dayOf(0)}T18:00:00`, alex);
    const unassignedOld = await mastrPassAt(gymId, null, alex);
    stack.clock.advance(1000);
    const unassignedNew = await mastrPassAt(gymId, null, alex);
    stack.clock.now = NOW;
    await mastrPassAt(gymId, `${dayOf(-7)}T18:00:00`, alex); // a past class: on no member list

    // The gym checks both of today's passes in: only the gym's copies record it.
    const gymAuth = await bearerFor(stack, 'gym', gymId);
    expect((await post(`/api/booking/daypass/gym/check_in/${today.passId}`, gymAuth)).status).toBe(200);
    expect((await post(`/api/booking/mastrdaypass/gym/check_in/${mastrToday.passId}`, gymAuth)).status).toBe(200);

    const coachRequest = await post('/api/booking/handlePrivateSessionCoachRequest', memberAuth, {
      userEmail: alex.email,
      coach_id: coachId,
      user_id: memberId,
      gym_id: gymId,
      coachPrice: 1,
      selectedExperience: 'Intermediate',
      bookingTimeObject: { _id: 'slot-id', time: SIX_PM, booked: false, requested: false },
      bookingDayId: 'day-id',
      bookingDate: '2026-11-20',
      currentOrNextWeek: 'currentWeek',
    });
    expect(coachRequest.status).toBe(201);
    const gymRequest = await post('/api/booking/handlePrivateSessionGymRequest', memberAuth, {
      gym_id: gymId,
      selectedDate: '2026-11-21',
      selectedTime: SEVEN_AM,
      selectedDiscipline: 'Boxing',
      selectedExperienceLevel: 'Beginner',
    });
    expect(gymRequest.status).toBe(201);

    const sessions = await givenSessionBookings(stack, { coachId, gymId, memberId }, dayOf(0));

    const me = await get<UserMe>('users', 'user', memberId);
    expectNoEmptyList(me);
    expectSessionLists(me, sessions);
    expect(me.upcomingSessions).toEqual([sessions.upcoming.bookingId]);
    expect(me.completedSessions).toEqual([sessions.todaysCompleted.bookingId, sessions.archived.bookingId]);

    expect(me.upcomingDayPassesInformation.map((p) => p._id)).toEqual([today.passId, later.passId]);
    expect(me.upcomingDayPassesInformation[0].checkIns).toEqual({
      all_check_ins: [NOW.toISOString()],
      latest_check_in: NOW.toISOString(),
    });
    expect(me.expiredDayPassesInformation.map((p) => p._id)).toEqual(earlier.slice(0, 50).map((p) => p.passId));
    expect(me.upcomingMastrClassPassesInformation).toEqual([
      expect.objectContaining({
        _id: mastrToday.passId,
        dateAndTimeStart: '2026-11-18T18:00:00',
        checkedIn: { checkedInState: true, check_in_time: NOW.toISOString() },
      }),
    ]);
    expect(me.unassignedMastrClassPassesInformation.map((p) => p._id)).toEqual([
      unassignedOld.passId,
      unassignedNew.passId,
    ]);
    expect(me.privateSessionRequestsInformation).toEqual([
      expect.objectContaining({
        startTime: '2026-11-20T18:00:00',
        endTime: '2026-11-20T19:00:00',
        coachId,
        coachFullName: 'Casey Jones',
        coachPrice: 4500,
        gymName: 'Iron Temple',
        accepted: false,
      }),
    ]);
    expect(me.privateSessionRequestsGymInformation).toEqual([
      expect.objectContaining({
        startTime: '2026-11-21T07:00:00',
        gymId,
        gymName: 'Iron Temple',
        requestedDiscipline: 'Boxing',
        experienceLevel: 'Beginner',
        accepted: false,
        appliedCoaches: [],
        userProfile_id: memberId,
        clientName: 'Alex Member',
      }),
    ]);
    expect(JSON.stringify(me)).not.toContain('entryToken');
  });

  it("answers a coach's gyms, availability and slot requests", async () => {
    const coachId = await givenCoach(stack, { firstName: 'Casey', lastName: 'Jones', price: 4500 });
    const registeredAt = await givenGym(stack, { gymName: 'Iron Temple', profileImage: 'https://img.example/it.png' });
    const alsoAt = await givenGym(stack, { gymName: 'Second Gym', status: false });
    const askedAt = await givenGym(stack, { gymName: 'Harbourside' });
    await givenMembership(stack, registeredAt, coachId, 'registered');
    await givenMembership(stack, alsoAt, coachId, 'registered');
    await givenMembership(stack, askedAt, coachId, 'pending');
    await givenDefaultAvailability(stack, coachId, { 5: [SEVEN_AM, SIX_PM] });
    const memberId = await givenMember(stack, 'Alex Member');
    const request = await post(
      '/api/booking/handlePrivateSessionCoachRequest',
      await bearerFor(stack, 'user', memberId),
      {
        userEmail: 'alex@example.com',
        coach_id: coachId,
        user_id: memberId,
        gym_id: registeredAt,
        coachPrice: 1,
        selectedExperience: 'Advanced',
        bookingTimeObject: { _id: 'slot-id', time: SIX_PM, booked: false, requested: false },
        bookingDayId: 'day-id',
        bookingDate: '2026-11-20',
        currentOrNextWeek: 'currentWeek',
      },
    );
    expect(request.status).toBe(201);

    const sessions = await givenSessionBookings(stack, { coachId, gymId: registeredAt, memberId }, dayOf(0));

    const coach = await get<CoachMe>('coaches', 'coach', coachId);
    expectNoEmptyList(coach);
    expectSessionLists(coach, sessions);
    expect(coach.upcomingSessions).toEqual([sessions.upcoming.bookingId]);

    expect(coach.registeredGyms).toEqual([registeredAt, alsoAt]);
    expect(coach.pendingRequests).toEqual([askedAt]);
    expect(coach.registeredGymsInformation).toEqual([
      { _id: registeredAt, gymName: 'Iron Temple', profileImage: 'https://img.example/it.png' },
      expect.objectContaining({ _id: alsoAt, gymName: 'Second Gym' }),
    ]);
    expect(coach.pendingRequestsInformation).toEqual([
      expect.objectContaining({ _id: askedAt, gymName: 'Harbourside' }),
    ]);

    const friday = coach.availability.find((d) => d.weekday === 5)!;
    expect(friday.defaultTimes.map((s) => s.time)).toEqual([SEVEN_AM, SIX_PM]);
    expect(friday.currentWeekTimes.map((s) => [s.time, s.requested])).toEqual([
      [SEVEN_AM, false],
      [SIX_PM, true],
    ]);
    expect(friday.nextWeekTimes.map((s) => [s.time, s.requested])).toEqual([
      [SEVEN_AM, false],
      [SIX_PM, false],
    ]);

    expect(coach.privateSessionRequestsInformation).toEqual([
      expect.objectContaining({
        startTime: '2026-11-20T18:00:00',
        clientName: 'Alex Member',
        userProfile_id: memberId,
        gymId: registeredAt,
        experienceLevel: 'Advanced',
        accepted: false,
        bookingDayId: expect.any(String),
        bookingTimeObject_id: friday.currentWeekTimes[1]._id,
      }),
    ]);
  });
});
