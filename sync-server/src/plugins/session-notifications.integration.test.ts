import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import { notificationText } from '@mastr/rules/memberships.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { docsWithPrefix, tenantDb } from '../couch/tenant-docs.ts';
import { deliverEvent, payWithoutDelivery } from '../test-support/payment-fixtures.ts';
import { acceptedCheckout, givenPtCoach, givenPtMember, inject, requestAtGym } from '../test-support/pt-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 18 November 2026, 10:00 UK (GMT).
const NOW = new Date('2026-11-18T10:00:00Z');

describe('private session events reach the other party', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
  });
  afterAll(async () => {
    await stack.stop();
  });

  const toldTo = async (kind: TenantKind, owner: string) =>
    (await docsWithPrefix(tenantDb<NotificationDoc>(stack.couch, kind, owner), 'notification:'))
      .sort((a, b) => a.at.localeCompare(b.at) || a.event.localeCompare(b.event))
      .map((n) => [n.event, notificationText(n)]);

  it('request → coach; accept → member; payment → coach and gym (once); coach cancel → member and gym', async () => {
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const { request, url } = await acceptedCheckout(stack, coach, member, '2026-11-20');
    const payload = await payWithoutDelivery(stack, url);
    for (let i = 0; i < 3; i += 1) expect((await deliverEvent(stack, payload)).statusCode).toBe(200);
    stack.clock.advance(60_000);
    const cancel = await inject(
      stack,
      'POST',
      `/api/booking/coach/cancel_booking/${request.requestId}`,
      coach.coachHeaders,
    );
    expect(cancel.status).toBe(200);
    await inject(stack, 'POST', `/api/booking/coach/cancel_booking/${request.requestId}`, coach.coachHeaders);

    expect(await toldTo('coach', coach.coachId)).toEqual([
      ['session-booked', 'Alex Member booked a PT session for Friday 20th November at 18:00.'],
      ['session-requested', 'Alex Member has requested a PT session for Friday 20th November at 18:00.'],
    ]);
    expect(await toldTo('member', member.memberId)).toEqual([
      [
        'session-accepted',
        'Casey Jones accepted your PT session request for Friday 20th November at 18:00. Complete the request to book it.',
      ],
      ['session-cancelled-by-coach', 'Casey Jones cancelled the PT session for Friday 20th November at 18:00.'],
    ]);
    expect((await toldTo('gym', coach.gymId)).map(([event]) => event)).toEqual([
      'session-booked',
      'session-cancelled-by-coach',
    ]);
  });

  it("a coach's apply to a gym request reaches the member; a reject too", async () => {
    stack.clock.now = NOW;
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack, 'Sam Member');
    const gymRequest = await requestAtGym(stack, coach.gymId, member, '2026-11-23');
    await inject(
      stack,
      'POST',
      `/api/me/coaches/auctionhouse/apply/${coach.gymId}/${gymRequest.requestId}`,
      coach.coachHeaders,
    );
    const { request } = await acceptedCheckout(stack, coach, member, '2026-11-21');
    stack.clock.advance(60_000);
    await inject(stack, 'PUT', `/api/me/coaches/sessionrequests/reject/${request.requestId}`, coach.coachHeaders);
    expect((await toldTo('member', member.memberId)).map(([event]) => event)).toEqual([
      'coach-applied',
      'session-accepted',
      'session-rejected',
    ]);
  });
});
