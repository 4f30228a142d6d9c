import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_MS } from '@mastr/rules/pt-bookings.ts';
import { newId } from '../couch/ids.ts';
import { ANSWER_REFUSALS } from '../services/coaching/index.ts';
import {
  claimIn,
  coachRequestIn,
  givenPtCoach,
  givenPtMember,
  inject,
  requestSlot,
  SIX_PM,
  slotOf,
} from '../test-support/pt-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 18 November 2026, 10:00 UK (GMT): the coach week started Sunday 15th; Friday is the 20th.
const NOW = new Date('2026-11-18T10:00:00Z');
const FRIDAY = '2026-11-20';
const ACCEPT = (id: string) => `/api/me/coaches/sessionrequests/accept/${id}`;
const REJECT = (id: string) => `/api/me/coaches/sessionrequests/reject/${id}`;

describe("a coach's answers to slot requests", () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const setup = async () => {
    stack.clock.now = NOW;
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const request = await requestSlot(stack, coach, member, FRIDAY);
    return { ...coach, member, request };
  };

  it('accepts: both copies say accepted (with the time), the answer lists it, and a repeat changes nothing', async () => {
    const { coachId, coachHeaders, member, request } = await setup();
    const res = await inject(stack, 'POST', ACCEPT(request.requestId), coachHeaders);
    expect(res.status).toBe(200);
    expect(res.body.privateSessionRequestsInformation).toMatchObject([
      { _id: request.requestId, accepted: true, startTime: `${FRIDAY}T18:00:00`, userProfile_id: member.memberId },
    ]);
    const mine = await coachRequestIn(stack, 'member', member.memberId, request.requestId);
    expect(mine).toMatchObject({ accepted: true, acceptedAt: NOW.toISOString() });
    expect((await coachRequestIn(stack, 'coach', coachId, request.requestId))?.accepted).toBe(true);
    const again = await inject(stack, 'POST', ACCEPT(request.requestId), coachHeaders);
    expect(again.status).toBe(200);
    expect((await coachRequestIn(stack, 'member', member.memberId, request.requestId))?._rev).toBe(mine?._rev);
  });

  it('rejects: the slot and its claim are freed, both copies go, and another member can request the slot', async () => {
    const { coachId, gymId, coachHeaders, member, request } = await setup();
    expect((await slotOf(stack, coachId, '2026-11-15', 5, SIX_PM))?.requested).toBe(true);
    const res = await inject(stack, 'PUT', REJECT(request.requestId), coachHeaders, {
      user_profile_id: member.memberId,
      booking_day_id: request.bookingDayId,
      request_date: request.startTime,
      bookingTimeObject_id: request.bookingTimeObject_id,
    });
    expect(res).toEqual({ status: 200, body: { privateSessionRequestsInformation: [] } });
    expect(await coachRequestIn(stack, 'member', member.memberId, request.requestId)).toBeNull();
    expect(await coachRequestIn(stack, 'coach', coachId, request.requestId)).toBeNull();
    expect(await claimIn(stack, coachId, request.slotClaimId)).toBeNull();
    expect((await slotOf(stack, coachId, '2026-11-15', 5, SIX_PM))?.requested).toBe(false);
    const other = await givenPtMember(stack, 'Sam Other');
    expect((await requestSlot(stack, { coachId, gymId }, other, FRIDAY)).startTime).toBe(`${FRIDAY}T18:00:00`);
    // A second reject finds nothing, and an accepted request can be rejected too.
    expect(await inject(stack, 'PUT', REJECT(request.requestId), coachHeaders)).toMatchObject({
      status: 400,
      body: { message: ANSWER_REFUSALS.unknown },
    });
  });

  it('rejects an accepted (unpaid) request the same way', async () => {
    const { coachId, coachHeaders, member, request } = await setup();
    expect((await inject(stack, 'POST', ACCEPT(request.requestId), coachHeaders)).status).toBe(200);
    expect((await inject(stack, 'PUT', REJECT(request.requestId), coachHeaders)).status).toBe(200);
    expect(await coachRequestIn(stack, 'member', member.memberId, request.requestId)).toBeNull();
    expect((await slotOf(stack, coachId, '2026-11-15', 5, SIX_PM))?.requested).toBe(false);
  });

  it("is for coaches only and only for their own requests; bad ids read 'Missing ID's'", async () => {
    const { gymId, member, request } = await setup();
    for (const [method, url] of [
      ['POST', ACCEPT(request.requestId)],
      ['PUT', REJECT(request.requestId)],
    ] as const) {
      expect((await inject(stack, method, url, {})).status).toBe(401);
      expect((await inject(stack, method, url, member.headers)).status).toBe(403);
      expect((await inject(stack, method, url, await bearerFor(stack, 'gym', gymId))).status).toBe(403);
      const stranger = await givenPtCoach(stack, { gymId });
      expect(await inject(stack, method, url, stranger.coachHeaders)).toMatchObject({
        status: 400,
        body: { message: ANSWER_REFUSALS.unknown },
      });
      expect(await inject(stack, method, url.replace(request.requestId, 'nope'), stranger.coachHeaders)).toMatchObject({
        status: 400,
        body: { message: "Missing ID's" },
      });
      expect((await inject(stack, method, url.replace(request.requestId, newId()), stranger.coachHeaders)).status).toBe(
        400,
      );
    }
    expect((await coachRequestIn(stack, 'member', member.memberId, request.requestId))?.accepted).toBe(false);
  });

  it('refuses to accept a session that has started', async () => {
    const { coachHeaders, request } = await setup();
    stack.clock.now = new Date('2026-11-20T18:00:00Z');
    expect(await inject(stack, 'POST', ACCEPT(request.requestId), coachHeaders)).toMatchObject({
      status: 400,
      body: { message: ANSWER_REFUSALS.started },
    });
  });

  it('releases an acceptance not paid within 24 hours: the public profile shows the slot free again', async () => {
    const { coachId, gymId, coachHeaders, member, request } = await setup();
    expect((await inject(stack, 'POST', ACCEPT(request.requestId), coachHeaders)).status).toBe(200);
    const fridaySix = async () => {
      const profile = await inject(stack, 'GET', `/api/coaches/${coachId}`, {});
      const friday = profile.body.availability.find((d: { weekday: number }) => d.weekday === 5);
      return friday.currentWeekTimes.find((s: { time: number }) => s.time === SIX_PM);
    };
    stack.clock.advance(PAYMENT_WINDOW_MS - 1000);
    expect((await fridaySix()).requested).toBe(true);
    expect(await coachRequestIn(stack, 'member', member.memberId, request.requestId)).not.toBeNull();
    stack.clock.advance(1000);
    expect((await fridaySix()).requested).toBe(false);
    expect(await coachRequestIn(stack, 'member', member.memberId, request.requestId)).toBeNull();
    expect(await coachRequestIn(stack, 'coach', coachId, request.requestId)).toBeNull();
    expect(await claimIn(stack, coachId, request.slotClaimId)).toBeNull();
    const other = await givenPtMember(stack, 'Sam Other');
    expect((await requestSlot(stack, { coachId, gymId }, other, FRIDAY)).clientName).toBe('Sam Other');
  });

  it('releases a lapsed acceptance when another member asks for the slot (no profile read in between)', async () => {
    const { coachId, gymId, coachHeaders, request } = await setup();
    expect((await inject(stack, 'POST', ACCEPT(request.requestId), coachHeaders)).status).toBe(200);
    stack.clock.advance(PAYMENT_WINDOW_MS);
    const other = await givenPtMember(stack, 'Sam Other');
    const taken = await requestSlot(stack, { coachId, gymId }, other, FRIDAY);
    expect(taken.userProfile_id).toBe(other.memberId);
    expect((await claimIn(stack, coachId, taken.slotClaimId))?.requestId).toBe(taken.requestId);
  });

  it('releases a lapsed acceptance when the member reads their own lists', async () => {
    const { coachId, coachHeaders, member, request } = await setup();
    expect((await inject(stack, 'POST', ACCEPT(request.requestId), coachHeaders)).status).toBe(200);
    stack.clock.advance(PAYMENT_WINDOW_MS);
    const me = await inject(stack, 'GET', '/api/me/users', member.headers);
    expect(me.body.privateSessionRequestsInformation).toEqual([]);
    expect(await coachRequestIn(stack, 'coach', coachId, request.requestId)).toBeNull();
    expect((await slotOf(stack, coachId, '2026-11-15', 5, SIX_PM))?.requested).toBe(false);
  });
});
