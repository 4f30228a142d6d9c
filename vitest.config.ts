import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const rulesFolder = fileURLToPath(new URL('./rules', import.meta.url));

/**
 * One runner, four projects: `npm test` runs the first three, which need nothing but Node and
 * Chromium; `npm run test:cluster` the fourth.
 * - unit: pure rules and components (fast, no I/O);
 * - integration: the Hapi server against the real embedded CouchDB-compatible server on loopback;
 * - e2e: the built PWA driven in Debian's headless Chromium (playwright-core);
 * - cluster: faults and flows on a three-node Apache CouchDB cluster behind HAProxy, with several
 *   Hapi instances (`*.cluster.test.ts`; needs the release in `../shared/couchdb/`, decision 72).
 */
export default defineConfig({
  // The shared rules are imported as `@mastr/rules/...` by the PWA, the server, tests and benches.
  resolve: { alias: { '@mastr/rules': rulesFolder } },
  plugins: [
    {
      // vite-plugin-pwa makes this module at build time. A test that reaches shell/index.ts (which
      // lists the update prompt, app.test.ts does) gets a registration that never happens.
      name: 'pwa-register-stub',
      resolveId: (id) => (id === 'virtual:pwa-register/react' ? '\0pwa-register-stub' : undefined),
      load: (id) =>
        id === '\0pwa-register-stub'
          ? 'export const useRegisterSW = () => ({ needRefresh: [false, () => {}], offlineReady: [false, () => {}], updateServiceWorker: async () => {} });'
          : undefined,
    },
  ],
  test: {
    // argon2id at a test cost: the suites hash thousands of passwords (services/auth/passwords.ts).
    env: { MASTR_PASSWORD_HASH_COST: 'test' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'rules/**/*.test.ts',
            'pwa/src/**/*.test.{ts,tsx}',
            'sync-server/src/**/*.test.ts',
            'dev-tools/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts', '**/*.cluster.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['sync-server/src/**/*.integration.test.ts', 'pwa/src/**/*.integration.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'cluster',
          include: ['sync-server/src/**/*.cluster.test.ts', 'pwa/src/**/*.cluster.test.{ts,tsx}'],
          environment: 'node',
          // Unpacks the release from ../shared/couchdb (or MASTR_COUCHDB_DIR) unless one is named, and
          // sets the cluster topology for every test stack; fails with one message when there is none.
          globalSetup: ['sync-server/src/test-support/cluster-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file runs its own cluster (three nodes, ~260 MB): one at a time on a 2-core box.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
