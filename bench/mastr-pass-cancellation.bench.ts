/**
 * Issue 24's Mastr pass cancellation (decision 70) and the gym's cancellations told in the app
 * (decision 71). Same-run baseline: a member cancelling a paid day pass, one at a time (the path
 * the Mastr cancel mirrors). Then: a member cancelling a paid Mastr pass alone; the member's call
 * twice at once (double tap, two instances) while the gym cancels the pass's class; and the gym
 * cancelling day passes, now with the member's notification. Counts that must hold: no 5xx, one
 * member 200 per pass, one refund per payment, at most one notification per pass event.
 * Run: npx tsx bench/mastr-pass-cancellation.bench.ts
 */
import type { Server } from '@hapi/hapi';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import { notificationDocId, paymentDocId } from '@mastr/rules/doc-ids.ts';
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import { couchStatus } from '../sync-server/src/couch/couch.ts';
import { DB, tenantDbName } from '../sync-server/src/couch/databases.ts';
import type { PaymentDoc } from '../sync-server/src/couch/stores/payments-store.ts';
import {
  buyDayPass,
  buyMastrPass,
  givenPayingMember,
  givenSellingGym,
} from '../sync-server/src/test-support/payment-fixtures.ts';
import { bearerFor } from '../sync-server/src/test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../sync-server/src/test-support/test-stack.ts';
import { runBenchIn } from './support/run.ts';
import { ms, ratio, summarise, timed } from './support/stats.ts';

const PASSES = 12;
const FRIDAY = new Date('2026-11-20T10:00:00Z'); // every member cancel here is refunded in full
const PASS_DAY = '2026-11-22';

async function refundsOf(stack: TestStack, passId: string): Promise<number> {
  const payment = await stack.couch.use<PaymentDoc>(DB.payments).get(paymentDocId(passId));
  const intent = await stack.stripe.paymentIntents.retrieve(payment.paymentIntentId);
  const charge = await stack.stripe.charges.retrieve(intent.latest_charge as string);
  return charge.refunds?.data.length ?? 0;
}

async function notificationsOf(stack: TestStack, memberId: string): Promise<number> {
  const listed = await stack.couch
    .use<NotificationDoc>(tenantDbName('member', memberId))
    .list({ startkey: notificationDocId(''), endkey: notificationDocId('\ufff0') })
    .catch((err) => {
      if (couchStatus(err) === 404) return { rows: [] };
      throw err;
    });
  return listed.rows.length;
}

async function gymWithClass(stack: TestStack) {
  const gymId = await givenSellingGym(stack);
  const asGym = await bearerFor(stack, 'gym', gymId);
  const res = await stack.server.inject({
    method: 'POST',
    url: '/api/me/gyms/mastrclass/activate',
    headers: asGym,
    payload: { selectedDay: 6, selectedTime: 36000 },
  });
  const [next] = (JSON.parse(res.payload) as { mastrClassAvailability: MastrClassOption[] }).mastrClassAvailability;
  return { gymId, asGym, next: next! };
}

const post = (server: Server, url: string, headers: Record<string, string>) =>
  server.inject({ method: 'POST', url, headers });

await runBenchIn(
  'Mastr pass cancellation (member, and member ×2 against the gym cancelling the class) and gym cancels telling the member',
  'CouchDB: embedded (leveldb) · two Hapi instances in this process (inject) · local payment provider',
  async (cleanup) => {
    const stack = await startTestStack();
    cleanup(() => stack.stop());
    const other = await stack.startInstance();
    stack.clock.now = FRIDAY;
    const shared = await gymWithClass(stack);
    let ok = true;

    // Baseline: the member's day-pass cancel, alone.
    const baseline: number[] = [];
    const dayBought = [];
    for (let i = 0; i < PASSES; i += 1) {
      const member = await givenPayingMember(stack);
      dayBought.push({ member, pass: (await buyDayPass(stack, shared.gymId, member, PASS_DAY)).pass });
    }
    for (const { member, pass } of dayBought) {
      const { value, ms: took } = await timed(() =>
        post(stack.server, `/api/booking/user/cancel_day_pass/${pass.passId}`, member.headers),
      );
      ok &&= value.statusCode === 200;
      baseline.push(took);
    }

    // The member's Mastr-pass cancel, alone.
    const alone: number[] = [];
    const mastrBought = [];
    for (let i = 0; i < PASSES; i += 1) {
      const member = await givenPayingMember(stack);
      mastrBought.push({ member, pass: await buyMastrPass(stack, shared.gymId, member, shared.next) });
    }
    for (const { member, pass } of mastrBought) {
      const { value, ms: took } = await timed(() =>
        post(stack.server, `/api/booking/user/cancel_mastr_pass/${pass.passId}`, member.headers),
      );
      ok &&= value.statusCode === 200 && (await refundsOf(stack, pass.passId)) === 1;
      alone.push(took);
    }

    // The member twice at once while the gym cancels the class (a gym per pass: the class goes).
    const race: number[] = [];
    let wrong = 0;
    let classFirst = 0;
    for (let i = 0; i < PASSES / 2; i += 1) {
      const { gymId, asGym, next } = await gymWithClass(stack);
      const member = await givenPayingMember(stack);
      const pass = await buyMastrPass(stack, gymId, member, next);
      const url = `/api/booking/user/cancel_mastr_pass/${pass.passId}`;
      // On odd passes the member's calls leave later, so the class cancel can come first.
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const skew = i % 2 === 0 ? 0 : 60 * i;
      const { value, ms: took } = await timed(() =>
        Promise.all([
          post(other, `/api/me/gyms/mastrclass/active/${next._id}/cancel`, asGym),
          later(skew).then(() => post(stack.server, url, member.headers)),
          later(skew).then(() => post(other, url, member.headers)),
        ]),
      );
      race.push(took);
      const [gym, ...members] = value.map((r) => r!.statusCode);
      const told = await notificationsOf(stack, member.memberId);
      classFirst += told;
      if (
        gym !== 200 ||
        members.filter((s) => s === 200).length !== 1 ||
        members.some((s) => s >= 500) ||
        (await refundsOf(stack, pass.passId)) !== 1 ||
        told > 1
      )
        wrong += 1;
    }
    ok &&= wrong === 0;

    // The gym's day-pass cancel, now writing the member's notification; each cancelled twice at once.
    const gymCancels: number[] = [];
    let wrongTold = 0;
    const gymBought = [];
    for (let i = 0; i < PASSES; i += 1) {
      const member = await givenPayingMember(stack);
      gymBought.push({ member, pass: (await buyDayPass(stack, shared.gymId, member, PASS_DAY)).pass });
    }
    for (const { member, pass } of gymBought) {
      const url = `/api/booking/gym/cancel_day_pass/${pass.passId}`;
      const { ms: took } = await timed(() =>
        Promise.all([post(stack.server, url, shared.asGym), post(other, url, shared.asGym)]),
      );
      gymCancels.push(took);
      if ((await notificationsOf(stack, member.memberId)) !== 1) wrongTold += 1;
    }
    ok &&= wrongTold === 0;

    const b = summarise(baseline);
    console.log(
      `${PASSES} passes per case (${PASSES / 2} for the race, a gym each) · time until every call has answered`,
    );
    console.log(`baseline: member day-pass cancel   p50 ${ms(b.p50)}  p95 ${ms(b.p95)}  max ${ms(b.max)}`);
    for (const [label, samples] of [
      ['member Mastr-pass cancel        ', alone],
      ['member ×2 + gym class cancel    ', race],
      ['gym day-pass cancel ×2 (+ notice)', gymCancels],
    ] as const) {
      const s = summarise(samples);
      console.log(
        `${label}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}  (p95 ${ratio(s.p95, b.p95)} the baseline)`,
      );
    }
    console.log(
      `race: ${wrong} passes wrong (5xx, not one member 200, not one refund, or told twice) · class cancel came first ${classFirst} of ${PASSES / 2}`,
    );
    console.log(`gym day-pass cancels: ${wrongTold} members without exactly one notification`);
    console.log(`${ok ? 'MET    ' : 'NOT MET'}  one member 200, one refund, at most one notification per pass event`);
  },
);
