// Lint for the whole tree (npm run lint). Formatting is Prettier's job (.prettierrc.json), so the
// style rules that would fight it are switched off by eslint-config-prettier at the end.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // A closure may read a binding that is assigned once, after the closure is made.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
          message: 'No .only left behind.',
        },
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='skip']",
          message: 'No .skip left behind.',
        },
      ],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
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
