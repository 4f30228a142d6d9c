import { COACH_WEEKDAYS } from '@mastr/rules/constants.ts';
import { availabilityDocId, slotClaimId } from '@mastr/rules/doc-ids.ts';
import type { AvailabilityWeekDoc, SlotClaimDoc, TimeSlot } from '@mastr/rules/documents.ts';
import { HOURLY_SLOTS } from '@mastr/rules/time-of-day.ts';
import type { Couch } from '../couch/couch.ts';
import { tenantDbName } from '../couch/databases.ts';
import { createIfMissing } from './create-if-missing.ts';
import { ukCoachWeekStart } from './demo-calendar.ts';
import { DEMO_COACHES } from './demo-data.ts';
import { demoId } from './demo-ids.ts';

/** Hours each demo coach is free, by coach week day (0 Sunday .. 6 Saturday). */
const DEMO_HOURS: readonly Partial<Record<number, number[]>>[] = [
  { 1: [7, 12, 17], 3: [7, 12, 17], 5: [12, 13], 6: [10, 11] },
  { 0: [10, 11], 2: [6, 12, 19], 4: [6, 12, 19] },
  { 1: [9, 10, 11], 2: [9, 10], 4: [14, 15], 6: [9, 10, 11] },
  { 1: [16, 17], 3: [16, 17, 18], 5: [7, 8] },
];

/** Which slots a client holds in a week: [weekday, index of the slot that day]. */
interface WeekFlags {
  booked?: [number, number];
  requested?: [number, number];
}

function availabilityDoc(
  coachId: string,
  hours: Partial<Record<number, number[]>>,
  weekStart: string | null,
  now: Date,
): AvailabilityWeekDoc {
  const weekKey = weekStart ?? 'default';
  return {
    _id: availabilityDocId(weekStart),
    type: 'availability-week',
    coachId,
    weekStart,
    days: COACH_WEEKDAYS.map(({ weekday, abbreviation }) => ({
      _id: demoId(`availability-day:${coachId}:${weekKey}:${weekday}`),
      weekday,
      abbreviation,
      times: (hours[weekday] ?? []).map((hour, index): TimeSlot => {
        const time = hour * 3600;
        if (!HOURLY_SLOTS.includes(time)) throw new Error(`Demo availability off the hourly grid: ${hour}:00`);
        return { _id: demoId(`slot:${coachId}:${weekKey}:${weekday}:${index}`), time };
      }),
    })),
    updatedAt: now.toISOString(),
  };
}

/**
 * The slot claims that make a week's held hours show (decision 120: the claim is the only record).
 * A booked one names a demo booking and is never taken over; a requested one has no request
 * document, so like any claim whose request never appeared it may be taken after two minutes.
 */
function demoClaims(
  coachId: string,
  hours: Partial<Record<number, number[]>>,
  weekStart: string,
  flags: WeekFlags,
  now: Date,
): SlotClaimDoc[] {
  return (['booked', 'requested'] as const).flatMap((state) => {
    const at = flags[state];
    const hour = at && hours[at[0]]?.[at[1]];
    if (!at || hour === undefined) return [];
    const time = hour * 3600;
    const requestId = demoId(`slot-claim:${coachId}:${weekStart}:${at[0]}:${time}`);
    return [
      {
        _id: slotClaimId(weekStart, at[0], time),
        type: 'slot-claim' as const,
        requestId,
        weekStart,
        weekday: at[0],
        time,
        createdAt: now.toISOString(),
        ...(state === 'booked' ? { booking: { bookingId: requestId, checkoutSessionId: `cs_demo_${requestId}` } } : {}),
      },
    ];
  });
}

/**
 * Each demo coach's default availability plus the current and next UK coach weeks, where a few
 * hours show as booked or requested (their slot claims). As with schedules, week documents come
 * only with a new default.
 */
export async function seedDemoAvailability(couch: Couch, now: Date): Promise<number> {
  let created = 0;
  for (const [i, coach] of DEMO_COACHES.entries()) {
    const hours = DEMO_HOURS[i];
    const days = Object.keys(hours).map(Number);
    const [firstDay, lastDay] = [days[0], days[days.length - 1]];
    const db = couch.use<AvailabilityWeekDoc | SlotClaimDoc>(tenantDbName('coach', coach.profileId));
    if (!(await createIfMissing(db, availabilityDoc(coach.profileId, hours, null, now)))) continue;
    created += 1;
    const held: [string, WeekFlags][] = [
      [ukCoachWeekStart(now), { booked: [lastDay, 0], requested: [lastDay, 1] }],
      [ukCoachWeekStart(now, 1), { requested: [firstDay, 0] }],
    ];
    for (const [weekStart, flags] of held) {
      if (await createIfMissing(db, availabilityDoc(coach.profileId, hours, weekStart, now))) created += 1;
      for (const claim of demoClaims(coach.profileId, hours, weekStart, flags, now))
        if (await createIfMissing(db, claim)) created += 1;
    }
  }
  return created;
}
