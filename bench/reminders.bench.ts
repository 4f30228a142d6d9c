/**
 * The reminder run's cost (issue 26, design/mail.md "Reminders"): the evening run over a database
 * holding 10,000 PT bookings (50 gyms, 200 coaches, 2,000 members, every account verified).
 *  1. The bookings spread over the next 30 days (about 333 tomorrow, so about 1,000 reminders):
 *     an ordinary evening.
 *  2. All 10,000 tomorrow (30,000 reminders): the worst case.
 * Beside each, in the same run, its floors: reading every gym's bookings (the scan the run cannot
 * avoid, since each booking lives in its gym's database) and queueing the same number of mail
 * documents one by one. The run is measured up to the queue: delivery is the outbox's
 * (mail-outbox.integration.test.ts), so the mailer here only queues.
 * Run: npx tsx bench/reminders.bench.ts   (BENCH_DATABASE=embedded|apache|cluster, REMINDER_BOOKINGS=10000)
 */
import { accountDocId, bookingDocId, BOOKING_DOC_PREFIX, profileDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc, BookingDoc, GymProfileDoc } from '@mastr/rules/documents.ts';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { ensureDatabase } from '../sync-server/src/couch/couch.ts';
import { DB, tenantDbName } from '../sync-server/src/couch/databases.ts';
import { docsWithPrefix } from '../sync-server/src/couch/tenant-docs.ts';
import type { Deps } from '../sync-server/src/deps.ts';
import { createLogger } from '../sync-server/src/logging/logger.ts';
import { enqueueMail, type MailOutbox, runDueReminders } from '../sync-server/src/services/mail/index.ts';
import { createStripeClient } from '../sync-server/src/services/payments/index.ts';
import { startBenchStack } from './support/bench-stack.ts';
import { runBench } from './support/run.ts';
import { ms, ratio } from './support/stats.ts';

const BOOKINGS = Number(process.env.REMINDER_BOOKINGS ?? 10_000);
const GYMS = 50;
const COACHES = 200;
const MEMBERS = 2_000;
const TODAY = '2026-12-03';
const EVENING = new Date(`${TODAY}T18:30:00Z`);
const hex = (prefix: string, n: number) => `${prefix}${n.toString(16)}`.padStart(24, '0');
const gymId = (n: number) => hex('a', n);
const coachId = (n: number) => hex('c', n);
const memberId = (n: number) => hex('e', n);

/** Each scenario on a fresh stack, so neither reads the other's bookings. */
await runBench('Reminder run: the evening before, over 10,000 PT bookings', async (cleanup) => {
  await scenario(cleanup, 'An ordinary evening (bookings over the next 30 days)', 30, 'spread');
  await scenario(cleanup, 'The worst case (every booking tomorrow)', 1, 'all');
});

async function scenario(cleanup: (step: () => Promise<unknown>) => void, label: string, days: number, tag: string) {
  const stack = await startBenchStack();
  cleanup(() => stack.stop());
  const couch = stack.couch;
  const now = { at: EVENING };
  // Queues only: the run's cost ends at the outbox.
  const mailer: MailOutbox = {
    send: async (message, options) => void (await enqueueMail(couch, message, { now: now.at, key: options?.key })),
    deliverDue: async () => 0,
    kick: () => {},
    idle: async () => {},
  };
  const deps: Deps = {
    config: stack.config,
    couch,
    logger: createLogger({ production: false, level: 'silent' }),
    mailer,
    stripe: createStripeClient(stack.config.stripe),
    now: () => now.at,
  };

  // Accounts and profiles, written straight in.
  const accounts: AccountDoc[] = [];
  const profiles: object[] = [];
  const account = (kind: AccountDoc['kind'], profileId: string, i: number): AccountDoc => ({
    _id: accountDocId(profileId),
    type: 'account',
    kind,
    profileId,
    email: `${kind}${i}@example.com`,
    mobile: '',
    mobileKey: '',
    passwordHash: null,
    verified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  for (let g = 0; g < GYMS; g++) {
    accounts.push(account('gym', gymId(g), g));
    const gym: Partial<GymProfileDoc> = {
      _id: profileDocId('gym', gymId(g)),
      type: 'gym',
      gymName: `Gym ${g}`,
      address: {
        addressLineOne: `${g} High Street`,
        addressLineTwo: '',
        addressTownOrCity: 'Bristol',
        addressPostalCode: 'BS1 1AA',
      },
      status: true,
    };
    profiles.push(gym);
  }
  for (let c = 0; c < COACHES; c++) {
    accounts.push(account('coach', coachId(c), c));
    profiles.push({ _id: profileDocId('coach', coachId(c)), type: 'coach', firstName: `Coach${c}`, lastName: 'Jones' });
  }
  for (let m = 0; m < MEMBERS; m++) {
    accounts.push(account('user', memberId(m), m));
    profiles.push({ _id: profileDocId('user', memberId(m)), type: 'user', name: `Member ${m}` });
  }
  for (let i = 0; i < accounts.length; i += 1000)
    await couch.use(DB.accounts).bulk({ docs: accounts.slice(i, i + 1000) });
  for (let i = 0; i < profiles.length; i += 1000)
    await couch.use(DB.profiles).bulk({ docs: profiles.slice(i, i + 1000) });

  /** Writes BOOKINGS bookings into their gyms' and coaches' databases, `days` days from tomorrow on. */
  const seed = async (tag: string, days: number) => {
    const byDb = new Map<string, BookingDoc[]>();
    let tomorrow = 0;
    for (let i = 0; i < BOOKINGS; i++) {
      const g = i % GYMS;
      const c = (i * 7) % COACHES;
      const day = addDaysToKey(TODAY, 1 + (i % days));
      if (day === addDaysToKey(TODAY, 1)) tomorrow += 1;
      const bookingId = hex(`b${tag}`, i);
      const hour = 6 + (Math.floor(i / GYMS) % 14);
      const booking: BookingDoc = {
        _id: bookingDocId(bookingId),
        type: 'booking',
        bookingId,
        source: 'coach-request',
        startTime: `${day}T${String(hour).padStart(2, '0')}:00:00`,
        endTime: `${day}T${String(hour + 1).padStart(2, '0')}:00:00`,
        clientName: `Member ${i % MEMBERS}`,
        userProfile_id: memberId(i % MEMBERS),
        coachId: coachId(c),
        coachFullName: `Coach${c} Jones`,
        gymId: gymId(g),
        gymName: `Gym ${g}`,
        discipline: 'Boxing',
        experienceLevel: 'Beginner',
        pricePence: 4500,
        paymentId: bookingId,
        slotClaimId: `slot-claim:${bookingId}`,
        cancelled: false,
        cancelledAt: null,
        cancelledBy: null,
        createdAt: '2026-11-01T00:00:00.000Z',
      };
      for (const db of [tenantDbName('gym', gymId(g)), tenantDbName('coach', coachId(c))])
        byDb.set(db, [...(byDb.get(db) ?? []), booking]);
    }
    for (const [db, docs] of byDb) {
      await ensureDatabase(couch, db);
      for (let i = 0; i < docs.length; i += 1000) await couch.use(db).bulk({ docs: docs.slice(i, i + 1000) });
    }
    return tomorrow;
  };
  const measure = async (label: string, days: number, tag: string) => {
    const tomorrow = await seed(tag, days);
    // Floor 1: the scan of every gym's bookings.
    let t = performance.now();
    for (let g = 0; g < GYMS; g++)
      await docsWithPrefix(couch.use<BookingDoc>(tenantDbName('gym', gymId(g))), BOOKING_DOC_PREFIX);
    const scanMs = performance.now() - t;
    // The run.
    t = performance.now();
    const [result] = await runDueReminders(deps);
    const runMs = performance.now() - t;
    const rssMb = process.memoryUsage().rss / 2 ** 20;
    const queued = result?.queued ?? 0;
    // Floor 2: queueing as many mail documents one by one, after the run (its own ids).
    t = performance.now();
    for (let i = 0; i < queued; i++)
      await enqueueMail(
        couch,
        { to: `x${i}@example.com`, subject: 'Floor', text: 'x' },
        { now: now.at, key: `floor:${tag}:${i}` },
      );
    const queueMs = performance.now() - t;
    console.log(`## ${label}: ${BOOKINGS} bookings, ${tomorrow} tomorrow`);
    console.log(
      `  run                ${ms(runMs).padStart(10)}  queued ${queued} reminders (${ms(runMs / Math.max(queued, 1))} each) · process RSS after it ${rssMb.toFixed(0)} MiB`,
    );
    console.log(`  floor: scan        ${ms(scanMs).padStart(10)}  every gym's bookings read (${GYMS} databases)`);
    console.log(`  floor: queue       ${ms(queueMs).padStart(10)}  ${queued} mail documents written one by one`);
    console.log(`  run ÷ (scan + queue) ${ratio(runMs, scanMs + queueMs)}`);
    console.log(`figure: reminders.${tag}.run ${runMs.toFixed(0)} ms`);
    if (queued !== tomorrow * 3) throw new Error(`expected ${tomorrow * 3} reminders, queued ${queued}`);
    // A second run the same evening finds it done.
    t = performance.now();
    const again = await runDueReminders(deps);
    console.log(`  a second look the same evening: ${ms(performance.now() - t)} (${again.length} runs)`);
  };
  await measure(label, days, tag);
}
