/**
 * HAProxy's configuration for a production-shaped stack on one machine (design/architecture.md
 * "Deploying on a CouchDB cluster"): one frontend balancing the stateless Hapi instances, one
 * balancing the CouchDB nodes the instances talk to. Pure, so the settings are tested and documented
 * in one place; `haproxy-process.ts` writes it to a file and runs Debian's haproxy on it.
 */
interface BalancedServer {
  name: string;
  host: string;
  port: number;
}

export interface BalancedService {
  /** Names the frontend and backend (`hapi`, `couchdb`): letters, digits, `-` and `_`. */
  name: string;
  /** Where the balancer listens. */
  bind: { host: string; port: number };
  servers: BalancedServer[];
  /** GET path that answers 200 while a server can take requests (`/api/health`, `/_up`). */
  healthPath: string;
  /**
   * Appends the client's address to `X-Forwarded-For` (the public frontend: the instances read the
   * client there with TRUST_PROXY_HOPS, for the per-address budgets and sign-in limits).
   */
  forwardFor?: boolean;
}

export interface BalancerTimings {
  /** Between health checks of one server. */
  checkIntervalMs: number;
  /** The longest a request may wait for its answer: above the gateway's long-poll (30 s) and CouchDB's. */
  serverTimeoutMs: number;
}

export const DEFAULT_BALANCER_TIMINGS: BalancerTimings = { checkIntervalMs: 500, serverTimeoutMs: 75_000 };

const NAME = /^[A-Za-z0-9_-]+$/;

export function haproxyConfig(
  services: BalancedService[],
  timings: BalancerTimings = DEFAULT_BALANCER_TIMINGS,
): string {
  const lines = [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    // A health check may take this long (unset, it is the check interval: on a busy box a slow answer
    // would take a healthy server out). A dead server refuses the connection and is out at once.
    '  timeout check 2s',
    `  timeout client ${timings.serverTimeoutMs}ms`,
    `  timeout server ${timings.serverTimeoutMs}ms`,
    // Only a connection that could not be made is tried on another server: a request that reached a
    // server which died before answering may have been applied, and whether to send it again is the
    // client's decision (the device's outbox, Stripe's redelivery), never the balancer's.
    '  retries 3',
    '  option redispatch',
    '  retry-on conn-failure',
    '  option http-server-close',
    '',
  ];
  for (const service of services) {
    if (!NAME.test(service.name)) throw new Error(`Bad service name: ${service.name}`);
    if (service.servers.length === 0) throw new Error(`${service.name} has no servers`);
    lines.push(
      `frontend ${service.name}`,
      `  bind ${service.bind.host}:${service.bind.port}`,
      ...(service.forwardFor ? ['  option forwardfor'] : []),
      `  default_backend ${service.name}_servers`,
      '',
      `backend ${service.name}_servers`,
      '  balance roundrobin',
      `  option httpchk GET ${service.healthPath}`,
      '  http-check expect status 200',
      // A dead server is out after two failed checks (≈1 s); a connection refused meanwhile is
      // redispatched above, so callers see no error from it.
      ...service.servers.map((server) => {
        if (!NAME.test(server.name)) throw new Error(`Bad server name: ${server.name}`);
        return `  server ${server.name} ${server.host}:${server.port} check inter ${timings.checkIntervalMs}ms fall 2 rise 2`;
      }),
      '',
    );
  }
  return lines.join('\n');
}
