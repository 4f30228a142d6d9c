/**
 * GET /api/calendar/{token}.ics for a busy gym (issue 26, design/mail.md "Calendar feed"): the
 * 10,000-pass bench gym with its schedule weeks and the Mastr class on. The feed is built from the
 * gym's own /api/me view (decision 103), so its cost is that view's plus the iCalendar text: the
 * baseline, alternating in the same run, is GET /api/me/gyms itself. Over loopback HTTP with fetch,
 * the body read whole, 50 calls of each after 10 warm-up calls.
 * Run: npx tsx bench/calendar-feed.bench.ts
 */
import { profileDocId } from '@mastr/rules/doc-ids.ts';
import type { CalendarFeedResponse } from '@mastr/rules/api/mail.ts';
import { givenGym } from '../sync-server/src/test-support/directory-fixtures.ts';
import { startBenchStack } from './support/bench-stack.ts';
import { seedGym } from './support/gym-data.ts';
import { runBench } from './support/run.ts';
import { ms, ratio, summarise, timed, verdict } from './support/stats.ts';

const WARM_UP = 10;
const CALLS = 50;
/** A calendar app polls every few minutes or hours; the budget is the /api/me answer's (issue 9). */
const TARGET_P95_MS = 100;

const row = (label: string, s: ReturnType<typeof summarise>) =>
  `${label.padEnd(46)} n=${String(s.n).padStart(3)}  p50 ${ms(s.p50).padStart(8)}  p95 ${ms(s.p95).padStart(8)}  max ${ms(s.max).padStart(8)}`;

await runBench('GET /api/calendar/{token}.ics for a gym with 10,000 passes', async (cleanup) => {
  const stack = await startBenchStack();
  cleanup(() => stack.stop());
  const gym = await seedGym(stack);
  await givenGym(stack, {
    _id: profileDocId('gym', gym.gymId),
    gymName: 'Iron Temple',
    mastrClassActive: true,
    mastrClassDefault: { weekday: 4, time: 64800, cancelled: false },
  });
  const headers = { authorization: `Bearer ${await stack.gymToken(gym.gymId)}` };
  const made = await fetch(`${stack.origin}/api/me/gyms/calendar`, { method: 'POST', headers });
  if (made.status !== 200) throw new Error(`calendar link: ${made.status} ${await made.text()}`);
  const link = (await made.json()) as CalendarFeedResponse;
  const feedPath = new URL(link.url).pathname;

  const get = async (path: string, auth: boolean) => {
    const res = await fetch(`${stack.origin}${path}`, auth ? { headers } : {});
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return body;
  };
  const feed = () => get(feedPath, false);
  const me = () => get('/api/me/gyms', true);

  const first = await timed(feed);
  const events = first.value.split('BEGIN:VEVENT').length - 1;
  console.log(`feed: ${events} events, ${(first.value.length / 1e3).toFixed(1)} kB; first call ${ms(first.ms)}`);
  for (let i = 0; i < WARM_UP; i += 1) {
    await feed();
    await me();
  }
  const feedMs: number[] = [];
  const meMs: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    // Alternate which goes first, so neither always runs on a warmer cache.
    const pair = i % 2 ? [feed, me] : [me, feed];
    for (const work of pair) (work === feed ? feedMs : meMs).push((await timed(work)).ms);
  }
  const s = { feed: summarise(feedMs), me: summarise(meMs) };
  console.log(row('GET /api/calendar/{token}.ics', s.feed));
  console.log(row('GET /api/me/gyms (baseline, same run)', s.me));
  console.log(`ratio to GET /api/me/gyms: p50 ${ratio(s.feed.p50, s.me.p50)}, p95 ${ratio(s.feed.p95, s.me.p95)}`);
  verdict(
    `calendar feed p95 ≤ ${TARGET_P95_MS} ms`,
    s.feed.p95 <= TARGET_P95_MS,
    `${ms(s.feed.p95)} (p50 ${ms(s.feed.p50)})`,
  );
});
