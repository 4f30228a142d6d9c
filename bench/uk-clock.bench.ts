/**
 * Reading the UK clock (decision 160): `ukDateKey` and `ukWallClock`, which every list of passes,
 * classes and sessions calls for "today" and "has it started", now one Intl call each. The same-run
 * baseline is the reading they replaced: date-fns `format` on a `TZDate`, which asks Intl for the
 * zone's offset at each field it reads. Instants one second apart from now, many rounds, p50/p95 of
 * the per-call time per round.
 * Run: npx tsx bench/uk-clock.bench.ts
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { UK_TIME_ZONE, ukDateKey, ukWallClock } from '@mastr/rules/dates.ts';
import { runBenchIn } from './support/run.ts';
import { figure, percentile, verdict } from './support/stats.ts';

const CALLS = 2_000;
const ROUNDS = 30;

/** Microseconds per call, one figure per round. */
function perCall(read: (at: Date) => string): number[] {
  const start = Date.now();
  const rounds: number[] = [];
  let sink = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i += 1) sink += read(new Date(start + (round * CALLS + i) * 1000)).length;
    rounds.push(((performance.now() - t0) / CALLS) * 1000);
  }
  if (sink === 0) throw new Error('nothing read');
  return rounds;
}

const byDateFns = (pattern: string) => (at: Date) => format(new TZDate(at.getTime(), UK_TIME_ZONE), pattern);

await runBenchIn('Reading the UK clock (µs per call)', 'pure functions, no I/O', async () => {
  const cases = [
    { name: 'ukDateKey', now: ukDateKey, before: byDateFns('yyyy-MM-dd') },
    { name: 'ukWallClock', now: ukWallClock, before: byDateFns("yyyy-MM-dd'T'HH:mm:ss") },
  ];
  for (const { name, now, before } of cases) {
    // Interleaved, so the machine's load falls on both alike.
    const baseline = [...perCall(before), ...perCall(before)];
    const current = [...perCall(now), ...perCall(now)];
    const p50 = percentile(current, 50);
    const base50 = percentile(baseline, 50);
    console.log(
      `${name.padEnd(12)} one Intl call p50 ${p50.toFixed(2)} µs, p95 ${percentile(current, 95).toFixed(2)} µs · ` +
        `date-fns on TZDate p50 ${base50.toFixed(2)} µs, p95 ${percentile(baseline, 95).toFixed(2)} µs · ${(base50 / p50).toFixed(1)}× faster`,
    );
    figure(`uk-clock-${name}-p50`, p50, 'µs');
    verdict(
      `${name} no slower than the date-fns reading`,
      p50 <= base50,
      `${p50.toFixed(2)} vs ${base50.toFixed(2)} µs`,
    );
  }
});
