/**
 * CouchDB outage (issue 16): how soon requests answer 503 when CouchDB accepts connections but never
 * answers (as a paused or overloaded one does), at the default COUCHDB_TIMEOUT_MS, next to the same
 * calls against a CouchDB that answers (baseline). Calls: GET /api/health, an authenticated API read
 * (GET /api/me/gyms), a sync gateway read (`_changes`) and a sign-in, one at a time and 50 at once;
 * also how many log lines the outage wrote.
 * Run: npx tsx bench/couch-outage.bench.ts
 */
import net from 'node:net';
import { connectCouch } from '../sync-server/src/couch/couch.ts';
import type { Deps } from '../sync-server/src/deps.ts';
import { createLogger } from '../sync-server/src/logging/logger.ts';
import { createServer } from '../sync-server/src/server.ts';
import { createMailer } from '../sync-server/src/services/mail/index.ts';
import { createStripeClient } from '../sync-server/src/services/payments/index.ts';
import { givenGym } from '../sync-server/src/test-support/directory-fixtures.ts';
import { startBenchStack } from './support/bench-stack.ts';
import { runBench } from './support/run.ts';
import { ms, ratio, summarise, verdict } from './support/stats.ts';

const CONCURRENT = 50;

/** Accepts connections and never answers. */
async function silentCouch() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://admin:secret@127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

await runBench('CouchDB outage: time to 503 when CouchDB does not answer', async (cleanup) => {
  const stack = await startBenchStack();
  cleanup(() => stack.stop());
  const silent = await silentCouch();
  cleanup(() => silent.close());
  let logLines = 0;
  const config = { ...stack.config, couchUrl: silent.url };
  const deps: Deps = {
    config,
    couch: connectCouch(silent.url, config.couchTimeoutMs),
    logger: createLogger({ production: true, level: 'warn', destination: { write: () => void (logLines += 1) } }),
    mailer: createMailer({
      couch: connectCouch(silent.url, config.couchTimeoutMs),
      from: config.mailFrom,
      outboxDir: config.outboxDir,
      log: () => {},
    }),
    stripe: createStripeClient(config.stripe),
    now: () => new Date(),
  };
  const cut = await createServer(deps);
  await cut.start();
  cleanup(() => cut.stop());
  console.log(`COUCHDB_TIMEOUT_MS ${config.couchTimeoutMs}`);

  const gymId = await givenGym(stack);
  const token = await stack.gymToken(gymId);
  const calls: Record<string, (origin: string) => Promise<Response>> = {
    'GET /api/health': (origin) => fetch(`${origin}/api/health`),
    'GET /api/me/gyms': (origin) => fetch(`${origin}/api/me/gyms`, { headers: { authorization: `Bearer ${token}` } }),
    'GET /sync/gym/…/_changes': (origin) =>
      fetch(`${origin}/sync/gym/${gymId}/_changes?since=0&limit=1`, { headers: { authorization: `Bearer ${token}` } }),
    'POST /api/auth/gym': (origin) =>
      fetch(`${origin}/api/auth/gym`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', pwd: 'Wrong!Pass1' }),
      }),
  };

  const time = async (call: () => Promise<Response>) => {
    const started = performance.now();
    const res = await call();
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  };

  for (const [name, call] of Object.entries(calls)) {
    const healthy = await time(() => call(stack.origin));
    const outage = await time(() => call(cut.info.uri));
    const burst = await Promise.all(Array.from({ length: CONCURRENT }, () => time(() => call(cut.info.uri))));
    const burstSummary = summarise(burst.map((b) => b.ms));
    const statuses = [...new Set(burst.map((b) => b.status))].join(',');
    console.log(
      `${name}: healthy ${healthy.status} in ${ms(healthy.ms)} · outage ${outage.status} in ${ms(outage.ms)} ` +
        `(${ratio(outage.ms, config.couchTimeoutMs)} of the timeout) · ${CONCURRENT} at once: ${statuses}, ` +
        `p50 ${ms(burstSummary.p50)} p95 ${ms(burstSummary.p95)} max ${ms(burstSummary.max)}`,
    );
    verdict(
      `${name} answers 503 within timeout + 1 s`,
      outage.status === 503 && burst.every((b) => b.status === 503) && burstSummary.max <= config.couchTimeoutMs + 1000,
      ms(burstSummary.max),
    );
  }
  console.log(`log lines written by the outage server: ${logLines}`);
});
