import { loadConfig } from '../config.ts';
import { startBackend } from './backend.ts';
import { buildPwaIfStale } from './build-if-stale.ts';
import { runUntilSignalled } from './process-lifecycle.ts';
import { REPO_ROOT } from './repo-root.ts';
import { browserUrl, startBanner } from './start-banner.ts';

/** `npm start`: build the PWA if needed, then serve it and the API from one Hapi server. */
runUntilSignalled(async () => {
  const config = loadConfig(process.env, REPO_ROOT);
  await buildPwaIfStale(REPO_ROOT);
  const backend = await startBackend(config);
  console.log(startBanner(config, backend, browserUrl(config.host, backend.server.info.port as number)));
  return backend.stop;
});
