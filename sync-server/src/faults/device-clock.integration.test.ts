import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CLOCK_HEADER } from '@mastr/rules/check-in.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc } from '@mastr/rules/documents.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { storedDecision } from '../test-support/check-in-decisions.ts';
import { bearerFor, deviceCheckIn, givenDayPass } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { createFaultTally } from './fault-matrix.ts';

const TODAY = '2026-11-20';
const at = (hhmm: string) => new Date(`${TODAY}T${hhmm}:00.000Z`);
const HOUR = 3_600_000;
/** Device clocks hours wrong, both ways. */
const SKEWS_HOURS = [-6, -3, 3, 6];

const tally = createFaultTally();
afterAll(() => console.log(tally.summary()));

describe('fault matrix: a device whose clock is hours wrong checks in offline', () => {
  let stack: TestStack;
  const gymId = newId();
  const gymDb = () => stack.couch.use<DayPassDoc | CheckInDoc | CheckInOutcomeDoc>(tenantDbName('gym', gymId));

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** A desk's push, sent when the server's clock reads `serverNow`, with the device's clock of that moment. */
  async function push(checkIn: ReturnType<typeof deviceCheckIn>, serverNow: Date, skewMs: number) {
    stack.clock.now = serverNow;
    const res = await stack.server.inject({
      method: 'POST',
      url: `/sync/gym/${gymId}/_bulk_docs`,
      headers: {
        ...(await bearerFor(stack, 'gym', gymId)),
        [DEVICE_CLOCK_HEADER]: new Date(serverNow.getTime() + skewMs).toISOString(),
      },
      payload: { docs: [checkIn] },
    });
    expect(res.statusCode, res.payload).toBe(201);
    return (await storedDecision(gymDb(), checkIn))?.outcome;
  }

  it("keeps the 60-minute rule on the server's clock: a skewed desk's offline check-ins are placed at their real time", async () => {
    for (const hours of SKEWS_HOURS) {
      const skew = hours * HOUR;
      const onDeviceClock = (real: Date) => new Date(real.getTime() + skew).toISOString();
      const pass = await givenDayPass(stack, gymId, TODAY);
      // The front desk with a right clock checks the member in at 12:00, online.
      const first = deviceCheckIn(pass, at('12:00').toISOString(), 'desk-right');
      expect(await push(first, at('12:00'), 0)).toBe('counted');
      // The skewed tablet, offline, checks them in again at 12:30 (a duplicate) and at 13:10 (counts),
      // and reaches the server at 13:30.
      const tooSoon = deviceCheckIn(pass, onDeviceClock(at('12:30')), 'desk-skewed');
      const later = deviceCheckIn(pass, onDeviceClock(at('13:10')), 'desk-skewed');
      const outcomes = [await push(tooSoon, at('13:30'), skew), await push(later, at('13:30'), skew)];
      expect(outcomes, `device clock ${hours} h`).toEqual(['duplicate', 'counted']);
      const stored = (await gymDb().get(pass._id)) as DayPassDoc;
      expect(stored.checkIns.all_check_ins).toEqual([at('12:00').toISOString(), at('13:10').toISOString()]);
      expect(stored.countedCheckIns?.map((c) => c.checkInId)).toEqual([first._id, later._id]);
      // The record is stored on the server's clock, as the pass and the decision read it.
      expect(((await gymDb().get(later._id)) as CheckInDoc).checkedInAt).toBe(at('13:10').toISOString());
      const wrong = (outcomes[0] === 'duplicate' ? 0 : 1) + (outcomes[1] === 'counted' ? 0 : 1);
      tally.record('device clock hours wrong, offline check-ins', wrong);
    }
  });
});
