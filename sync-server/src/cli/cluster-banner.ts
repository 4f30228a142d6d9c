import type { ClusterStack } from '../cluster/cluster-stack.ts';
import { browserUrl, demoLines, describeMail } from './start-banner.ts';

const pidOf = (pid: number | null) => (pid === null ? 'not running' : `pid ${pid}`);

/** What `npm run start:cluster` prints once the balancer serves every instance. */
export function clusterBanner(stack: ClusterStack, dataDirKept: boolean): string {
  const { config, cluster, instances, balancer } = stack;
  const open = browserUrl(config.host, config.port);
  const couchOrigin = new URL(stack.couchUrl).origin;
  const payments = stack.provider
    ? `one local test provider for all instances at ${stack.provider.url}, webhooks to ${open}/api/stripe/webhook (test card 4242 4242 4242 4242)`
    : `Stripe, ${config.stripe.mode} mode`;
  const [victim, survivor] = [instances[instances.length - 1], instances[0]];
  const lines = [
    '',
    `  Mastr is running on a CouchDB cluster: open ${open}`,
    '',
    `  Balancer   HAProxy (${pidOf(balancer.pid)}): ${open} → ${instances.map((i) => i.name).join(', ')} (checks /api/health);`,
    `             ${couchOrigin} → ${cluster.nodes.map((n) => n.name).join(', ')} (checks /_up), the instances' COUCHDB_URL`,
    `  Instances  ${instances.length} stateless Hapi processes, shared secrets, each on its own port:`,
    ...instances.map((i) => `               ${i.name}  ${pidOf(i.pid()).padEnd(10)}  ${i.origin}`),
    `  CouchDB    Apache CouchDB 3-node cluster (q=2, n=3), admin "${cluster.admin.user}", password in ${config.dataDir}/secrets.json:`,
    ...cluster.nodes.map(
      (n) => `               ${n.name}  ${pidOf(n.pid()).padEnd(10)}  http://127.0.0.1:${n.port}  ${n.runDir}`,
    ),
    `  Data dir   ${config.dataDir} (${dataDirKept ? 'the cluster started again with its data' : 'a new cluster'}; kept when stopped, delete it to start afresh)`,
    `  Mail       ${describeMail(config)}`,
    `  Payments   ${payments}`,
    ...demoLines(stack.seeded),
    '',
    '  Try failover:',
    `    kill -9 ${victim.pid() ?? '<pid>'}    # ${victim.name}: requests go on through ${survivor.name}; HAProxy takes it out within ~1 s`,
    `    kill -9 ${cluster.nodes[1].pid() ?? '<pid>'}    # CouchDB ${cluster.nodes[1].name}: the other two serve (n=3), the balancer skips it`,
    '  A killed process is not restarted: Ctrl-C and start again (the data is kept).',
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
  return lines.join('\n');
}
