import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { accountDocId, calendarFeedDocId, profileDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc, ClassItem, GymProfileDoc } from '@mastr/rules/documents.ts';
import { KIND_PLURAL, type AccountKind } from '@mastr/rules/roles.ts';
import type { CalendarFeedResponse, MailSettingsResponse } from '@mastr/rules/api/mail.ts';
import { DB } from '../couch/databases.ts';
import { mastrClassUid, passUid, sessionUid, mailRecipient } from '../services/mail/index.ts';
import { givenSchedule } from '../test-support/directory-fixtures.ts';
import { buyDayPass, givenSellingGym } from '../test-support/payment-fixtures.ts';
import { givenSessionBookings } from '../test-support/pt-fixtures.ts';
import { givenAccount } from '../test-support/sign-in-helpers.ts';
import { bearerFor, markDayPassCancelled } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
  // 10:00 UK on a Wednesday: the session fixtures' "today at 08:00" is then over, whenever the suite runs.
  stack.clock.now = new Date('2026-12-02T10:00:00Z');
});
afterAll(async () => {
  await stack.stop();
});

const deps = () => ({ couch: stack.couch, config: stack.config });
const accountOf = (profileId: string) => stack.couch.use<AccountDoc>(DB.accounts).get(accountDocId(profileId));

async function signedIn(kind: AccountKind) {
  const { account } = await givenAccount(stack, kind);
  return { profileId: account.profileId, headers: await bearerFor(stack, kind, account.profileId) };
}

const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  stack.server.inject({ method, url, headers, payload: payload as object | undefined });

describe('email choices on the account page', () => {
  it('lists the two optional categories on, turns one off, and a bad body changes nothing', async () => {
    const coach = await signedIn('coach');
    const url = '/api/me/coaches/mail';
    const first = await call('GET', url, coach.headers);
    expect(first.statusCode).toBe(200);
    expect(first.result).toEqual({
      preferences: { requests: true, reminders: true },
      calendarFeedCreatedAt: null,
    } satisfies MailSettingsResponse);

    const off = await call('POST', url, coach.headers, { reminders: false });
    expect(off.statusCode).toBe(200);
    expect((off.result as MailSettingsResponse).preferences).toEqual({ requests: true, reminders: false });
    expect(await mailRecipient(deps(), coach.profileId, 'reminders')).toBeNull();
    expect(await mailRecipient(deps(), coach.profileId, 'requests')).not.toBeNull();

    const rev = (await accountOf(coach.profileId))._rev;
    for (const body of [{}, { receipts: false }, { account: false }, { reminders: 'no' }, { requests: 1 }]) {
      const refused = await call('POST', url, coach.headers, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(refused.payload)).toHaveProperty('message');
    }
    // The same choice again is not a write either.
    expect((await call('POST', url, coach.headers, { reminders: false })).statusCode).toBe(200);
    expect((await accountOf(coach.profileId))._rev).toBe(rev);
    // Receipts cannot be turned off by any route.
    expect(await mailRecipient(deps(), coach.profileId, 'receipts')).not.toBeNull();
  });

  it('each kind has its own pair, and another kind is refused', async () => {
    const gym = await signedIn('gym');
    expect((await call('GET', '/api/me/gyms/mail', gym.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/me/users/mail', gym.headers)).statusCode).toBe(403);
    expect((await call('POST', '/api/me/gyms/mail')).statusCode).toBe(401);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('a mail client’s form POST turns that category off with no sign-in, and only that one', async () => {
    const member = await signedIn('user');
    const recipient = await mailRecipient(deps(), member.profileId, 'requests');
    const link = new URL(recipient!.unsubscribeUrl!);
    // As a mail client sends it: a real HTTP POST to the link, form-encoded, no cookie, no token.
    const res = await fetch(`${stack.server.info.uri}${link.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toContain('Request alerts');
    expect(await mailRecipient(deps(), member.profileId, 'requests')).toBeNull();
    expect(await mailRecipient(deps(), member.profileId, 'reminders')).not.toBeNull();
    expect(await mailRecipient(deps(), member.profileId, 'receipts')).not.toBeNull();
  });

  it('a forged or damaged token is a 404 and changes nothing; a body other than One-Click is a 400', async () => {
    const member = await signedIn('user');
    const recipient = await mailRecipient(deps(), member.profileId, 'reminders');
    const token = new URL(recipient!.unsubscribeUrl!).pathname.split('/').pop()!;
    const rev = (await accountOf(member.profileId))._rev;
    const oneClick = { 'List-Unsubscribe': 'One-Click' };
    const forged = [`${token.slice(0, -2)}xx`, token.replace('reminders', 'requests'), 'nonsense'];
    for (const bad of forged) {
      const res = await call('POST', `/api/mail/unsubscribe/${bad}`, {}, oneClick);
      expect(res.statusCode, bad).toBe(404);
      expect(JSON.parse(res.payload)).toMatchObject({ message: 'Not Found' });
    }
    const wrongBody = await call('POST', `/api/mail/unsubscribe/${token}`, {}, { 'List-Unsubscribe': 'Yes' });
    expect(wrongBody.statusCode).toBe(400);
    expect((await accountOf(member.profileId))._rev).toBe(rev);
    expect(await mailRecipient(deps(), member.profileId, 'reminders')).not.toBeNull();
  });

  it('a browser opening the link is sent to the page that asks first, and nothing changes', async () => {
    const member = await signedIn('user');
    const recipient = await mailRecipient(deps(), member.profileId, 'reminders');
    const token = new URL(recipient!.unsubscribeUrl!).pathname.split('/').pop()!;
    const res = await fetch(`${stack.server.info.uri}/api/mail/unsubscribe/${token}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/mail/unsubscribe/${token}`);
    expect(await mailRecipient(deps(), member.profileId, 'reminders')).not.toBeNull();
  });
});

// ---- calendar feed --------------------------------------------------------------------------------

const classAt = (startTime: number, discipline: string): ClassItem => ({
  _id: `class-${discipline.toLowerCase()}`,
  discipline,
  difficulty: 'All Levels',
  startTime,
  endTime: startTime + 3600,
  location: 'Main mat',
  kidsClass: false,
});

interface FeedEvent {
  uid: string;
  summary: string;
  start: InstanceType<typeof ICAL.Time>;
}

function eventsOf(ics: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  return calendar.getAllSubcomponents('vevent').map((c) => {
    const event = new ICAL.Event(c);
    expect(c.getFirstPropertyValue('status')).toBe('CONFIRMED');
    return { uid: event.uid, summary: event.summary, start: event.startDate };
  });
}

async function newLink(kind: AccountKind, headers: Record<string, string>): Promise<CalendarFeedResponse> {
  const res = await call('POST', `/api/me/${KIND_PLURAL[kind]}/calendar`, headers);
  expect(res.statusCode).toBe(200);
  return res.result as CalendarFeedResponse;
}

async function feed(link: CalendarFeedResponse) {
  const res = await fetch(`${stack.server.info.uri}${new URL(link.url).pathname}`);
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

describe('the private calendar feed', () => {
  it('a member’s upcoming passes and sessions, with the mails’ UIDs and nothing cancelled', async () => {
    const member = await signedIn('user');
    const coach = await signedIn('coach');
    const gymId = await givenSellingGym(stack);
    const today = ukDateKey(stack.clock.now);
    const kept = await buyDayPass(
      stack,
      gymId,
      { memberId: member.profileId, headers: member.headers },
      addDaysToKey(today, 1),
    );
    const dropped = await buyDayPass(
      stack,
      gymId,
      { memberId: member.profileId, headers: member.headers },
      addDaysToKey(today, 2),
    );
    await markDayPassCancelled(stack, dropped.pass);
    const bookings = await givenSessionBookings(
      stack,
      { coachId: coach.profileId, gymId, memberId: member.profileId },
      today,
    );

    const link = await newLink('user', member.headers);
    expect(link.webcalUrl).toBe(link.url.replace(/^https?:/, 'webcal:'));
    expect(link.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const settings = await call('GET', '/api/me/users/mail', member.headers);
    expect((settings.result as MailSettingsResponse).calendarFeedCreatedAt).toBe(link.createdAt);

    const answer = await feed(link);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/calendar/);
    const uids = eventsOf(answer.body).map((e) => e.uid);
    expect(uids).toContain(`${passUid(kept.pass.passId)}@mastr.app`);
    expect(uids).toContain(`${sessionUid(bookings.upcoming.bookingId)}@mastr.app`);
    expect(uids).not.toContain(`${passUid(dropped.pass.passId)}@mastr.app`);
    expect(uids).not.toContain(`${sessionUid(bookings.cancelled.bookingId)}@mastr.app`);
    expect(uids).not.toContain(`${sessionUid(bookings.archived.bookingId)}@mastr.app`);
    const pass = eventsOf(answer.body).find((e) => e.uid.startsWith('pass-'))!;
    expect(pass.start.isDate).toBe(true);
    expect(pass.start.toString()).toBe(addDaysToKey(today, 1));
  });

  it('a coach’s upcoming sessions', async () => {
    const coach = await signedIn('coach');
    const member = await signedIn('user');
    const gym = await signedIn('gym');
    const today = ukDateKey(stack.clock.now);
    const bookings = await givenSessionBookings(
      stack,
      { coachId: coach.profileId, gymId: gym.profileId, memberId: member.profileId },
      today,
    );
    const events = eventsOf((await feed(await newLink('coach', coach.headers))).body);
    expect(events.map((e) => e.uid)).toEqual([`${sessionUid(bookings.upcoming.bookingId)}@mastr.app`]);
    expect(events[0].summary).toBe('PT session: Alex Member');
  });

  it('a gym’s sessions, timetable and Mastr classes (a cancelled class left out)', async () => {
    const gym = await signedIn('gym');
    const member = await signedIn('user');
    const coach = await signedIn('coach');
    const today = ukDateKey(stack.clock.now);
    await givenSchedule(
      stack,
      gym.profileId,
      null,
      Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, [classAt(23 * 3600, 'Boxing')]])),
    );
    const profiles = stack.couch.use<GymProfileDoc>(DB.profiles);
    const profile = await profiles.get(profileDocId('gym', gym.profileId));
    // Weekly on tomorrow's weekday at noon; tomorrow's is cancelled, the one a week later is on.
    const tomorrow = addDaysToKey(today, 1);
    const weekday = ((new Date(`${tomorrow}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    await profiles.insert({
      ...profile,
      mastrClassActive: true,
      mastrClassDefault: { weekday, time: 12 * 3600, cancelled: true },
    });
    const bookings = await givenSessionBookings(
      stack,
      { coachId: coach.profileId, gymId: gym.profileId, memberId: member.profileId },
      today,
    );

    const events = eventsOf((await feed(await newLink('gym', gym.headers))).body);
    const uids = events.map((e) => e.uid);
    expect(uids).toContain(`${sessionUid(bookings.upcoming.bookingId)}@mastr.app`);
    expect(uids).not.toContain(`${sessionUid(bookings.cancelled.bookingId)}@mastr.app`);
    const mastr = uids.filter((u) => u.startsWith(`mastr-class-${gym.profileId}-`));
    expect(mastr).toHaveLength(1);
    expect(mastr[0]).toBe(`${mastrClassUid(gym.profileId, `${addDaysToKey(tomorrow, 7)}T12:00:00`)}@mastr.app`);
    // Every remaining day of this week and all of next week, at 23:00 UK.
    const classes = events.filter((e) => e.uid.startsWith('class-'));
    expect(classes.length).toBeGreaterThanOrEqual(8);
    expect(classes.every((e) => e.summary === 'Boxing (All Levels)')).toBe(true);
  });

  it('a new link revokes the old one; an unknown token is a 404', async () => {
    const member = await signedIn('user');
    const old = await newLink('user', member.headers);
    expect((await feed(old)).status).toBe(200);
    const fresh = await newLink('user', member.headers);
    expect(fresh.url).not.toBe(old.url);
    expect((await feed(old)).status).toBe(404);
    expect((await feed(fresh)).status).toBe(200);
    for (const bad of ['nope', 'x'.repeat(43)]) {
      const res = await fetch(`${stack.server.info.uri}/api/calendar/${bad}.ics`);
      expect(res.status, bad).toBe(404);
    }
  });

  it('turning the link off stops the feed at once and leaves no link; without sign-in it is refused', async () => {
    const coach = await signedIn('coach');
    const link = await newLink('coach', coach.headers);
    const hash = (await accountOf(coach.profileId)).calendarFeed!.tokenHash;
    expect((await call('DELETE', '/api/me/coaches/calendar', undefined)).statusCode).toBe(401);
    expect((await feed(link)).status).toBe(200);
    const off = await call('DELETE', '/api/me/coaches/calendar', coach.headers);
    expect(off.statusCode, off.payload).toBe(200);
    expect((off.result as MailSettingsResponse).calendarFeedCreatedAt).toBeNull();
    expect((await feed(link)).status).toBe(404);
    expect((await accountOf(coach.profileId)).calendarFeed).toBeUndefined();
    const lookup = await stack.couch
      .use(DB.accounts)
      .get(calendarFeedDocId(hash))
      .catch((err: { statusCode?: number }) => err.statusCode);
    expect(lookup).toBe(404);
    // Off twice is still off; a new link works again.
    expect((await call('DELETE', '/api/me/coaches/calendar', coach.headers)).statusCode).toBe(200);
    expect((await feed(await newLink('coach', coach.headers))).status).toBe(200);
  });

  it('deleting the account ends its feed and removes the link’s lookup', async () => {
    const member = await signedIn('user');
    const link = await newLink('user', member.headers);
    const hash = (await accountOf(member.profileId)).calendarFeed!.tokenHash;
    expect((await call('DELETE', '/api/me/users', member.headers)).statusCode).toBe(204);
    expect((await feed(link)).status).toBe(404);
    const lookup = await stack.couch
      .use(DB.accounts)
      .get(calendarFeedDocId(hash))
      .catch((err: { statusCode?: number }) => err.statusCode);
    expect(lookup).toBe(404);
  });
});
