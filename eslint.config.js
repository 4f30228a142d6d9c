// Lint for the whole tree (npm run lint). Formatting is Prettier's job (.prettierrc.json), so the
// style rules that would fight it are switched off by eslint-config-prettier at the end.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// PWA boundaries (issue 25, decision 113). `ui/` and `lib/` are shared by every feature and import
// none; a folder with an `index.ts` says what it exports there, and other folders import it through
// that file (or take its stylesheets) only.
const PWA = './pwa/src';
const pwaEntries = readdirSync(PWA, { withFileTypes: true });
const pwaFolders = pwaEntries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const pwaTopFiles = pwaEntries.filter((entry) => entry.isFile()).map((entry) => `${PWA}/${entry.name}`);
const SHARED_BASE = ['ui', 'lib', 'api', 'styles'];

// A page loaded with `lazy(() => import('./folder/page.tsx'))` keeps its own chunk only when the
// import names the page's file (decision 141), so a file some module loads with a dynamic import()
// is an entry of its folder beside index.ts (decision 187). Read from the sources, as the folders are.
const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(`${dir}/${entry.name}`)
      : /\.tsx?$/.test(entry.name)
        ? [`${dir}/${entry.name}`]
        : [],
  );
const lazyLoaded = sourceFiles(PWA).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map(([, spec]) =>
    path.posix.join(path.posix.dirname(file), spec),
  ),
);
// Once each: a file may be loaded lazily from more than one place (data/'s me-profile-cache.ts).
const lazyEntriesOf = (folder) => [
  ...new Set(
    lazyLoaded
      .filter((file) => file.startsWith(`pwa/src/${folder}/`))
      .map((file) => `./${file.slice(`pwa/src/${folder}/`.length)}`),
  ),
];
const pwaBoundaries = [
  {
    target: [`${PWA}/ui`, `${PWA}/lib`],
    from: PWA,
    except: SHARED_BASE.map((folder) => `./${folder}`),
    message: 'ui/ and lib/ are shared by every feature: they import no feature folder.',
  },
  ...pwaFolders
    .filter((folder) => existsSync(`${PWA}/${folder}/index.ts`))
    .map((folder) => ({
      target: [...pwaFolders.filter((other) => other !== folder).map((other) => `${PWA}/${other}`), ...pwaTopFiles],
      from: `${PWA}/${folder}`,
      except: [
        './index.ts',
        ...lazyEntriesOf(folder),
        ...readdirSync(`${PWA}/${folder}`)
          .filter((file) => file.endsWith('.css'))
          .map((file) => `./${file}`),
      ],
      message: `Import ${folder}/ through its index.ts, which says what it exports.`,
    })),
];

// Server domains (issue 25, decisions 139, 181–183). Each `services/<domain>/index.ts` says what the
// domain exports, and everything outside the domain imports it through that file: the rest of the
// server (plugins, sync, cli, seed, test support), the PWA's sync test kit, benches, e2e, and the
// other domains. A test inside a domain may import its own domain's files.
const SERVICES = './sync-server/src/services';
const serverOutside = [
  ...readdirSync('./sync-server/src', { withFileTypes: true })
    .filter((entry) => entry.name !== 'services')
    .map((entry) => `./sync-server/src/${entry.name}`),
  './pwa',
  './bench',
  './e2e',
  './dev-tools',
];
const domains = readdirSync(SERVICES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverBoundaries = domains.flatMap((domain) => [
  {
    target: serverOutside,
    from: `${SERVICES}/${domain}`,
    except: ['./index.ts'],
    message: `Import services/${domain}/ through its index.ts, which says what the domain exports.`,
  },
  {
    target: domains.filter((other) => other !== domain).map((other) => `${SERVICES}/${other}`),
    from: `${SERVICES}/${domain}`,
    except: ['./index.ts'],
    message: `Another domain imports services/${domain}/ through its index.ts only (design/architecture.md "Server layers").`,
  },
]);

// The domains' layers, lowest first (design/architecture.md "Server layers", decision 181): a domain
// imports only domains of a lower layer, never one of its own or a higher one, so the indexes close
// no module cycle. A new domain is added to a layer here.
const SERVER_LAYERS = [
  ['mail', 'refunds'],
  ['auth'],
  ['accounts'],
  ['passes', 'coaching'],
  ['directory'],
  ['payments', 'memberships'],
  ['account-lifecycle', 'me-views'],
];
const unlayered = domains.filter((domain) => !SERVER_LAYERS.flat().includes(domain));
if (unlayered.length > 0) throw new Error(`eslint.config.js: put services/${unlayered[0]}/ in a SERVER_LAYERS layer.`);
const serverLayers = SERVER_LAYERS.flatMap((layer, index) => {
  const below = SERVER_LAYERS.slice(0, index).flat();
  const notBelow = SERVER_LAYERS.slice(index).flat();
  return layer.map((domain) => ({
    target: `${SERVICES}/${domain}`,
    from: notBelow.filter((other) => other !== domain).map((other) => `${SERVICES}/${other}`),
    message:
      `services/${domain}/ imports only the domains below its layer (${below.join(', ') || 'none'}): ` +
      'move what both need lower, or what calls both higher (design/architecture.md "Server layers").',
  }));
});

// `couch/` is the layer below the domains (issue 25, decision 174): the client, the databases and
// the typed stores every domain reads through. It imports no domain, so any domain may import it
// without a cycle.
const couchLayer = {
  target: './sync-server/src/couch',
  from: SERVICES,
  message: 'couch/ is the layer below the domains: it imports no services/ folder.',
};

// The environment and the logger sit below the domains too (design/architecture.md "Server layers").
const baseLayer = {
  target: ['./sync-server/src/config.ts', './sync-server/src/logging'],
  from: SERVICES,
  message: 'config.ts and logging/ are below the domains: they import no services/ folder.',
};

const NO_FOCUSED_TESTS = [
  {
    selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
    message: 'No .only left behind.',
  },
  {
    selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='skip']",
    message: 'No .skip left behind.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'pwa/dist/**', 'data/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // An import cycle makes module order matter and hides a missing layer.
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...pwaBoundaries, ...serverBoundaries, ...serverLayers, couchLayer, baseLayer] },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // A closure may read a binding that is assigned once, after the closure is made.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-restricted-syntax': ['error', ...NO_FOCUSED_TESTS],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The PWA ships Preact (decision 159): what React 19 does and preact/compat does not is refused here.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['useId'],
              message: "Preact's useId repeats ids across lazy parts: use useUniqueId from lib/.",
            },
            {
              name: 'react',
              importNames: ['use', 'useActionState', 'useOptimistic'],
              message: 'Not in preact/compat, which the PWA ships (decision 159).',
            },
            {
              name: 'react-dom',
              importNames: ['useFormStatus', 'preload', 'preinit'],
              message: 'Not in preact/compat, which the PWA ships (decision 159).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...NO_FOCUSED_TESTS,
        {
          selector: "JSXOpeningElement[name.name='title']",
          message: 'Preact does not hoist a title element into the head: use <PageTitle> from ui/ (decision 159).',
        },
        {
          selector: "JSXOpeningElement[name.name=/^[a-z]/] > JSXAttribute[name.name='autoFocus']",
          message:
            'Browsers honour autofocus once per page load and Preact does not focus on mount: focus in a layout effect (decision 159).',
        },
      ],
    },
  },
  {
    // The server logs through its logger (hapi-pino), never the console.
    files: ['sync-server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'sync-server/src/cli/**', 'sync-server/src/test-support/**'],
    rules: { 'no-console': 'error' },
  },
  prettier,
);
