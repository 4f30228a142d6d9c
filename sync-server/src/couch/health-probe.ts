import { connectCouch, type Couch } from './couch.ts';

/**
 * Whether CouchDB answers, for GET /api/health, in a lane of its own: its own connection pool (a
 * flood's calls queued in the main client's sockets are not ahead of it), a call as cheap as
 * CouchDB has (`_all_dbs?limit=1`, not the list of every tenant database), and one probe at a
 * time: health is not behind the client budgets (load balancers poll it), so any number of health
 * calls arriving together share the one probe in progress and cost CouchDB one call.
 */
export function createHealthProbe(couch: Couch, timeoutMs: number): () => Promise<boolean> {
  const own = connectCouch(couch.config.url, timeoutMs);
  let running: Promise<boolean> | null = null;
  return () => {
    running ??= own
      .request({ path: '_all_dbs', qs: { limit: 1 } })
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
}
