import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { pageHintsPlugin } from './pwa/page-hints-plugin.ts';
import { RENDERER_ALIASES } from './pwa/renderer-aliases.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
/** The one manifest of the app lives at the top of the repo; the plugin emits and links it. */
const manifest = JSON.parse(readFileSync(`${here}manifest.webmanifest`, 'utf8')) as Partial<ManifestOptions>;
const apiPort = process.env.PORT ?? '3000';

// A folder's index.ts only re-exports what other folders use (design/architecture.md). Rolldown
// places a module by the static import graph, so an index that `/`'s start-up reaches (session/,
// shell/, data/, account-editing/) or a landing page's (payments/ from the gym profile) would bring
// every module it lists along; told the index has no side effects, Rolldown links each importer to
// the modules it uses (decision 192). Only the faces added with 192: marking the older ones too
// moves chunks on `/` (measured there), and management/index.ts takes a stylesheet.
const SIDE_EFFECT_FREE_FACES = ['session', 'shell', 'payments', 'account-editing', 'data'].map((folder) => {
  const file = `${here}pwa/src/${folder}/index.ts`;
  const code = readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '');
  // Anything but re-exports (a stylesheet, a statement) would be dropped unseen.
  if (!/^(\s*export (type )?\{[^}]*\} from '\.\/[\w./-]+';)*\s*$/.test(code)) {
    throw new Error(`vite.config.ts: pwa/src/${folder}/index.ts may only re-export (export { … } from './…').`);
  }
  return { test: new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), sideEffects: false };
});

export default defineConfig({
  root: `${here}pwa`,
  publicDir: `${here}pwa/public`,
  resolve: { alias: [{ find: '@mastr/rules', replacement: `${here}rules` }, ...RENDERER_ALIASES] },
  build: {
    outDir: `${here}pwa/dist`,
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      treeshake: { moduleSideEffects: SIDE_EFFECT_FREE_FACES },
      onwarn(warning, warn) {
        // React Router feature-tests React 19's `use` and `useOptimistic`, which preact/compat does not
        // export (decision 159): the import is read as undefined on purpose, not a mistake to hear of.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && /react-router/.test(warning.id ?? warning.message)) return;
        warn(warning);
      },
    },
  },
  plugins: [
    // JSX only: React Fast Refresh patches React's renderer, and the PWA ships Preact (decision 159),
    // so in development an edited module reloads the page instead.
    react({ refreshExclude: /./ }),
    pageHintsPlugin(`${here}pwa/src`),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['icons/*.png', 'favicon.svg'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        navigateFallback: 'index.html',
        // Never answer API calls or replication traffic with the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/sync\//, /^\/db\//],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Gyms and coaches seen before open offline (issue 4): the public directory reads, network
            // first so they are fresh whenever the server answers quickly. Public data only; the
            // logout wipe, which keeps just the precache, may drop it.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/(gyms|coaches)(\/[^/]+)?$/.test(url.pathname),
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'mastr-directory',
              networkTimeoutSeconds: 3,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
            },
          },
          {
            // Profile images live at content-addressed URLs that never change (decisions.md 30), so a
            // picture seen once shows offline too (dashboard pods, account pages, cards).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/images/'),
            method: 'GET',
            handler: 'CacheFirst',
            options: {
              cacheName: 'mastr-images',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, maxAgeSeconds: 365 * 24 * 60 * 60 },
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/sync': { target: `http://127.0.0.1:${apiPort}`, ws: false } },
  },
});
