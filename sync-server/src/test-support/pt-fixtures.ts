import { claimedSlot, claimsByHour, type ShownSlot } from '@mastr/rules/coach-slots.ts';
import { bookingDocId, coachRequestId, gymRequestId, slotClaimId, slotClaimPrefix } from '@mastr/rules/doc-ids.ts';
import type {
  AvailabilityWeekDoc,
  BookingDoc,
  CoachRequestDoc,
  GymRequestDoc,
  SlotClaimDoc,
} from '@mastr/rules/documents.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { ensureDatabase } from '../couch/couch.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { docsWithPrefix, getDoc, tenantDb } from '../couch/tenant-docs.ts';
import { givenCoach, givenDefaultAvailability, givenMember, givenMembership } from './directory-fixtures.ts';
import { givenSellingGym, onboard, submitHostedForm } from './payment-fixtures.ts';
import { bearerFor } from './sync-fixtures.ts';
import type { TestStack } from './test-stack.ts';

/** Private-session fixtures: a selling gym with an onboarded coach registered there, members, requests. */

export const SIX_PM = 18 * 3600;
export const SEVEN_AM = 7 * 3600;

export type Headers = Record<string, string>;
export interface PtMember {
  memberId: string;
  headers: Headers;
}

/**
 * A public, subscribed, onboarded gym and a public coach (£45/hr unless told) registered there,
 * onboarded with Stripe, free at 07:00 and 18:00 every day by default.
 */
export async function givenPtCoach(stack: TestStack, options: { price?: number; gymId?: string } = {}) {
  const gymId = options.gymId ?? (await givenSellingGym(stack, { profile: { gymName: 'Iron Temple' } }));
  const coachId = await givenCoach(stack, { firstName: 'Casey', lastName: 'Jones', price: options.price ?? 4500 });
  await givenMembership(stack, gymId, coachId);
  const everyDay = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, [SEVEN_AM, SIX_PM]]));
  await givenDefaultAvailability(stack, coachId, everyDay);
  await onboard(stack, 'coach', coachId);
  return { gymId, coachId, coachHeaders: await bearerFor(stack, 'coach', coachId) };
}

export async function givenPtMember(stack: TestStack, name = 'Alex Member'): Promise<PtMember> {
  const memberId = await givenMember(stack, name);
  return { memberId, headers: await bearerFor(stack, 'user', memberId) };
}

export async function inject(stack: TestStack, method: string, url: string, headers: Headers, payload?: object) {
  const res = await stack.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.payload ? JSON.parse(res.payload) : null };
}

/** A member's request for the coach's slot through the real call; resolves to the request as the coach holds it. */
export async function requestSlot(
  stack: TestStack,
  ids: { coachId: string; gymId: string },
  member: PtMember,
  date: string,
  time = SIX_PM,
  week: 'currentWeek' | 'nextWeek' = 'currentWeek',
): Promise<CoachRequestDoc> {
  const res = await inject(stack, 'POST', '/api/booking/handlePrivateSessionCoachRequest', member.headers, {
    coach_id: ids.coachId,
    user_id: member.memberId,
    gym_id: ids.gymId,
    selectedExperience: 'Beginner',
    bookingTimeObject: { _id: 'slot', time, booked: false, requested: false },
    bookingDayId: 'day',
    bookingDate: date,
    currentOrNextWeek: week,
  });
  if (res.status !== 201) throw new Error(`slot request: ${res.status} ${JSON.stringify(res.body)}`);
  const requests = await docsWithPrefix(
    tenantDb<CoachRequestDoc>(stack.couch, 'member', member.memberId),
    coachRequestId(''),
  );
  const start = `${date}T${String(time / 3600).padStart(2, '0')}:00:00`;
  return requests.find((r) => r.startTime === start && r.coachId === ids.coachId)!;
}

export const coachRequestIn = (stack: TestStack, kind: TenantKind, owner: string, requestId: string) =>
  getDoc(tenantDb<CoachRequestDoc>(stack.couch, kind, owner), coachRequestId(requestId));

export const gymRequestIn = (stack: TestStack, kind: TenantKind, owner: string, requestId: string) =>
  getDoc(tenantDb<GymRequestDoc>(stack.couch, kind, owner), gymRequestId(requestId));

export const bookingIn = (stack: TestStack, kind: TenantKind, owner: string, bookingId: string) =>
  getDoc(tenantDb<BookingDoc>(stack.couch, kind, owner), bookingDocId(bookingId));

export const bookingsIn = (stack: TestStack, kind: TenantKind, owner: string) =>
  docsWithPrefix(tenantDb<BookingDoc>(stack.couch, kind, owner), 'booking:');

export const claimIn = (stack: TestStack, coachId: string, claimId: string) =>
  getDoc(tenantDb<SlotClaimDoc>(stack.couch, 'coach', coachId), claimId);

/**
 * The coach's hour at that time of that week as everyone sees it: offered by the week's own document
 * or the default it follows (undefined when not offered), booked or requested as its slot claim says
 * (decision 120: the week documents carry no flags).
 */
export async function slotOf(
  stack: TestStack,
  coachId: string,
  weekStart: string,
  weekday: number,
  time: number,
): Promise<ShownSlot | undefined> {
  const db = stack.couch.use<AvailabilityWeekDoc>(tenantDbName('coach', coachId));
  const week = (await getDoc(db, `availability:week:${weekStart}`)) ?? (await getDoc(db, 'availability:default'));
  const slot = week?.days.find((d) => d.weekday === weekday)?.times.find((s) => s.time === time);
  if (!slot) return undefined;
  const claims = claimsByHour(
    await docsWithPrefix(tenantDb<SlotClaimDoc>(stack.couch, 'coach', coachId), slotClaimPrefix(weekStart)),
    weekStart,
  );
  return { _id: slot._id, time, ...claimedSlot(weekday, time, claims) };
}

/**
 * A slot claim on a coach's hour as a member's request writes it (`paid`: as the webhook leaves it,
 * with a booking): the only record that the hour is requested or booked (decision 120).
 */
export const givenSlotClaim = (
  stack: TestStack,
  coachId: string,
  hour: { weekStart: string; weekday: number; time: number },
  paid: boolean,
) =>
  stack.couch.use<SlotClaimDoc>(tenantDbName('coach', coachId)).insert({
    _id: slotClaimId(hour.weekStart, hour.weekday, hour.time),
    type: 'slot-claim',
    requestId: newId(),
    ...hour,
    createdAt: stack.clock.now.toISOString(),
    ...(paid ? { booking: { bookingId: newId(), checkoutSessionId: `cs_${newId()}` } } : {}),
  });

/** A request the coach accepted, and the member's checkout for it through the real calls. */
export async function acceptedCheckout(
  stack: TestStack,
  coach: { coachId: string; gymId: string; coachHeaders: Headers },
  member: PtMember,
  date: string,
  time = SIX_PM,
) {
  const request = await requestSlot(stack, coach, member, date, time);
  const accepted = await inject(
    stack,
    'POST',
    `/api/me/coaches/sessionrequests/accept/${request.requestId}`,
    coach.coachHeaders,
  );
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status}`);
  const res = await inject(
    stack,
    'POST',
    `/api/booking/coachrequest/create-checkout/${request.requestId}`,
    member.headers,
  );
  if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
  return { request, url: res.body.url as string };
}

/** A session paid through the real calls (request, accept, checkout, pay); resolves to the coach's copy of the booking. */
export async function paidBooking(
  stack: TestStack,
  coach: { coachId: string; gymId: string; coachHeaders: Headers },
  member: PtMember,
  date: string,
  time = SIX_PM,
): Promise<BookingDoc> {
  const { request, url } = await acceptedCheckout(stack, coach, member, date, time);
  await submitHostedForm(url, 'pay');
  const booking = await bookingIn(stack, 'coach', coach.coachId, request.requestId);
  if (!booking) throw new Error('no booking after paying');
  return booking;
}

/** A member's PT request to a gym through the real call; resolves to the request as the gym holds it. */
export async function requestAtGym(stack: TestStack, gymId: string, member: PtMember, date: string, time = SIX_PM) {
  const res = await inject(stack, 'POST', '/api/booking/handlePrivateSessionGymRequest', member.headers, {
    gym_id: gymId,
    selectedDate: date,
    selectedTime: time,
    selectedDiscipline: 'Boxing',
    selectedExperienceLevel: 'Beginner',
  });
  if (res.status !== 201) throw new Error(`gym request: ${res.status} ${JSON.stringify(res.body)}`);
  const mine = await docsWithPrefix(tenantDb<GymRequestDoc>(stack.couch, 'member', member.memberId), gymRequestId(''));
  return mine.find((r) => r.gymId === gymId && r.startTime.startsWith(date))!;
}

/**
 * Bookings written straight into the coach's, member's and gym's databases (as the webhook would),
 * one for each §3 list as seen at `today` 10:00: tomorrow's (upcoming), today's at 08:00 (completed
 * today), two days ago (archived) and a cancelled one in three days.
 */
export async function givenSessionBookings(
  stack: TestStack,
  ids: { coachId: string; gymId: string; memberId: string },
  today: string,
) {
  const day = (days: number) => addDaysToKey(today, days);
  const at = (date: string, hour: number, cancelled = false): BookingDoc => {
    const bookingId = newId();
    const h = (n: number) => String(n).padStart(2, '0');
    return {
      _id: bookingDocId(bookingId),
      type: 'booking',
      bookingId,
      source: 'coach-request',
      startTime: `${date}T${h(hour)}:00:00`,
      endTime: `${date}T${h(hour + 1)}:00:00`,
      clientName: 'Alex Member',
      userProfile_id: ids.memberId,
      coachId: ids.coachId,
      coachFullName: 'Casey Jones',
      gymId: ids.gymId,
      gymName: 'Iron Temple',
      discipline: 'Boxing',
      experienceLevel: 'Beginner',
      pricePence: 4500,
      paymentId: newId(),
      slotClaimId: `slot-claim:x:${bookingId}`,
      cancelled,
      cancelledAt: cancelled ? `${today}T09:00:00.000Z` : null,
      cancelledBy: cancelled ? 'coach' : null,
      createdAt: `${today}T09:00:00.000Z`,
    };
  };
  const bookings = {
    upcoming: at(day(1), 18),
    todaysCompleted: at(day(0), 8),
    archived: at(day(-2), 18),
    cancelled: at(day(3), 18, true),
  };
  for (const [kind, owner] of [
    ['coach', ids.coachId],
    ['member', ids.memberId],
    ['gym', ids.gymId],
  ] as const) {
    await ensureDatabase(stack.couch, tenantDbName(kind, owner));
    await stack.couch.use<BookingDoc>(tenantDbName(kind, owner)).bulk({ docs: Object.values(bookings) });
  }
  return bookings;
}
