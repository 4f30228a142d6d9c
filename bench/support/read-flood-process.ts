/**
 * One client flooding reads, in a process of its own (bench/read-flood.bench.ts), so its thousand
 * connections do not slow the normal client's event loop and skew its timings. Every second for
 * FLOOD_SECONDS it sends FLOOD_CONCURRENCY requests to FLOOD_URL at once (the outside probe's
 * "1,000 parallel", again each second whether or not the last wave was answered, Retry-After
 * ignored), with FLOOD_HEADERS (JSON); reports the answers by status over IPC (0 = no answer).
 */
import { Agent, request } from 'undici';

const url = process.env.FLOOD_URL!;
const headers = JSON.parse(process.env.FLOOD_HEADERS ?? '{}') as Record<string, string>;
const wave = Number(process.env.FLOOD_CONCURRENCY ?? 1000);
const seconds = Number(process.env.FLOOD_SECONDS ?? 10);
const pool = new Agent({ connections: wave * 4 });
const mix: Record<number, number> = {};

const one = () =>
  request(url, { headers, dispatcher: pool })
    .then(
      async (res) => {
        await res.body.dump();
        return res.statusCode;
      },
      () => 0,
    )
    .then((status) => {
      mix[status] = (mix[status] ?? 0) + 1;
    });

const sent: Promise<void>[] = [];
for (let s = 0; s < seconds; s += 1) {
  const next = performance.now() + 1_000;
  for (let i = 0; i < wave; i += 1) sent.push(one());
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
}
await Promise.all(sent);
await pool.close();
process.send?.({ mix }, () => process.exit(0));
