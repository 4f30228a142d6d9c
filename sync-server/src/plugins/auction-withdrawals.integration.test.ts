import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipDocId } from '@mastr/rules/doc-ids.ts';
import type { MembershipDoc } from '@mastr/rules/documents.ts';
import { DB } from '../couch/databases.ts';
import { PT_CHECKOUT_CONFLICTS } from '../services/payments/index.ts';
import { givenCoach, givenMembership } from '../test-support/directory-fixtures.ts';
import { onboard } from '../test-support/payment-fixtures.ts';
import { givenPtCoach, givenPtMember, gymRequestIn, inject, requestAtGym } from '../test-support/pt-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 18 November 2026, 10:00 UK: PT requests open from Saturday the 21st.
const NOW = new Date('2026-11-18T10:00:00Z');
const MONDAY = '2026-11-23';
const APPLY = (gymId: string, requestId: string) => `/api/me/coaches/auctionhouse/apply/${gymId}/${requestId}`;
const CHECKOUT = (requestId: string) => `/api/booking/gymrequest/create-checkout/${requestId}`;

/**
 * A coach who can no longer be chosen for a gym's PT request (left the gym, was terminated, deleted
 * the account) is taken off its applications, in the gym's copy and the member's (decision 40).
 */
describe('applications of a coach who is gone from the gym', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** A gym request two coaches of the gym applied for. */
  async function appliedTwice() {
    stack.clock.now = NOW;
    const first = await givenPtCoach(stack);
    const secondId = await givenCoach(stack, { firstName: 'Robin', lastName: 'Hill', price: 3000 });
    await givenMembership(stack, first.gymId, secondId);
    await onboard(stack, 'coach', secondId);
    const second = { coachId: secondId, coachHeaders: await bearerFor(stack, 'coach', secondId) };
    const member = await givenPtMember(stack);
    const request = await requestAtGym(stack, first.gymId, member, MONDAY);
    for (const coach of [first, second])
      expect((await inject(stack, 'POST', APPLY(first.gymId, request.requestId), coach.coachHeaders)).status).toBe(200);
    const appliedIn = async (kind: 'gym' | 'member') => {
      const copy = await gymRequestIn(stack, kind, kind === 'gym' ? first.gymId : member.memberId, request.requestId);
      return { accepted: copy?.accepted, coaches: copy?.appliedCoaches.map((c) => c.coach_id) };
    };
    return { gymId: first.gymId, first, second, member, request, appliedIn };
  }

  it('a coach who leaves the gym is no longer offered; the last one leaving opens the request again', async () => {
    const { gymId, first, second, appliedIn } = await appliedTwice();
    expect((await inject(stack, 'PUT', `/api/me/coaches/registeredgym/${gymId}`, first.coachHeaders)).status).toBe(200);
    for (const kind of ['gym', 'member'] as const)
      expect(await appliedIn(kind)).toEqual({ accepted: true, coaches: [second.coachId] });

    const gymHeaders = await bearerFor(stack, 'gym', gymId);
    expect((await inject(stack, 'DELETE', `/api/me/gyms/mycoaches/${second.coachId}`, gymHeaders)).status).toBe(200);
    // No coach left: back under the member's 'Gym Requests', open to the coaches who remain.
    for (const kind of ['gym', 'member'] as const)
      expect(await appliedIn(kind)).toEqual({ accepted: false, coaches: [] });
  });

  it("a coach's deleted account takes its applications with it", async () => {
    const { first, second, appliedIn } = await appliedTwice();
    expect((await inject(stack, 'DELETE', '/api/me/coaches', second.coachHeaders)).status).toBe(204);
    for (const kind of ['gym', 'member'] as const)
      expect(await appliedIn(kind)).toEqual({ accepted: true, coaches: [first.coachId] });
  });

  it('a checkout that finds the chosen coach gone mends a withdrawal that stopped half-way', async () => {
    const { gymId, first, second, member, request, appliedIn } = await appliedTwice();
    // The relation ended, and the process stopped before the applications were withdrawn.
    const profiles = stack.couch.use<MembershipDoc>(DB.profiles);
    const membership = await profiles.get(membershipDocId(gymId, second.coachId));
    await profiles.destroy(membership._id, membership._rev);

    const res = await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers, {
      coachProfile_id: second.coachId,
    });
    expect(res).toMatchObject({ status: 409, body: { message: PT_CHECKOUT_CONFLICTS.coachGone } });
    // The fresh list the 409 carries offers only the coach who can still be chosen.
    const listed = res.body.privateSessionRequestsGymInformation.find(
      (r: { _id: string }) => r._id === request.requestId,
    );
    expect(listed.appliedCoaches.map((c: { coach_id: string }) => c.coach_id)).toEqual([first.coachId]);
    for (const kind of ['gym', 'member'] as const)
      expect(await appliedIn(kind)).toEqual({ accepted: true, coaches: [first.coachId] });
  });
});
