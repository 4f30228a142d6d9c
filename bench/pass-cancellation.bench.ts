/**
 * Issue 22's cancellation races on paid day passes: what a cancel call costs uncontested (the
 * same-run baseline: one gym cancel at a time) and when the member and the gym cancel one pass at
 * once over two Hapi instances, or one side three times at once; with the counts that must hold
 * (no 5xx, one 200 per pass, one refund per payment, one mail per member). The real parts on
 * loopback: embedded CouchDB, the local payment provider through the `stripe` SDK, the mail outbox.
 * Run: npx tsx bench/pass-cancellation.bench.ts
 */
import type { Server } from '@hapi/hapi';
import { DB } from '../sync-server/src/couch/databases.ts';
import type { PaymentDoc } from '../sync-server/src/couch/stores/payments-store.ts';
import { buyDayPass, givenPayingMember, givenSellingGym } from '../sync-server/src/test-support/payment-fixtures.ts';
import { bearerFor } from '../sync-server/src/test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../sync-server/src/test-support/test-stack.ts';
import { paymentDocId } from '@mastr/rules/doc-ids.ts';
import { runBenchIn } from './support/run.ts';
import { ms, ratio, summarise, timed } from './support/stats.ts';

const PASSES = 20;
const BOUGHT_AT = new Date('2026-11-20T10:00:00Z'); // Friday
const CANCEL_AT = new Date('2026-11-20T12:00:00Z'); // a full refund for the member; upcoming for the gym
const PASS_DAY = '2026-11-22';

type Side = 'member' | 'gym';
interface Paid {
  passId: string;
  email: string;
  cancel(side: Side, server: Server): Promise<{ statusCode: number }>;
}

async function paidPasses(stack: TestStack, gymId: string, asGym: Record<string, string>): Promise<Paid[]> {
  stack.clock.now = BOUGHT_AT;
  const paid: Paid[] = [];
  for (let i = 0; i < PASSES; i += 1) {
    const member = await givenPayingMember(stack);
    const { pass } = await buyDayPass(stack, gymId, member, PASS_DAY);
    paid.push({
      passId: pass.passId,
      email: member.email,
      cancel: (side, server) =>
        server.inject({
          method: 'POST',
          url: `/api/booking/${side === 'member' ? 'user' : 'gym'}/cancel_day_pass/${pass.passId}`,
          headers: side === 'member' ? member.headers : asGym,
        }),
    });
  }
  stack.clock.now = CANCEL_AT;
  return paid;
}

/** Refunds at the provider, mails to the member and answers per pass, checked against the rule. */
async function tally(stack: TestStack, passes: Paid[], answers: number[][]) {
  let refunds = 0;
  let wrongRefunds = 0;
  for (const pass of passes) {
    const payment = await stack.couch.use<PaymentDoc>(DB.payments).get(paymentDocId(pass.passId));
    const intent = await stack.stripe.paymentIntents.retrieve(payment.paymentIntentId);
    const charge = await stack.stripe.charges.retrieve(intent.latest_charge as string);
    const n = charge.refunds?.data.length ?? 0;
    refunds += n;
    if (n !== 1) wrongRefunds += 1;
  }
  const outbox = await stack.outbox();
  // The cancellation's mail (each pass's receipt, sent when it was bought, is not counted).
  const cancellations = outbox.filter((m) => !m.subject.endsWith('receipt and entry code'));
  const wrongMails = passes.filter((p) => cancellations.filter((m) => m.to === p.email).length !== 1).length;
  const flat = answers.flat();
  const serverErrors = flat.filter((s) => s >= 500).length;
  const wrongWinners = answers.filter((a) => a.filter((s) => s === 200).length !== 1).length;
  return { refunds, wrongRefunds, wrongMails, serverErrors, wrongWinners };
}

await runBenchIn(
  'Day pass cancellation races: member against gym, one side three times, over two instances',
  'CouchDB: embedded (leveldb) · two Hapi instances in this process (inject) · local payment provider · mail outbox',
  async (cleanup) => {
    const stack = await startTestStack();
    cleanup(() => stack.stop());
    const other = await stack.startInstance();
    stack.clock.now = BOUGHT_AT;
    const gymId = await givenSellingGym(stack);
    const asGym = await bearerFor(stack, 'gym', gymId);

    const baselinePasses = await paidPasses(stack, gymId, asGym);
    const baseline: number[] = [];
    const baselineAnswers: number[][] = [];
    for (const pass of baselinePasses) {
      const { value, ms: took } = await timed(() => pass.cancel('gym', stack.server));
      baseline.push(took);
      baselineAnswers.push([value.statusCode]);
    }

    const racePasses = await paidPasses(stack, gymId, asGym);
    const race: number[] = [];
    const raceAnswers: number[][] = [];
    for (const [i, pass] of racePasses.entries()) {
      const [first, second] = i % 2 === 0 ? [stack.server, other] : [other, stack.server];
      // On odd passes the gym's call leaves 15 ms later, so that both sides win some races.
      const skew = i % 2 === 0 ? 0 : 15;
      const { value, ms: took } = await timed(() =>
        Promise.all([
          pass.cancel('member', first),
          new Promise((resolve) => setTimeout(resolve, skew)).then(() => pass.cancel('gym', second)),
        ]),
      );
      race.push(took);
      raceAnswers.push(value.map((r) => r.statusCode));
    }

    const tapPasses = await paidPasses(stack, gymId, asGym);
    const taps: number[] = [];
    const tapAnswers: number[][] = [];
    for (const [i, pass] of tapPasses.entries()) {
      const side: Side = i % 2 === 0 ? 'member' : 'gym';
      const { value, ms: took } = await timed(() =>
        Promise.all([pass.cancel(side, stack.server), pass.cancel(side, other), pass.cancel(side, other)]),
      );
      taps.push(took);
      tapAnswers.push(value.map((r) => r.statusCode));
    }

    const b = summarise(baseline);
    console.log(`${PASSES} passes per case · time until every call of a pass has answered`);
    console.log(`baseline: one gym cancel   p50 ${ms(b.p50)}  p95 ${ms(b.p95)}  max ${ms(b.max)}`);
    for (const [label, samples] of [
      ['member + gym at once', race],
      ['one side ×3 at once  ', taps],
    ] as const) {
      const s = summarise(samples);
      console.log(
        `${label}     p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}  (p95 ${ratio(s.p95, b.p95)} the baseline)`,
      );
    }
    const memberWon = raceAnswers.filter(([member]) => member === 200).length;
    console.log(`member + gym: the member won ${memberWon}, the gym ${racePasses.length - memberWon}`);
    let ok = true;
    for (const [label, passes, answers] of [
      ['baseline', baselinePasses, baselineAnswers],
      ['member + gym', racePasses, raceAnswers],
      ['one side ×3', tapPasses, tapAnswers],
    ] as const) {
      const t = await tally(stack, passes, answers);
      const good = t.serverErrors === 0 && t.wrongWinners === 0 && t.wrongRefunds === 0 && t.wrongMails === 0;
      ok &&= good;
      console.log(
        `${label}: 5xx ${t.serverErrors} · passes without exactly one 200 ${t.wrongWinners} · refunds ${t.refunds} for ${passes.length} payments (${t.wrongRefunds} not one) · members without exactly one mail ${t.wrongMails}`,
      );
    }
    console.log(`${ok ? 'MET    ' : 'NOT MET'}  no 5xx, one 200, one refund and one mail per pass`);
  },
);
