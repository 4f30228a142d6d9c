import { buildPwaIfStale } from '../../sync-server/src/cli/build-if-stale.ts';
import { REPO_ROOT } from '../../sync-server/src/cli/repo-root.ts';

/** Browser tests drive the built app (service worker included), so pwa/dist is brought up to date once per run. */
export default async function setup(): Promise<void> {
  await buildPwaIfStale(REPO_ROOT);
}
