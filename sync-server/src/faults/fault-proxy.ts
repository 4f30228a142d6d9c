import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the proxy does with one request:
 * - `pass`: forwards it and relays the answer;
 * - `drop-request`: the request never reaches the target, its connection is cut (a lost packet, a
 *   stopped peer);
 * - `drop-answer`: the target receives and handles the request in full, then the connection is cut
 *   before the answer reaches the caller (the write happened; the caller cannot know);
 * - `late-answer`: forwards it; the answer's status and headers reach the caller at once, each chunk
 *   of its body `lateMs` later (a feed that tells late, as Apache CouchDB's `_db_updates` batches).
 */
export type FaultAction = 'pass' | 'drop-request' | 'drop-answer' | 'late-answer';

export interface SeenRequest {
  method: string;
  /** Path and query as the caller sent them. */
  url: string;
}

interface SeenExchange extends SeenRequest {
  action: FaultAction;
  /** ms since the proxy started. */
  at: number;
  /** The target's status, when its answer came. */
  status?: number;
  /** ms since the proxy started, when the answer ended or the connection closed. */
  endedAt?: number;
}

export interface FaultProxy {
  /** `http://127.0.0.1:{port}`, the same across stop/start. */
  origin: string;
  port: number;
  /** Sends later requests to another target (a load balancer taking a dead instance out). */
  retarget(target: string): void;
  /** Decides each request from now on (the default passes everything). */
  decide(rule: (request: SeenRequest) => FaultAction): void;
  /** How late a `late-answer`'s body chunks come (ms; 2,000 unless set). */
  setLateMs(ms: number): void;
  /** Cuts every open connection (requests in flight fail) and refuses new ones: the target is "down". */
  stop(): Promise<void>;
  /** Listens on the same port again: the target is back. */
  start(): Promise<void>;
  /** Requests seen so far, and how each was handled. */
  counts(): Record<FaultAction, number>;
  /**
   * The requests seen so far, in order, with when each came and when its answer ended or its
   * connection was cut (absent while still open): a failing fault test prints it, so a device that
   * stopped asking can be told from a request that never ended.
   */
  history(): readonly SeenExchange[];
  close(): Promise<void>;
}

/**
 * An HTTP proxy on loopback in front of a real server (the embedded CouchDB, or a Hapi instance)
 * that can lose requests or answers one by one and be stopped and started on the same port. The
 * faults are made at the connection, as the caller would see a crashed or unreachable peer:
 * refused connections while stopped, reset sockets for a lost request or answer.
 */
export async function startFaultProxy(
  target: string,
  /**
   * Told as a drop is carried out, just before the caller's connection is cut (e.g. to stop the proxy
   * right after a chosen request, or to kill the calling process before it can see the cut).
   */
  onFault: (action: Exclude<FaultAction, 'pass' | 'late-answer'>, request: SeenRequest) => void = () => {},
): Promise<FaultProxy> {
  let upstream = new URL(target);
  let rule: (request: SeenRequest) => FaultAction = () => 'pass';
  const counts: Record<FaultAction, number> = { pass: 0, 'drop-request': 0, 'drop-answer': 0, 'late-answer': 0 };
  let lateMs = 2_000;
  const sockets = new Set<Socket>();
  const startedAt = Date.now();
  const history: SeenExchange[] = [];

  const server = http.createServer((req, res) => {
    const seen = { method: req.method ?? 'GET', url: req.url ?? '/' };
    const action = rule(seen);
    counts[action] += 1;
    const exchange: SeenExchange = { ...seen, action, at: Date.now() - startedAt };
    history.push(exchange);
    res.once('close', () => (exchange.endedAt = Date.now() - startedAt));
    if (action === 'drop-request') {
      onFault(action, seen);
      req.socket.destroy();
      exchange.endedAt = Date.now() - startedAt;
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        exchange.status = answer.statusCode;
        if (action === 'drop-answer') {
          // Read the answer whole first: the target has finished handling the request when the cut comes.
          answer.resume();
          answer.once('end', () => {
            onFault(action, seen);
            req.socket.destroy();
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (action === 'late-answer') {
          res.flushHeaders();
          const lateBy = lateMs;
          answer.on('data', (chunk: Buffer) => setTimeout(() => res.writable && res.write(chunk), lateBy));
          answer.once('end', () => setTimeout(() => res.end(), lateBy));
          return;
        }
        answer.pipe(res);
      },
    );
    forward.on('error', () => req.socket.destroy());
    // The caller gone (a cut connection): the target's half of the call goes too, as with a real peer.
    res.once('close', () => {
      if (!res.writableFinished) forward.destroy();
    });
    req.pipe(forward);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  let listening = true;

  const stop = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    retarget(next) {
      upstream = new URL(next);
    },
    decide(next) {
      rule = next;
    },
    setLateMs(ms) {
      lateMs = ms;
    },
    stop,
    async start() {
      if (listening) return;
      await listen(port);
      listening = true;
    },
    counts: () => ({ ...counts }),
    history: () => history.map((e) => ({ ...e })),
    close: stop,
  };
}
