import { loadConfig } from '../config.ts';
import { startBackend, type SharedPayments } from './backend.ts';
import { runUntilSignalled } from './process-lifecycle.ts';
import { REPO_ROOT } from './repo-root.ts';

/**
 * One stateless Hapi instance of `npm run start:cluster`, in a process of its own (started by
 * `cluster/instance-process.ts`). Configured only by environment, as any instance joining a
 * deployment is: COUCHDB_URL (the balancer's CouchDB frontend), the shared secrets, DATA_DIR (the
 * shared mail outbox) and, without Stripe keys, the one local test provider all instances share
 * (STRIPE_TEST_PROVIDER_URL / _SECRET_KEY / _WEBHOOK_SECRET, the provider CLI's names). It creates
 * the databases and indexes it needs if missing, as every instance does, but adds no demo data: the
 * parent did that once. It tells the parent over IPC when its health answers 200, and stops when the
 * parent goes (IPC closed), so a killed `start:cluster` leaves no instance behind.
 */
function sharedPaymentsFromEnv(env: NodeJS.ProcessEnv): SharedPayments | undefined {
  const url = env.STRIPE_TEST_PROVIDER_URL;
  const secretKey = env.STRIPE_TEST_PROVIDER_SECRET_KEY;
  const webhookSecret = env.STRIPE_TEST_PROVIDER_WEBHOOK_SECRET;
  return url && secretKey && webhookSecret ? { url, secretKey, webhookSecret } : undefined;
}

runUntilSignalled(async () => {
  const config = loadConfig(process.env, REPO_ROOT);
  const sharedPayments = config.stripe.mode === 'local-test' ? sharedPaymentsFromEnv(process.env) : undefined;
  if (config.stripe.mode === 'local-test' && !sharedPayments)
    throw new Error('A cluster instance without Stripe keys needs the shared provider (STRIPE_TEST_PROVIDER_URL, …).');
  const backend = await startBackend(config, { seed: false, sharedPayments });
  process.once('disconnect', () => void backend.stop().finally(() => process.exit(0)));
  process.send?.({ ready: true });
  return backend.stop;
});
