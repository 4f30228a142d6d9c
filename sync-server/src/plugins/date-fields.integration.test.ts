import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GymRequestDoc } from '@mastr/rules/documents.ts';
import { couchStatus } from '../couch/couch.ts';
import { tenantDbName } from '../couch/databases.ts';
import { CHECKOUT_REFUSALS } from '../services/payments/index.ts';
import { givenGym, givenMember } from '../test-support/directory-fixtures.ts';
import { checkoutSessionIdOf, givenPayingMember, givenSellingGym } from '../test-support/payment-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 17 June 2026, 10:00 in the UK (BST, UTC+1): midnight in the UK is 23:00 UTC the day before.
const NOW = new Date('2026-06-17T09:00:00Z');

/**
 * Date fields take the calendar date as written or an ISO date-time, read as its UK date
 * (design/decisions.md 49); anything else stays the route's 400.
 */
describe('date fields take a date or an ISO date-time, as the UK date', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
  });
  afterAll(async () => {
    await stack.stop();
  });

  describe('a PT request to a gym (selectedDate)', () => {
    const url = '/api/booking/handlePrivateSessionGymRequest';
    const request = async (selectedDate: string) => {
      const gymId = await givenGym(stack);
      const headers = await bearerFor(stack, 'user', await givenMember(stack));
      const payload = {
        gym_id: gymId,
        selectedDate,
        selectedTime: 64800,
        selectedDiscipline: 'Boxing',
        selectedExperienceLevel: 'Beginner',
      };
      const res = await stack.server.inject({ method: 'POST', url, payload, headers });
      // A gym with no request yet has no database either.
      const docs = await stack.couch
        .use<GymRequestDoc>(tenantDbName('gym', gymId))
        .list({ include_docs: true })
        .catch((err: unknown) => {
          if (couchStatus(err) === 404) return { rows: [] as Array<{ doc?: GymRequestDoc }> };
          throw err;
        });
      const stored = docs.rows.map((row) => row.doc!).filter((doc) => doc.type === 'gym-request');
      return { status: res.statusCode, message: JSON.parse(res.payload).message, stored };
    };

    it("stores a UK browser's toISOString() of local midnight as that UK day", async () => {
      // Saturday 27 June 00:00 BST.
      const { status, stored } = await request('2026-06-26T23:00:00.000Z');
      expect(status).toBe(201);
      expect(stored.map((doc) => doc.startTime)).toEqual(['2026-06-27T18:00:00']);
    });

    it('stores a date-time without a zone as the date written', async () => {
      const { status, stored } = await request('2026-06-27T00:00:00');
      expect(status).toBe(201);
      expect(stored.map((doc) => doc.startTime)).toEqual(['2026-06-27T18:00:00']);
    });

    it("refuses a date-time on a day the calendar lacks, or any other shape, with 400 'Missing data'", async () => {
      for (const selectedDate of ['2026-02-30T10:00Z', '2026-06-27 00:00', '27/06/2026', 'Sat Jun 27 2026']) {
        const { status, message, stored } = await request(selectedDate);
        expect({ status, message }, selectedDate).toEqual({ status: 400, message: 'Missing data' });
        expect(stored).toEqual([]);
      }
    });
  });

  describe('a day pass checkout (passDayDate)', () => {
    const url = '/api/booking/createCheckoutSessionAdultDayPass';
    let gymId: string;
    let member: Awaited<ReturnType<typeof givenPayingMember>>;
    beforeAll(async () => {
      gymId = await givenSellingGym(stack);
      member = await givenPayingMember(stack);
    });
    const checkout = (passDayDate: string) =>
      stack.server.inject({
        method: 'POST',
        url,
        payload: { user_id: member.memberId, gym_id: gymId, passDayDate },
        headers: member.headers,
      });

    it('sells the pass for the UK day of the instant given', async () => {
      // Saturday 20 June 00:30 BST, Friday 19 June 23:30 UTC.
      const res = await checkout('2026-06-19T23:30:00Z');
      expect(res.statusCode, res.payload).toBe(200);
      const session = await stack.stripe.checkout.sessions.retrieve(checkoutSessionIdOf(JSON.parse(res.payload).url));
      expect(session.metadata).toMatchObject({ date: '2026-06-20' });
    });

    it('refuses an invalid date-time with the same 400 as an invalid date', async () => {
      for (const passDayDate of ['2026-02-30T10:00Z', '2026-06-20T25:00:00', '2026-06-20T10:00:00+2']) {
        const res = await checkout(passDayDate);
        expect(res.statusCode).toBe(400);
        expect(JSON.parse(res.payload).message).toBe(CHECKOUT_REFUSALS.badDate);
      }
    });
  });
});
