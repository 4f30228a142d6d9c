/**
 * Issue 25 ("one fact stored twice"): the server paths a coach's held hours go through, timed on
 * one instance: a member's slot request (claim, then the request's copies), the coach's online
 * removal of a free hour (judged against the hour's claim), and a coach device's push of an edited
 * week through the gateway's `_bulk_docs` (held hours judged against the claims). The same calls
 * run on the previous commit for the before figures (a same-run baseline of a bare `GET
 * /api/health`-like read is printed to show the machine's load).
 * Run: npx tsx bench/coach-slots.bench.ts   (COACH_SLOTS_N=60)
 */
import { coachWeekStart } from '@mastr/rules/coach-week.ts';
import type { AvailabilityWeekDoc } from '@mastr/rules/documents.ts';
import { tenantDbName } from '../sync-server/src/couch/databases.ts';
import {
  givenCoach,
  givenDefaultAvailability,
  givenMembership,
} from '../sync-server/src/test-support/directory-fixtures.ts';
import { givenSellingGym, onboard } from '../sync-server/src/test-support/payment-fixtures.ts';
import { givenPtMember, inject, requestSlot } from '../sync-server/src/test-support/pt-fixtures.ts';
import { bearerFor } from '../sync-server/src/test-support/sync-fixtures.ts';
import { startTestStack, UNLIMITED_CLIENT_BUDGETS } from '../sync-server/src/test-support/test-stack.ts';
import { runBenchIn } from './support/run.ts';
import { ms, summarise, timed } from './support/stats.ts';

const N = Number(process.env.COACH_SLOTS_N ?? 60);
const HOURS = Array.from({ length: 19 }, (_, i) => (4 + i) * 3600);

const line = (label: string, samples: number[]) => {
  const s = summarise(samples);
  console.log(`${label.padEnd(52)} n=${s.n}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}`);
};

void runBenchIn(
  'Coach slots: request, online removal, device push (one instance)',
  'embedded CouchDB on loopback',
  async (cleanup) => {
    // One coach and one client calling back to back: the per-client budgets are not what is measured.
    const stack = await startTestStack(UNLIMITED_CLIENT_BUDGETS);
    cleanup(() => stack.stop());
    // givenPtCoach's coach, free every hour of every day.
    const gymId = await givenSellingGym(stack, { profile: { gymName: 'Iron Temple' } });
    const coachId = await givenCoach(stack, { firstName: 'Casey', lastName: 'Jones', price: 4500 });
    await givenMembership(stack, gymId, coachId);
    await givenDefaultAvailability(stack, coachId, Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, HOURS])));
    await onboard(stack, 'coach', coachId);
    const coach = { gymId, coachId, coachHeaders: await bearerFor(stack, 'coach', coachId) };
    const nextWeek = coachWeekStart(stack.clock.now, 1);
    const dateOf = (weekday: number) => {
      const d = new Date(`${nextWeek}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + weekday);
      return d.toISOString().slice(0, 10);
    };
    const members = await Promise.all(Array.from({ length: N }, (_, i) => givenPtMember(stack, `Member ${i}`)));

    const baseline: number[] = [];
    for (let i = 0; i < N; i++)
      baseline.push((await timed(() => inject(stack, 'GET', `/api/coaches/${coach.coachId}`, {}))).ms);

    // Requests on hours 0..N-1 of next week (weekday-major), each by its own member.
    const slots = Array.from({ length: N }, (_, i) => ({
      weekday: i % 7,
      time: HOURS[Math.floor(i / 7) % HOURS.length],
    }));
    const requests: number[] = [];
    for (const [i, slot] of slots.entries())
      requests.push(
        (await timed(() => requestSlot(stack, coach, members[i]!, dateOf(slot.weekday), slot.time, 'nextWeek'))).ms,
      );

    // Online removals: a free hour (the last of each day) and a held one (refused).
    const removals: number[] = [];
    const refusals: number[] = [];
    for (let i = 0; i < N; i++) {
      const weekday = i % 7;
      const free = HOURS[HOURS.length - 1 - Math.floor(i / 7)]!;
      removals.push(
        (
          await timed(() =>
            inject(stack, 'PUT', '/api/me/coaches/availability/nextweek', coach.coachHeaders, {
              weekday,
              nextWeekTimeToDelete: free,
            }),
          )
        ).ms,
      );
      const held = slots[i]!;
      refusals.push(
        (
          await timed(() =>
            inject(stack, 'PUT', '/api/me/coaches/availability/nextweek', coach.coachHeaders, {
              weekday: held.weekday,
              nextWeekTimeToDelete: held.time,
            }),
          )
        ).ms,
      );
    }

    // Device pushes: the stored week with one more free hour removed, under its revision.
    const db = stack.couch.use<AvailabilityWeekDoc>(tenantDbName('coach', coach.coachId));
    const pushes: number[] = [];
    for (let i = 0; i < Math.min(N, 40); i++) {
      const stored = await db.get(`availability:week:${nextWeek}`);
      const day = stored.days[i % 7]!;
      const held = new Set(slots.filter((s) => s.weekday === day.weekday).map((s) => s.time));
      const drop = day.times.find((s) => !held.has(s.time));
      const week = {
        ...stored,
        days: stored.days.map((d) => (d === day ? { ...d, times: d.times.filter((s) => s !== drop) } : d)),
        updatedAt: new Date(stack.clock.now.getTime() + i).toISOString(),
      };
      const res = await timed(() =>
        stack.server.inject({
          method: 'POST',
          url: `/sync/coach/${coach.coachId}/_bulk_docs`,
          headers: coach.coachHeaders,
          payload: { docs: [week] },
        }),
      );
      if (res.value.statusCode !== 201) throw new Error(`push: ${res.value.statusCode} ${res.value.payload}`);
      pushes.push(res.ms);
    }

    line('baseline: GET /api/coaches/{id} (same run)', baseline);
    line('member slot request (POST, 201)', requests);
    line('coach removes a free hour online (PUT, 200)', removals);
    line('coach removes a held hour online (PUT, refused)', refusals);
    line('coach device pushes an edited week (_bulk_docs)', pushes);
  },
);
