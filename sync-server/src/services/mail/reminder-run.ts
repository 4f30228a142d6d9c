import { randomUUID } from 'node:crypto';
import { profileIdOf } from '@mastr/rules/doc-ids.ts';
import type { BookingDoc, DayPassDoc, GymProfileDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import type { MailCategory } from '@mastr/rules/mail-categories.ts';
import { dueReminderRuns, isOnDay, type DueReminderRun } from '@mastr/rules/reminders.ts';
import { ukWallClock } from '@mastr/rules/dates.ts';
import type { Couch } from '../../couch/couch.ts';
import { bookingsById, bookingsIn } from '../../couch/stores/bookings-store.ts';
import { allGyms } from '../../couch/stores/directory-queries.ts';
import { mastrClassesOn } from '../../couch/stores/mastr-classes-store.ts';
import { passesIn } from '../../couch/stores/passes-store.ts';
import type { Deps } from '../../deps.ts';
import { sendEventMail } from './event-mail.ts';
import { mailRecipient, type MailRecipient } from './recipients.ts';
import { addressOf, dayPassReminder, mastrClassMorning, mastrPassReminder, sessionReminder } from './reminder-mails.ts';
import { getReminderRun, type ReminderRunDoc, writeReminderRun } from './stores/reminder-runs-store.ts';

/** How long one instance holds a run before another may take it up (a run that died half-way). */
const REMINDER_RUN_LEASE_MS = 10 * 60 * 1000;

type Deps_ = Pick<Deps, 'couch' | 'config' | 'mailer' | 'logger' | 'now'>;

/**
 * Takes a run for this instance under CouchDB's revision check: of several instances due at once one
 * writes `running` and the others get 409; a run left `running` past its lease (its instance died)
 * is taken up again. Each reminder's mail is keyed by what it reminds of, so a run done twice queues
 * nothing twice.
 */
async function claimRun(couch: Couch, due: DueReminderRun, holder: string, now: Date): Promise<ReminderRunDoc | null> {
  const id = `reminder-run:${due.run}:${due.runDate}`;
  const current = await getReminderRun(couch, id);
  if (current?.state === 'done') return null;
  if (current?.state === 'running' && current.leaseUntil > now.toISOString()) return null;
  const doc: ReminderRunDoc = {
    ...(current ?? {}),
    _id: id,
    type: 'reminder-run',
    state: 'running',
    holder,
    leaseUntil: new Date(now.getTime() + REMINDER_RUN_LEASE_MS).toISOString(),
    attempts: (current?.attempts ?? 0) + 1,
  };
  const rev = await writeReminderRun(couch, doc);
  return rev === null ? null : { ...doc, _rev: rev };
}

async function finishRun(couch: Couch, run: ReminderRunDoc, queued: number, now: Date): Promise<void> {
  // A lost race (null): taken up by another instance after this one outlasted its lease, which finishes it.
  await writeReminderRun(couch, { ...run, state: 'done', queued, doneAt: now.toISOString() });
}

/** Recipients looked up once per run: a coach with twenty sessions tomorrow is one read. */
function rememberingLookup(): typeof mailRecipient {
  const known = new Map<string, Promise<MailRecipient | null>>();
  return (deps, profileId, category: MailCategory) => {
    const key = `${profileId}:${category}`;
    let answer = known.get(key);
    if (!answer) {
      answer = mailRecipient(deps, profileId, category);
      known.set(key, answer);
    }
    return answer;
  };
}

/** The evening run: tomorrow's PT sessions (member, coach, gym) and passes (member), nothing cancelled. */
async function eveningReminders(deps: Deps_, gym: GymProfileDoc, forDate: string, lookup: typeof mailRecipient) {
  const gymId = profileIdOf(gym._id);
  const [dayPasses, mastrPasses, gymBookings] = await Promise.all([
    passesIn<DayPassDoc>(deps.couch, 'gym', gymId, 'day-pass'),
    passesIn<MastrPassDoc>(deps.couch, 'gym', gymId, 'mastr-pass'),
    bookingsIn(deps.couch, 'gym', gymId),
  ]);
  const publicUrl = deps.config.publicUrl;
  const sends: Promise<boolean>[] = [];
  // The gym's copy of a pass decides its cancellation (design/payments.md "Refunds").
  for (const pass of dayPasses)
    if (pass.type === 'day-pass' && isOnDay(pass.dayDateStart, forDate) && !pass.cancelled)
      sends.push(
        sendEventMail(deps, {
          event: `reminder:daypass:${pass.passId}`,
          profileId: pass.memberId,
          category: 'reminders',
          content: (r) => dayPassReminder(r, pass, publicUrl),
          lookup,
        }),
      );
  for (const pass of mastrPasses)
    if (pass.type === 'mastr-pass' && isOnDay(pass.dateAndTimeStart, forDate) && !pass.cancelled)
      sends.push(
        sendEventMail(deps, {
          // A pass moved to another class is reminded of that one.
          event: `reminder:mastrpass:${pass.passId}:${pass.dateAndTimeStart}`,
          profileId: pass.memberId,
          category: 'reminders',
          content: (r) => mastrPassReminder(r, pass, publicUrl),
          lookup,
        }),
      );
  // The coach's copy of a booking decides its cancellation (booking-cancellation.ts): read it for tomorrow's.
  const tomorrow = gymBookings.filter((b) => b.type === 'booking' && isOnDay(b.startTime, forDate) && !b.cancelled);
  const byCoach = new Map<string, BookingDoc[]>();
  for (const booking of tomorrow) byCoach.set(booking.coachId, [...(byCoach.get(booking.coachId) ?? []), booking]);
  const address = addressOf(gym);
  for (const [coachId, bookings] of byCoach) {
    const coachCopies = await bookingsById(
      deps.couch,
      'coach',
      coachId,
      bookings.map((b) => b.bookingId),
    );
    for (const booking of bookings) {
      const decided = coachCopies.get(booking._id);
      if (!decided || decided.cancelled) continue;
      for (const profileId of [decided.userProfile_id, decided.coachId, decided.gymId])
        sends.push(
          sendEventMail(deps, {
            event: `reminder:session:${decided.bookingId}`,
            profileId,
            category: 'reminders',
            content: (r) => sessionReminder(r, decided, address, publicUrl),
            lookup,
          }),
        );
    }
  }
  return (await Promise.all(sends)).filter(Boolean).length;
}

/** The morning run: the gym hears who is coming to its Mastr classes still to start today. */
async function morningReminders(deps: Deps_, gym: GymProfileDoc, forDate: string, lookup: typeof mailRecipient) {
  const gymId = profileIdOf(gym._id);
  const nowWallClock = ukWallClock(deps.now());
  const classes = (await mastrClassesOn(deps.couch, gymId, forDate)).filter(
    (c) => c.type === 'mastr-class' && !c.cancelled && c.assignedPasses.length > 0 && c.classDateAndTime > nowWallClock,
  );
  if (classes.length === 0) return 0;
  const passes = await passesIn<MastrPassDoc>(deps.couch, 'gym', gymId, 'mastr-pass');
  const coming = classes
    .map((c) => ({
      classDateAndTime: c.classDateAndTime,
      coming: passes
        .filter((p) => p.type === 'mastr-pass' && p.dateAndTimeStart === c.classDateAndTime && !p.cancelled)
        .map((p) => p.clientName),
    }))
    .filter((c) => c.coming.length > 0)
    .sort((a, b) => a.classDateAndTime.localeCompare(b.classDateAndTime));
  if (coming.length === 0) return 0;
  const sent = await sendEventMail(deps, {
    event: `reminder:mastr-classes:${gymId}:${forDate}`,
    profileId: gymId,
    category: 'reminders',
    content: (r) => mastrClassMorning(r, coming, deps.config.publicUrl),
    lookup,
  });
  return sent ? 1 : 0;
}

/**
 * Runs whichever reminder runs are due and not done yet (rules/reminders.ts), gym by gym: every
 * pass and PT session has a copy in its gym's database. Answers what it did, for the log and tests.
 */
export async function runDueReminders(
  deps: Deps_,
  holder: string = randomUUID(),
): Promise<{ run: string; queued: number }[]> {
  const done: { run: string; queued: number }[] = [];
  for (const due of dueReminderRuns(deps.now())) {
    const run = await claimRun(deps.couch, due, holder, deps.now());
    if (!run) continue;
    const gyms = await allGyms(deps.couch);
    const lookup = rememberingLookup();
    let queued = 0;
    // A gym with nothing sold has no database yet: the stores answer it as no documents.
    for (const gym of gyms)
      queued +=
        due.run === 'evening'
          ? await eveningReminders(deps, gym, due.forDate, lookup)
          : await morningReminders(deps, gym, due.forDate, lookup);
    await finishRun(deps.couch, run, queued, deps.now());
    done.push({ run: run._id, queued });
  }
  return done;
}
