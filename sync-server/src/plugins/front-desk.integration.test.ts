import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInOutcomeId } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc } from '@mastr/rules/documents.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { storedDecision } from '../test-support/check-in-decisions.ts';
import { givenAccount } from '../test-support/sign-in-helpers.ts';
import { bearerFor, givenDayPass, givenMastrPass } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const TODAY = '2026-11-20';
const TOMORROW = '2026-11-21';

describe('front desk online calls', () => {
  let stack: TestStack;
  const gymId = newId();
  const asGym = () => bearerFor(stack, 'gym', gymId);
  const post = async (url: string, headers?: Record<string, string>) =>
    stack.server.inject({ method: 'POST', url, headers: headers ?? (await asGym()) });

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = new Date(`${TODAY}T10:00:00Z`);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it("checks a day pass in ('Checked In.') with the refreshed list, then answers 400 with the reason inside 60 minutes", async () => {
    const pass = await givenDayPass(stack, gymId, TODAY);
    const first = await post(`/api/booking/daypass/gym/check_in/${pass.passId}`);
    expect(first.statusCode).toBe(200);
    const body = JSON.parse(first.payload);
    expect(body.message).toBe('Checked In.');
    const listed = body.upcomingDayPassesInformation.find((p: { _id: string }) => p._id === pass.passId);
    expect(listed).toEqual({
      _id: pass.passId,
      passType: 'Adult',
      dayDateStart: `${TODAY}T00:00:00`,
      clientName: 'Alex',
      idCode: pass.idCode,
      gymName: 'Iron Temple',
      expired: false,
      checkIns: { all_check_ins: [stack.clock.now.toISOString()], latest_check_in: stack.clock.now.toISOString() },
    });

    stack.clock.advance(30 * 60_000);
    const again = await post(`/api/booking/daypass/gym/check_in/${pass.passId}`);
    expect(again.statusCode).toBe(400);
    const refused = JSON.parse(again.payload);
    expect(refused.message).toMatch(/60 minutes/);
    expect(refused.upcomingDayPassesInformation.map((p: { _id: string }) => p._id)).toContain(pass.passId);
    // Both records are kept for audit, each decided by the server: the counted one on the gym's pass
    // (no document of its own), the duplicate as an outcome document of its own.
    const gymDb = stack.couch.use<CheckInDoc | CheckInOutcomeDoc | DayPassDoc>(tenantDbName('gym', gymId));
    const records = await gymDb.list({
      startkey: `checkin:${pass.passId}:`,
      endkey: `checkin:${pass.passId}:\ufff0`,
      include_docs: true,
    });
    const checkIns = records.rows.map((r) => r.doc as CheckInDoc);
    expect(checkIns.map((c) => c.method)).toEqual(['online', 'online']);
    const decided = await Promise.all(
      checkIns.map(async (c) => ({ checkIn: c, decision: await storedDecision(gymDb, c) })),
    );
    expect(decided.map((d) => d.decision?.outcome).sort()).toEqual(['counted', 'duplicate']);
    const counted = decided.find((d) => d.decision?.outcome === 'counted')!.checkIn;
    const duplicate = decided.find((d) => d.decision?.outcome === 'duplicate')!.checkIn;
    const gymPass = (await gymDb.get(pass._id)) as DayPassDoc;
    expect(gymPass.countedCheckIns?.map((c) => c.checkInId)).toEqual([counted._id]);
    const outcomes = await gymDb.fetch({ keys: [checkInOutcomeId(counted._id), checkInOutcomeId(duplicate._id)] });
    expect(outcomes.rows.map((r) => ('doc' in r && r.doc ? (r.doc as CheckInOutcomeDoc).outcome : null))).toEqual([
      null,
      'duplicate',
    ]);
  });

  it('checks a Mastr class pass in once', async () => {
    const pass = await givenMastrPass(stack, gymId, `${TODAY}T18:00:00`);
    const first = await post(`/api/booking/mastrdaypass/gym/check_in/${pass.passId}`);
    expect(first.statusCode).toBe(200);
    const body = JSON.parse(first.payload);
    expect(body.message).toBe('Checked In.');
    expect(body.mastrPasses.find((p: { _id: string }) => p._id === pass.passId)).toEqual({
      _id: pass.passId,
      clientName: 'Sam',
      dateAndTimeStart: `${TODAY}T18:00:00`,
      idCode: pass.idCode,
      gymName: 'Iron Temple',
      expired: false,
      checkedIn: { checkedInState: true, check_in_time: stack.clock.now.toISOString() },
      cancelledClass: null,
    });
    const again = await post(`/api/booking/mastrdaypass/gym/check_in/${pass.passId}`);
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.payload).message).toBe('This Mastr class pass is already checked in.');
  });

  it("answers 400 for a pass that is not this gym's, a malformed id or a pass of the other kind", async () => {
    const otherGymsPass = await givenDayPass(stack, newId(), TODAY);
    const mastr = await givenMastrPass(stack, gymId, `${TODAY}T18:00:00`);
    for (const url of [
      `/api/booking/daypass/gym/check_in/${otherGymsPass.passId}`,
      '/api/booking/daypass/gym/check_in/nope',
      `/api/booking/daypass/gym/check_in/${mastr.passId}`,
    ]) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.parse(res.payload)).toMatchObject({
        message: "Missing ID's",
        upcomingDayPassesInformation: expect.any(Array),
      });
    }
  });

  it('refuses a check-in for a pass of another day', async () => {
    const pass = await givenDayPass(stack, gymId, TOMORROW);
    const res = await post(`/api/booking/daypass/gym/check_in/${pass.passId}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.payload).message).toBe('This pass is not for today.');
  });

  it('answers 401 without a token and 403 for another role', async () => {
    const pass = await givenDayPass(stack, gymId, TODAY);
    for (const url of [
      `/api/booking/daypass/gym/check_in/${pass.passId}`,
      `/api/booking/mastrdaypass/gym/check_in/${pass.passId}`,
      `/api/booking/gym/cancel_day_pass/${pass.passId}`,
    ]) {
      expect((await post(url, {})).statusCode).toBe(401);
      expect((await post(url, await bearerFor(stack, 'user', newId()))).statusCode).toBe(403);
    }
  });

  it("cancels an upcoming day pass in the gym's and the member's database, and refuses today's", async () => {
    // Mail goes to the member's account address, verified (mail/recipients.ts).
    const { account, email } = await givenAccount(stack, 'user');
    const upcoming = await givenDayPass(stack, gymId, TOMORROW, { memberId: account.profileId });
    const res = await post(`/api/booking/gym/cancel_day_pass/${upcoming.passId}`);
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.payload);
    expect(body.message).toBe('Day Pass Cancelled.');
    expect(body.upcomingDayPassesInformation.map((p: { _id: string }) => p._id)).not.toContain(upcoming.passId);
    for (const db of [tenantDbName('gym', gymId), tenantDbName('member', upcoming.memberId)]) {
      const doc = (await stack.couch.use<DayPassDoc>(db).get(upcoming._id)) as DayPassDoc;
      expect(doc).toMatchObject({ cancelled: true, entryToken: upcoming.entryToken, clientName: 'Alex' });
    }

    // The member is told by email: the gym, the pass and its day, and the refund.
    const mails = (await stack.outbox()).filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your Mastr day pass was cancelled by the gym');
    expect(mails[0].text).toContain('Iron Temple has cancelled your Adult Day Pass for Saturday 21st November 2026.');
    expect(mails[0].text).toMatch(/nothing to refund|refunded £15/);
    expect(mails[0].text.split('\n')).toContain(`${stack.config.publicUrl}/userdashboard/daypasses`);

    const twice = await post(`/api/booking/gym/cancel_day_pass/${upcoming.passId}`);
    expect(twice.statusCode).toBe(400);
    expect(JSON.parse(twice.payload).message).toBe('This day pass is already cancelled.');
    expect((await stack.outbox()).filter((m) => m.to === email)).toHaveLength(1);

    const today = await givenDayPass(stack, gymId, TODAY);
    const refused = await post(`/api/booking/gym/cancel_day_pass/${today.passId}`);
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.payload).message).toMatch(/Only upcoming day passes/);

    const unknown = await post(`/api/booking/gym/cancel_day_pass/${newId()}`);
    expect(unknown.statusCode).toBe(400);
    expect(JSON.parse(unknown.payload).message).toBe("Missing ID's");
  });
});
