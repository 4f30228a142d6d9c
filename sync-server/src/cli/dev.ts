import path from 'node:path';
import { loadConfig } from '../config.ts';
import { startBackend } from './backend.ts';
import { runUntilSignalled } from './process-lifecycle.ts';
import { REPO_ROOT } from './repo-root.ts';
import { startBanner } from './start-banner.ts';

const VITE_PORT = 5173;

/**
 * `npm run dev`: the same backend as `npm start`, plus Vite's dev server with hot reload, which
 * proxies /api and /sync to Hapi (vite.config.ts). The service worker is off in development.
 */
runUntilSignalled(async () => {
  const config = loadConfig(process.env, REPO_ROOT);
  const backend = await startBackend(config);
  try {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.join(REPO_ROOT, 'vite.config.ts'),
      server: { port: VITE_PORT, strictPort: true },
    });
    await vite.listen();
    console.log(startBanner(config, backend, `http://localhost:${VITE_PORT}`));
    return async () => {
      await vite.close();
      await backend.stop();
    };
  } catch (err) {
    await backend.stop();
    throw err;
  }
});
