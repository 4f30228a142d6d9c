/** Small helpers to summarise and print timings (milliseconds). */

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('No samples');
  const sorted = [...samples].sort((a, b) => a - b);
  // Nearest-rank: the smallest sample with at least p% of the samples at or below it.
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export function summarise(samples: readonly number[]): Summary {
  return { n: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), max: Math.max(...samples) };
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
export const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;

/** Prints a verdict line: the figure, its target and whether it was met. */
export function verdict(label: string, met: boolean, detail: string): void {
  console.log(`${met ? 'MET    ' : 'NOT MET'}  ${label}: ${detail}`);
}

/** Times one async call. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

/** Times one synchronous call. */
export function timedSync(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** Polls until the check holds; throws after `timeoutMs` so no bench loop runs unbounded. */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  options: { timeoutMs: number; everyMs?: number; what: string },
): Promise<void> {
  const deadline = performance.now() + options.timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline)
      throw new Error(`Timed out after ${options.timeoutMs} ms waiting for ${options.what}`);
    await new Promise((r) => setTimeout(r, options.everyMs ?? 20));
  }
}

/**
 * One figure in a form a driver reads back from the output (bench/cluster.bench.ts runs a bench on
 * each database and sets these side by side): `figure: <key> <value> <unit>`.
 */
export function figure(key: string, value: number, unit: string): void {
  console.log(`figure: ${key} ${Number(value.toFixed(3))} ${unit}`);
}
