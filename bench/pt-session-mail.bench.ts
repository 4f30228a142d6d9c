/**
 * Issue 26, private-session mails: what the booking mails (member, coach, gym, each queued in the
 * outbox by the webhook's own tell) add to a PT payment webhook's answer, against a same-run
 * baseline whose parties may get no mail (unverified accounts: the tell reads them and queues
 * nothing); and the time from the webhook's delivery to the member's mail in a real SMTP server's
 * inbox on loopback. Webhooks are delivered one at a time, alternating a mailed and an unmailed
 * session, so both see the same load.
 * Run: npx tsx bench/pt-session-mail.bench.ts   (PT_MAIL_SESSIONS=N, default 20 of each)
 */
import { accountDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { DB } from '../sync-server/src/couch/databases.ts';
import { updateDoc } from '../sync-server/src/couch/tenant-docs.ts';
import {
  givenCoach,
  givenDefaultAvailability,
  givenMembership,
} from '../sync-server/src/test-support/directory-fixtures.ts';
import {
  deliverEvent,
  givenSellingGym,
  onboard,
  payWithoutDelivery,
} from '../sync-server/src/test-support/payment-fixtures.ts';
import { givenPtMember, inject, requestSlot } from '../sync-server/src/test-support/pt-fixtures.ts';
import { startSmtpInbox } from '../sync-server/src/test-support/smtp-inbox.ts';
import { bearerFor } from '../sync-server/src/test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../sync-server/src/test-support/test-stack.ts';
import { runBench } from './support/run.ts';
import { figure, ms, ratio, summarise, waitUntil } from './support/stats.ts';

const SESSIONS = Number(process.env.PT_MAIL_SESSIONS ?? 20);
const H = 3600;
// Saturday 14 November 2026, 10:00 UK: the next coach week (Sunday 15 to Saturday 21) is all open.
const NOW = new Date('2026-11-14T10:00:00Z');
const WEEK = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];
const HOURS = Array.from({ length: 15 }, (_, i) => (6 + i) * H);

async function givenCoachAt(stack: TestStack, name: string) {
  const gymId = await givenSellingGym(stack, { profile: { gymName: `${name} Gym` } });
  const coachId = await givenCoach(stack, { firstName: name, lastName: 'Coach', price: 4500 });
  await givenMembership(stack, gymId, coachId);
  await givenDefaultAvailability(stack, coachId, Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, HOURS])));
  await onboard(stack, 'coach', coachId);
  return { gymId, coachId, coachHeaders: await bearerFor(stack, 'coach', coachId) };
}

await runBench('PT booking mails: webhook answer with and without mail, payment to the SMTP inbox', async (cleanup) => {
  const inbox = await startSmtpInbox();
  cleanup(() => inbox.stop());
  const stack = await startTestStack({ smtpUrl: inbox.url });
  cleanup(() => stack.stop());
  stack.clock.now = NOW;
  const mailed = await givenCoachAt(stack, 'Mailed');
  const silent = await givenCoachAt(stack, 'Silent');
  const slots = WEEK.flatMap((date) => HOURS.map((time) => ({ date, time }))).slice(0, SESSIONS);
  const sessions: { mail: boolean; memberId: string; event: string }[] = [];
  for (const [i, slot] of slots.entries()) {
    for (const coach of [mailed, silent]) {
      const member = await givenPtMember(stack, `Member ${i}`);
      const request = await requestSlot(stack, coach, member, slot.date, slot.time, 'nextWeek');
      await inject(stack, 'POST', `/api/me/coaches/sessionrequests/accept/${request.requestId}`, coach.coachHeaders);
      const checkout = await inject(
        stack,
        'POST',
        `/api/booking/coachrequest/create-checkout/${request.requestId}`,
        member.headers,
      );
      sessions.push({
        mail: coach === mailed,
        memberId: member.memberId,
        event: await payWithoutDelivery(stack, checkout.body.url as string),
      });
    }
  }
  // The silent side's parties may get no mail: the tell reads them and queues nothing.
  const accounts = stack.couch.use<AccountDoc>(DB.accounts);
  const silentIds = [silent.coachId, silent.gymId, ...sessions.filter((s) => !s.mail).map((s) => s.memberId)];
  for (const id of silentIds)
    await updateDoc(accounts, accountDocId(id), (a) => (a ? { ...a, verified: false } : null));
  await stack.outbox();
  inbox.received.length = 0;

  const answer = { mail: [] as number[], none: [] as number[] };
  const toInbox: number[] = [];
  for (const session of sessions) {
    const started = performance.now();
    const res = await deliverEvent(stack, session.event);
    answer[session.mail ? 'mail' : 'none'].push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
    if (!session.mail) continue;
    const to = `user-${session.memberId}@example.com`;
    await waitUntil(() => inbox.received.some((m) => m.envelopeTo.includes(to)), {
      timeoutMs: 30_000,
      everyMs: 5,
      what: 'the booking mail',
    });
    toInbox.push(performance.now() - started);
  }
  await stack.outbox();
  const withMail = summarise(answer.mail);
  const without = summarise(answer.none);
  const arrival = summarise(toInbox);
  console.log(`mails delivered: ${inbox.received.length} (expected ${SESSIONS * 3})`);
  console.log(
    `webhook answer with 3 booking mails queued (n=${withMail.n}): p50 ${ms(withMail.p50)}  p95 ${ms(withMail.p95)}`,
  );
  console.log(
    `webhook answer, no party may get mail  (n=${without.n}): p50 ${ms(without.p50)}  p95 ${ms(without.p95)}`,
  );
  console.log(`p95 ratio with/without: ${ratio(withMail.p95, without.p95)}`);
  console.log(
    `webhook sent → member's mail in the SMTP inbox (n=${arrival.n}): p50 ${ms(arrival.p50)}  p95 ${ms(arrival.p95)}`,
  );
  figure('pt-webhook-mail-p95', withMail.p95, 'ms');
  figure('pt-webhook-nomail-p95', without.p95, 'ms');
  figure('pt-payment-to-inbox-p95', arrival.p95, 'ms');
});
