// ESLint: typescript-eslint, React hooks, and the layout's import boundaries (README "Layout"):
// the PWA reaches server code only through contract/; sql/ stands on postgres alone; contract/ is pure
// (browser-safe, no Node); only api/app.ts mounts route modules.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'api/test/**', 'e2e/**'];
const SOURCE = '{ts,tsx,js,mjs}';

/** `import-x/no-restricted-paths` zones; targets and sources resolve from the repository root. */
const zones = [
  {
    target: './pwa',
    from: ['./api', './sql'],
    message: 'The PWA imports server code only through contract/.',
  },
  {
    target: `./sql/**/!(*.test).${SOURCE}`,
    from: ['./api', './pwa', './contract', './scripts', './bench', './e2e'],
    message: 'sql/ imports only postgres and its own helpers.',
  },
  {
    target: './pwa/data',
    from: ['./pwa/admin', './pwa/components', './pwa/routes'],
    message: 'The data layer imports no screen: screens react to its queries and mutations.',
  },
  {
    target: './contract',
    from: ['./api', './pwa', './sql'],
    message: 'contract/ is shared by browser and server: it imports nothing from either side.',
  },
  {
    // Route modules are mounted by api/app.ts; what others need from them belongs in the contract or a library.
    target: [
      `./{pwa,sql,contract,scripts,bench}/**/!(*.test).${SOURCE}`,
      `./api/{*/**/!(*.test),!(app|*.test)}.${SOURCE}`,
    ],
    from: './**/routes.ts',
    message: 'Only api/app.ts imports a routes.ts module.',
  },
];

export default defineConfig(
  globalIgnores([
    'dist/',
    'build/',
    'coverage/',
    '.data/',
    'data/',
    'bench/out/',
    'scratch/',
    'public/',
    'pwa/routeTree.gen.ts',
  ]),
  // A disable comment that no longer suppresses anything fails the lint.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // The two rules of hooks; the plugin's React Compiler rules are left out (the app is not compiled by it).
    files: ['pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs}', 'api/**', 'sql/**', 'scripts/**', 'bench/**', 'e2e/**', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      // Which files the cycle check reads (the default is .js only).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // sql/ stands on the driver alone (its tests may use the test harness).
    files: ['sql/**'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!postgres$|\\.{1,2}/)', message: 'sql/ imports only postgres and sql/.' }] },
      ],
    },
  },
  {
    // contract/ runs in the browser too (its tests run in Node).
    files: ['contract/**'],
    ignores: TESTS,
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    // Tests read JSON answers loosely (the schemas they check are typed).
    files: TESTS,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    rules: {
      // `_`-prefixed names are deliberately unused, as tsc's noUnusedLocals reads them (e.g. properties left out
      // of a rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
