import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_FEATURES = [
  'admin',
  'auth',
  'availability',
  'bookings',
  'cookie-consent',
  'landing',
  'matching',
  'privacy',
  'profiles',
  'privacy',
  'questionnaire',
];
const NO_SERVER_IMPORTS = ['@samtalsmatch/db', '@samtalsmatch/db/*', '**/apps/api/**'];
// Toasts go through lib/toast.ts, which loads the library and mounts its Toaster:
// a toast sent through the library directly is never shown.
const TOASTS_THROUGH_LIB = [
  { name: 'react-hot-toast', message: "Use `toast` from '@/lib/toast'." },
];

/** no-restricted-imports for some web files: never the server, plus `extra` groups. */
function webImportRule(files, extra) {
  return {
    files: [files],
    // Tests may compose a page from several parts.
    ignores: extra.length ? ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'] : [],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: TOASTS_THROUGH_LIB, patterns: [{ group: NO_SERVER_IMPORTS }, ...extra] },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  // Every pattern runs in linear time: one that backtracks on a long input holds the
  // event loop, and every other request with it (docs/rules/accounts.md#every-pattern-is-linear).
  {
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // The web app talks to the server only through its API client, never to the database;
  // and its arrows point one way: app → features → shared (components, lib, config).
  webImportRule('apps/web/**/*.{ts,tsx}', []),
  webImportRule('apps/web/src/{components,lib,config}/**/*.{ts,tsx}', [
    {
      group: ['@/features/*', '@/app/*'],
      message: 'Shared code imports no feature and no app code.',
    },
  ]),
  ...WEB_FEATURES.map((feature) =>
    webImportRule(`apps/web/src/features/${feature}/**/*.{ts,tsx}`, [
      {
        group: ['@/features/*', `!@/features/${feature}`, '@/app/*'],
        message:
          'A feature imports no other feature and no app code; share through lib/ or components/.',
      },
    ]),
  ),
  // The toast module itself, and tests that spy on the library or mount its Toaster.
  {
    files: ['apps/web/src/lib/toast.ts', 'apps/web/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: NO_SERVER_IMPORTS }] }] },
  },
);
