import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDocId, bookingDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc, BookingDoc } from '@mastr/rules/documents.ts';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import { DB } from '../../couch/databases.ts';
import { tenantDb, updateDoc } from '../../couch/tenant-docs.ts';
import { bearerFor } from '../../test-support/sync-fixtures.ts';
import { buyDayPass, buyMastrPass, givenPayingMember } from '../../test-support/payment-fixtures.ts';
import { givenPtCoach, givenPtMember, inject, paidBooking } from '../../test-support/pt-fixtures.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox.ts';
import { startTestStack, type TestStack } from '../../test-support/test-stack.ts';
import { runDueReminders } from './reminder-run.ts';

/**
 * Reminders (issue 26): the evening before a PT session or a pass day, and a gym's morning list of
 * who comes to its Mastr class. The clock stands on Friday 20 November 2026 (GMT); everything is
 * booked for Saturday 21st, the gym's Mastr class at 10:00.
 */
const FRIDAY_MORNING = new Date('2026-11-20T09:00:00Z');
const FRIDAY_EVENING = new Date('2026-11-20T18:30:00Z');
const SATURDAY_MORNING = new Date('2026-11-21T07:05:00Z');
const SATURDAY = '2026-11-21';

describe('reminder runs: once a day across instances, never for something cancelled or unwanted', () => {
  let stack: TestStack;
  let other: Server;
  const ids = {} as { gymId: string; coachId: string; member: string; quiet: string; canceller: string };

  const run = (server: Server = stack.server) => runDueReminders(stack.depsOf(server));
  /** What reached the SMTP server on loopback, once every instance's outbox has delivered. */
  const delivered = async () => {
    await stack.outbox();
    return inbox.received.map((m) => ({ to: m.envelopeTo[0]!, subject: m.subject, text: m.text }));
  };
  const remindersTo = async (email?: string) =>
    (await delivered()).filter((m) => m.subject.startsWith('Reminder') && (!email || m.to === email));
  const emailOf = async (profileId: string) =>
    (await stack.couch.use<AccountDoc>(DB.accounts).get(accountDocId(profileId))).email;

  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    stack = await startTestStack({ smtpUrl: inbox.url });
    other = await stack.startInstance();
    stack.clock.now = FRIDAY_MORNING;
    const coach = await givenPtCoach(stack);
    ids.gymId = coach.gymId;
    ids.coachId = coach.coachId;
    const res = await inject(
      stack,
      'POST',
      '/api/me/gyms/mastrclass/activate',
      await bearerFor(stack, 'gym', ids.gymId),
      { selectedDay: 6, selectedTime: 36000 },
    );
    expect(res.status).toBe(200);
    const classes = (res.body as { mastrClassAvailability: MastrClassOption[] }).mastrClassAvailability;
    expect(classes[0]!.classDateAndTime).toBe(`${SATURDAY}T10:00:00`);

    // A member with a session, a day pass and a Mastr class pass for Saturday.
    const member = await givenPtMember(stack, 'Alex Member');
    ids.member = member.memberId;
    await paidBooking(stack, coach, member, SATURDAY);
    await buyDayPass(stack, ids.gymId, member, SATURDAY);
    await buyMastrPass(stack, ids.gymId, member, classes[0]!);
    // A member who turned reminders off, with a day pass for Saturday.
    const quiet = await givenPayingMember(stack);
    ids.quiet = quiet.memberId;
    await buyDayPass(stack, ids.gymId, quiet, SATURDAY);
    await updateDoc(stack.couch.use<AccountDoc>(DB.accounts), accountDocId(quiet.memberId), (account) =>
      account ? { ...account, mailPreferences: { reminders: false } } : null,
    );
    // A member whose Saturday session (at 07:00) and day pass were cancelled.
    const canceller = await givenPtMember(stack, 'Sam Cancel');
    ids.canceller = canceller.memberId;
    const booking = await paidBooking(stack, coach, canceller, SATURDAY, 7 * 3600);
    const { pass } = await buyDayPass(stack, ids.gymId, canceller, SATURDAY);
    expect(
      (await inject(stack, 'POST', `/api/booking/coach/cancel_booking/${booking.bookingId}`, coach.coachHeaders))
        .status,
    ).toBeLessThan(300);
    expect(
      (await inject(stack, 'POST', `/api/booking/user/cancel_day_pass/${pass.passId}`, canceller.headers)).status,
    ).toBeLessThan(300);
    // As if that cancellation had stopped before it reached the gym's copy: the coach's copy decides.
    await updateDoc(tenantDb<BookingDoc>(stack.couch, 'gym', ids.gymId), bookingDocId(booking.bookingId), (doc) =>
      doc ? { ...doc, cancelled: false, cancelledAt: null, cancelledBy: null } : null,
    );
  });
  afterAll(async () => {
    await stack.stop();
    await inbox.stop();
  });

  it('before 18:00 no evening run; from 18:00 one run on one instance reminds each party once', async () => {
    await run();
    expect(await remindersTo()).toEqual([]);

    stack.clock.now = FRIDAY_EVENING;
    const [first, second] = await Promise.all([run(stack.server), run(other)]);
    const runs = [...first, ...second].filter((r) => r.run.startsWith('reminder-run:evening'));
    expect(runs).toHaveLength(1);
    // The member: the session, the day pass and the Mastr class; the coach and the gym: the session.
    const member = await remindersTo(await emailOf(ids.member));
    expect(member.map((m) => m.subject).sort()).toEqual([
      'Reminder: PT session tomorrow at 18:00',
      'Reminder: your Mastr Class at Iron Temple is tomorrow at 10:00',
      'Reminder: your day pass at Iron Temple is for tomorrow',
    ]);
    const session = member.find((m) => m.subject.includes('PT session'))!;
    expect(session.text).toContain(
      'Your PT session with Casey Jones at Iron Temple is tomorrow, Saturday 21st November, at 18:00.',
    );
    expect(session.text).toContain('Turn them off: http');
    const pass = member.find((m) => m.subject.includes('day pass'))!;
    expect(pass.text).toMatch(/Entry code: [A-Z0-9]+/);
    expect((await remindersTo(await emailOf(ids.coachId))).map((m) => m.text)).toEqual([
      expect.stringContaining('Your PT session with Alex Member at Iron Temple is tomorrow'),
    ]);
    expect((await remindersTo(await emailOf(ids.gymId))).map((m) => m.text)).toEqual([
      expect.stringContaining('A PT session at your gym is tomorrow'),
    ]);
    // Nothing for the cancelled session and pass, nothing for who turned reminders off.
    expect(await remindersTo(await emailOf(ids.canceller))).toEqual([]);
    expect(await remindersTo(await emailOf(ids.quiet))).toEqual([]);
    expect(await remindersTo()).toHaveLength(5);
  });

  it('the run is not done again that day, and a run taken up again after a crash queues nothing twice', async () => {
    expect(await run()).toEqual([]);
    // As if the instance holding the run died before marking it done: the lease lapses, another takes it up.
    await updateDoc(
      stack.couch.use<{ _id: string; state: string }>(DB.mail),
      'reminder-run:evening:2026-11-20',
      (doc) => (doc ? { ...doc, state: 'running', leaseUntil: '2000-01-01T00:00:00.000Z' } : null),
    );
    const again = await run(other);
    expect(again).toEqual([{ run: 'reminder-run:evening:2026-11-20', queued: 5 }]);
    expect(await remindersTo()).toHaveLength(5);
  });

  it('on the morning of the class the gym hears who is coming', async () => {
    stack.clock.now = SATURDAY_MORNING;
    await run();
    const mails = (await delivered()).filter((m) => m.subject.startsWith("Today's Mastr Class"));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [await emailOf(ids.gymId), "Today's Mastr Class: 1 member coming"],
    ]);
    expect(mails[0]!.text).toContain('10:00 today: 1 member booked (Alex Member).');
  });

  it('an instance started with a reminder interval looks by itself, and its run is done once', async () => {
    stack.clock.now = new Date('2026-11-21T18:30:00Z');
    const looking = await stack.startInstance({ reminderIntervalMs: 50 });
    await looking.start();
    try {
      await expect
        .poll(async () => {
          const doc = await stack.couch
            .use<{ _id: string; state: string }>(DB.mail)
            .get('reminder-run:evening:2026-11-21')
            .catch(() => null);
          return doc?.state;
        })
        .toBe('done');
    } finally {
      await looking.stop();
    }
  });
});
