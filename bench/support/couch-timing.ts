/**
 * A loopback proxy between the Hapi server and CouchDB that times every call the server makes,
 * grouped by what it is (e.g. "gym POST _bulk_docs", "member PUT doc"). It shows where the
 * gateway's time goes without touching server code. It adds one loopback hop per call, so runs
 * that report end-to-end figures use it only when asked (BENCH_COUCH_TIMING=1).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface CouchCallStats {
  calls: number;
  totalMs: number;
}

export interface CouchTiming {
  url: string;
  reset(): void;
  report(): [label: string, stats: CouchCallStats][];
  close(): Promise<void>;
}

/** "mastr_gym_<id>/_bulk_docs" → "gym POST _bulk_docs"; a document path → "doc". */
function labelOf(method: string, path: string): string {
  const [db = '', endpoint = ''] = path.split('?')[0].split('/').filter(Boolean);
  const kind = /^mastr_(gym|member|coach)_/.exec(db)?.[1] ?? (db || 'server');
  const what = endpoint === '' ? 'db' : endpoint.startsWith('_') ? endpoint : 'doc';
  return `${kind} ${method} ${what}`;
}

export async function startCouchTiming(target: string): Promise<CouchTiming> {
  const upstream = new URL(target);
  // The embedded server answers only its own Host and its admin password (kept in the target URL).
  const authorization = upstream.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(upstream.username)}:${decodeURIComponent(upstream.password)}`).toString('base64')}`
    : undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const stats = new Map<string, CouchCallStats>();
  const server = http.createServer((req, res) => {
    const label = labelOf(req.method ?? 'GET', req.url ?? '/');
    const start = performance.now();
    const forward = http.request(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host, ...(authorization ? { authorization } : {}) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => {
          const entry = stats.get(label) ?? { calls: 0, totalMs: 0 };
          entry.calls += 1;
          entry.totalMs += performance.now() - start;
          stats.set(label, entry);
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reset: () => stats.clear(),
    report: () => [...stats.entries()].sort((a, b) => b[1].totalMs - a[1].totalMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
