/**
 * Issue 12's payment races: 50 members paying at once for 50 different slots of one coach (50
 * bookings, 0 double), and 20 payments for one slot (1 booking, 19 refunds), the webhooks delivered
 * all at once over two Hapi instances on the same CouchDB; and the time from a webhook's delivery to
 * the session on the coach's device (the PWA's tenant store, live replication, on fake-indexeddb),
 * p95. The real parts on loopback: embedded CouchDB, the local payment provider through the
 * `stripe` SDK, signed webhooks.
 * Run: npx tsx bench/pt-payments.bench.ts
 */
import 'fake-indexeddb/auto';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { DB } from '../sync-server/src/couch/databases.ts';
import type { PaymentDoc } from '../sync-server/src/couch/stores/payments-store.ts';
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
import {
  bookingsIn,
  givenPtMember,
  inject,
  requestSlot,
  type Headers,
  type PtMember,
} from '../sync-server/src/test-support/pt-fixtures.ts';
import { bearerFor } from '../sync-server/src/test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../sync-server/src/test-support/test-stack.ts';

interface Coach {
  coachId: string;
  gymId: string;
  coachHeaders: Headers;
}
import { openTenantStore } from '../pwa/src/data/tenant-store.ts';
import { runBench } from './support/run.ts';
import { ms, summarise, waitUntil } from './support/stats.ts';

const MEMBERS = 50;
const SAME_SLOT_PAYMENTS = 20;
const H = 3600;
// Saturday 14 November 2026, 10:00 UK: next coach week (Sunday 15 to Saturday 21) is all open.
const NOW = new Date('2026-11-14T10:00:00Z');
const WEEK = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];
const CHECKOUT = (requestId: string) => `/api/booking/coachrequest/create-checkout/${requestId}`;
const HOURS = Array.from({ length: 15 }, (_, i) => (6 + i) * H); // 06:00 to 20:00

/** A member's request for a slot next week, accepted by the coach, and the member's checkout (the real calls). */
async function acceptedNextWeek(stack: TestStack, coach: Coach, member: PtMember, date: string, time: number) {
  const request = await requestSlot(stack, coach, member, date, time, 'nextWeek');
  const accepted = await inject(
    stack,
    'POST',
    `/api/me/coaches/sessionrequests/accept/${request.requestId}`,
    coach.coachHeaders,
  );
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status}`);
  const checkout = await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers);
  if (checkout.status !== 200) throw new Error(`checkout: ${checkout.status}`);
  return { request, url: checkout.body.url as string };
}

await runBench(
  'PT payments: 50 slots at once, 20 payments for one slot, webhook to the coach device',
  async (cleanup) => {
    const stack = await startTestStack();
    cleanup(() => stack.stop());
    stack.clock.now = NOW;
    const other = await stack.startInstance();
    // As givenPtCoach, with fifteen hours a day open instead of two.
    const gymId = await givenSellingGym(stack, { profile: { gymName: 'Iron Temple' } });
    const coachId = await givenCoach(stack, { firstName: 'Casey', lastName: 'Jones', price: 4500 });
    await givenMembership(stack, gymId, coachId);
    await givenDefaultAvailability(stack, coachId, Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, HOURS])));
    await onboard(stack, 'coach', coachId);
    const coach = { gymId, coachId, coachHeaders: await bearerFor(stack, 'coach', coachId) };

    // The coach's phone: the PWA's store, signed in, live.
    const token = (await bearerFor(stack, 'coach', coach.coachId)).authorization!.replace('Bearer ', '');
    const device = await openTenantStore({
      kind: 'coach',
      tenantId: coach.coachId,
      getAccessToken: () => token,
      refresh: async () => token,
      baseUrl: stack.server.info.uri,
      databaseName: `bench-coach-${Date.now()}`,
      log: () => {},
    });
    cleanup(() => device.remove());
    const seenAt = new Map<string, number>();
    const sub = device.sessions.watchBookings().subscribe((docs: BookingDoc[]) => {
      for (const doc of docs) if (!seenAt.has(doc.bookingId)) seenAt.set(doc.bookingId, performance.now());
    });
    cleanup(async () => sub.unsubscribe());

    // 1. Fifty members, fifty slots: each requests, is accepted and opens a checkout; all pay with
    // delivery held back, then every webhook goes out at once (and again: Stripe retries), over two instances.
    const slots = WEEK.flatMap((date) => HOURS.map((time) => ({ date, time }))).slice(0, MEMBERS);
    const paid: { requestId: string; event: string }[] = [];
    for (const [i, slot] of slots.entries()) {
      const member = await givenPtMember(stack, `Member ${i}`);
      const { request, url } = await acceptedNextWeek(stack, coach, member, slot.date, slot.time);
      paid.push({ requestId: request.requestId, event: await payWithoutDelivery(stack, url) });
    }
    console.log(`${MEMBERS} members paid (webhooks held); delivering all at once, each twice, over two instances`);
    const sentAt = performance.now();
    const answers = await Promise.all(
      [...paid, ...paid].map(({ event }, i) => deliverEvent(stack, event, i % 2 ? other : stack.server)),
    );
    const answeredMs = performance.now() - sentAt;
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.statusCode, (statuses.get(a.statusCode) ?? 0) + 1);
    const firstError = answers.find((a) => a.statusCode !== 200)?.payload.slice(0, 200);
    const errors = new Map<string, number>();
    for (const log of stack.logs())
      if (log.level >= 50) errors.set(log.err?.message ?? log.msg, (errors.get(log.err?.message ?? log.msg) ?? 0) + 1);
    for (const [message, n] of errors) console.log(`  server error ×${n}: ${message.slice(0, 200)}`);
    const booked = await bookingsIn(stack, 'coach', coach.coachId);
    const perRequest = new Map<string, number>();
    for (const b of booked) perRequest.set(b.bookingId, (perRequest.get(b.bookingId) ?? 0) + 1);
    await waitUntil(() => paid.every((p) => seenAt.has(p.requestId)), {
      timeoutMs: 60_000,
      what: 'every session on the device',
    });
    const onDevice = summarise(paid.map((p) => seenAt.get(p.requestId)! - sentAt));
    console.log(
      `webhook answers (${answers.length}): ${[...statuses].map(([code, n]) => `${n} × ${code}`).join(', ')} in ${ms(answeredMs)}${firstError ? ` (e.g. ${firstError})` : ''}; ` +
        `bookings ${booked.length}, double ${[...perRequest.values()].filter((n) => n > 1).length}`,
    );
    console.log(
      `webhook sent → session on the coach's device (n=${onDevice.n}): p50 ${ms(onDevice.p50)}  p95 ${ms(onDevice.p95)}  max ${ms(onDevice.max)}`,
    );

    // 2. Twenty payments for one slot: one accepted request, twenty checkouts of it, all paid, all delivered at once.
    const member = await givenPtMember(stack, 'Twenty Times');
    const slot = { date: WEEK[6]!, time: HOURS[14]! };
    const { request, url } = await acceptedNextWeek(stack, coach, member, slot.date, slot.time);
    const urls = [url];
    for (let i = 1; i < SAME_SLOT_PAYMENTS; i += 1)
      urls.push((await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers)).body.url);
    const events: string[] = [];
    for (const u of urls) events.push(await payWithoutDelivery(stack, u));
    const raceAt = performance.now();
    await Promise.all(events.map((event, i) => deliverEvent(stack, event, i % 2 ? other : stack.server)));
    const raceMs = performance.now() - raceAt;
    const payments = (await stack.couch.use<PaymentDoc>(DB.payments).list({ include_docs: true })).rows
      .map((r) => r.doc!)
      .filter((p) => p.checkoutSessionId && events.some((e) => e.includes(p.checkoutSessionId!)));
    const bookingsForSlot = (await bookingsIn(stack, 'coach', coach.coachId)).filter(
      (b) => b.bookingId === request.requestId,
    );
    const refunded = payments.filter((p) => Object.keys(p.refunds ?? {}).length > 0);
    console.log(
      `${SAME_SLOT_PAYMENTS} payments for one slot, delivered at once in ${ms(raceMs)}: bookings ${bookingsForSlot.length}, ` +
        `refunded ${refunded.length}, payment records ${payments.length}`,
    );
    const ok = booked.length === MEMBERS && bookingsForSlot.length === 1 && refunded.length === SAME_SLOT_PAYMENTS - 1;
    console.log(`${ok ? 'MET    ' : 'NOT MET'}  50 bookings, 0 double; 1 booking, 19 refunds`);
  },
);
