/**
 * What `defineRoute` costs a request (issue 25, decision 115): the same route (joi-validated JSON body,
 * an answer read from the body) registered with a plain `server.route` and with `defineRoute` through
 * `contractPlugin`, each on a Hapi server of its own, called with `server.inject` (no socket, no CouchDB,
 * no auth), so the route's own overhead is all that differs. Rounds alternate plain, typed, typed, plain
 * (ABBA) so drift on a shared machine falls on both. Target: the typed route within 5% of the plain one.
 *
 * Run: npx tsx bench/define-route.bench.ts   (DEFINE_ROUTE_CALLS=4000 per round, DEFINE_ROUTE_ROUNDS=4)
 */
import Hapi from '@hapi/hapi';
import Joi from 'joi';
import type { Deps } from '../sync-server/src/deps.ts';
import { contractPlugin, defineRoute } from '../sync-server/src/plugins/define-route.ts';
import { runBenchIn } from './support/run.ts';
import { figure, ratio, summarise, verdict } from './support/stats.ts';

const CALLS = Number(process.env.DEFINE_ROUTE_CALLS ?? 4000);
const ROUNDS = Number(process.env.DEFINE_ROUTE_ROUNDS ?? 4);
const KEY = 'POST /api/me/coaches/requestgym';
const PATH = '/api/me/coaches/requestgym';
const body = Joi.object({ gym_id: Joi.string().hex().length(24).required() });
const answer = (gymId: string) => ({ pendingRequests: [gymId], pendingRequestsInformation: [] });

async function plainServer() {
  const server = Hapi.server();
  server.route({
    method: 'POST',
    path: PATH,
    options: { auth: false, validate: { payload: body } },
    handler: (request) => answer((request.payload as { gym_id: string }).gym_id),
  });
  await server.initialize();
  return server;
}

async function typedServer() {
  const server = Hapi.server();
  const plugin = contractPlugin('bench', () => [
    defineRoute(KEY, {
      options: { auth: false, validate: { payload: body } },
      handler: (request) => answer(request.payload.gym_id),
    }),
  ]);
  await server.register({ plugin, options: {} as Deps });
  await server.initialize();
  return server;
}

/** Microseconds per call, one sample per call. */
async function round(server: Hapi.Server, into: number[]): Promise<void> {
  const payload = { gym_id: 'a'.repeat(24) };
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    const res = await server.inject({ method: 'POST', url: PATH, payload });
    into.push((performance.now() - start) * 1000);
    if (res.statusCode !== 200) throw new Error(`Answered ${res.statusCode}`);
  }
}

await runBenchIn('defineRoute against a plain server.route, same route', 'Hapi server.inject, no CouchDB', async () => {
  const plain = await plainServer();
  const typed = await typedServer();
  const samples = { plain: [] as number[], typed: [] as number[] };
  // Warm both (JIT, joi's compiled schema) before anything counts.
  await round(plain, []);
  await round(typed, []);
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? (['plain', 'typed'] as const) : (['typed', 'plain'] as const);
    for (const side of order) await round(side === 'plain' ? plain : typed, samples[side]);
  }
  const line = (label: string, values: number[]) => {
    const s = summarise(values);
    console.log(`${label.padEnd(34)} n=${s.n}  p50 ${s.p50.toFixed(0)} µs  p95 ${s.p95.toFixed(0)} µs`);
    return s;
  };
  const p = line('server.route (baseline, same run)', samples.plain);
  const t = line('defineRoute', samples.typed);
  console.log(`ratio to server.route: p50 ${ratio(t.p50, p.p50)}, p95 ${ratio(t.p95, p.p95)}`);
  figure('define-route-p50-ratio', t.p50 / p.p50, 'x');
  verdict('defineRoute p50 within 5% of server.route', t.p50 <= p.p50 * 1.05, ratio(t.p50, p.p50));
});
