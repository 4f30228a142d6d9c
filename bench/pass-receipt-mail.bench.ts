/**
 * Issue 26: what the pass receipt adds to the Stripe webhook that issues a paid day pass, and the
 * time from the payment's webhook to the receipt in a real SMTP server's inbox. Same-run baseline:
 * the same webhook for a member who may not get mail (the account's address unverified), where the
 * mail stops after one account read. The two kinds alternate, so load from elsewhere falls on both.
 * The real parts on loopback: embedded CouchDB, the local payment provider through the `stripe`
 * SDK, signed webhooks, the durable mail outbox delivering by nodemailer to `smtp-server`.
 * Run: npx tsx bench/pass-receipt-mail.bench.ts
 */
import { accountDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { DB } from '../sync-server/src/couch/databases.ts';
import { updateDoc } from '../sync-server/src/couch/tenant-docs.ts';
import {
  deliverEvent,
  givenPayingMember,
  givenSellingGym,
  payWithoutDelivery,
} from '../sync-server/src/test-support/payment-fixtures.ts';
import { startSmtpInbox } from '../sync-server/src/test-support/smtp-inbox.ts';
import { startTestStack } from '../sync-server/src/test-support/test-stack.ts';
import { runBenchIn } from './support/run.ts';
import { ms, ratio, summarise, verdict } from './support/stats.ts';

const ROUNDS = 30;
const FRIDAY = new Date('2026-11-20T10:00:00Z');
const DAY = '2026-11-25';

await runBenchIn(
  'Pass receipt mail: the paid-pass webhook with and without its receipt, payment to inbox',
  'CouchDB: embedded (leveldb) · one Hapi instance (inject) · local payment provider · mail outbox → nodemailer → smtp-server on loopback',
  async (cleanup) => {
    const inbox = await startSmtpInbox();
    cleanup(() => inbox.stop());
    const stack = await startTestStack({ smtpUrl: inbox.url });
    cleanup(() => stack.stop());
    stack.clock.now = FRIDAY;
    const gymId = await givenSellingGym(stack);

    const webhook = { on: [] as number[], off: [] as number[] };
    const toInbox: number[] = [];
    let missing = 0;
    let unexpected = 0;
    for (let i = 0; i < ROUNDS * 2; i += 1) {
      const mailOn = i % 2 === 0;
      const member = await givenPayingMember(stack);
      const checkout = await stack.server.inject({
        method: 'POST',
        url: '/api/booking/createCheckoutSessionAdultDayPass',
        headers: member.headers,
        payload: { user_id: member.memberId, gym_id: gymId, passDayDate: DAY },
      });
      const payload = await payWithoutDelivery(stack, (JSON.parse(checkout.payload) as { url: string }).url);
      if (!mailOn)
        await updateDoc(stack.couch.use<AccountDoc>(DB.accounts), accountDocId(member.memberId), (a) =>
          a ? { ...a, verified: false } : null,
        );
      const start = performance.now();
      const res = await deliverEvent(stack, payload);
      const answered = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.payload}`);
      (mailOn ? webhook.on : webhook.off).push(answered);
      if (mailOn) {
        // Poll the inbox every 2 ms for up to 10 s.
        let arrived = -1;
        while (performance.now() - start < 10_000) {
          if (inbox.received.some((m) => m.envelopeTo.includes(member.email))) {
            arrived = performance.now() - start;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        if (arrived < 0) missing += 1;
        else toInbox.push(arrived);
      } else {
        await stack.outbox();
        if (inbox.received.some((m) => m.envelopeTo.includes(member.email))) unexpected += 1;
      }
    }

    const on = summarise(webhook.on);
    const off = summarise(webhook.off);
    const inboxTimes = summarise(toInbox);
    console.log(`${ROUNDS} paid day passes each way, alternating`);
    console.log(`webhook, no mail (baseline)   p50 ${ms(off.p50)}  p95 ${ms(off.p95)}  max ${ms(off.max)}`);
    console.log(
      `webhook, receipt queued       p50 ${ms(on.p50)}  p95 ${ms(on.p95)}  max ${ms(on.max)}  (p95 ${ratio(on.p95, off.p95)} the baseline)`,
    );
    console.log(
      `webhook sent → receipt in the SMTP inbox   p50 ${ms(inboxTimes.p50)}  p95 ${ms(inboxTimes.p95)}  max ${ms(inboxTimes.max)}`,
    );
    console.log(`receipts missing ${missing} · mails to unverified members ${unexpected}`);
    verdict(
      'one receipt per paid pass, none to an unverified address',
      missing === 0 && unexpected === 0,
      `${missing} missing, ${unexpected} to unverified`,
    );
  },
);
