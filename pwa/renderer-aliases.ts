/**
 * The PWA is written against React's API and ships Preact (decision 159): in the build,
 * `preact/compat` answers every `react` and `react-dom` import, React Router's included. React's own
 * packages stay installed for their types, as React Router's peer dependency and for the one
 * static-markup component test (vitest resolves node_modules without these aliases); every e2e test
 * drives the shipped Preact build.
 */
export const RENDERER_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
