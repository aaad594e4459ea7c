// One lint setup for the whole repository (storefront, API, contract, tests, scripts, edge, config files).
// Syntax-only rules: no type-aware rule, so a whole run takes seconds; `tsc --noEmit` does the type checks.
// Layout is Prettier's (.prettierrc.json); the only layout rule here is the import order, fixed by `npm run format`.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      'build/',
      'public/build/',
      '.cache/',
      'data/',
      'data-cluster/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'bench/minimal-remix/build/',
      'bench/minimal-remix/public/build/',
      'bench/minimal-remix/.cache/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': [
        'error',
        {
          // Side effects, then Node's own modules, then packages, then the contract, the storefront (~/) and relative paths.
          groups: [['^\\u0000'], ['^node:'], ['^@?\\w'], ['^@contract/'], ['^~/'], ['^\\.']],
        },
      ],
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['**/*.tsx', '**/*.jsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A box that scrolls (a wide table, the card strip) takes focus so a keyboard can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region', 'group'], allowExpressionValues: true }],
    },
  },
  {
    // Size limits (ADR 058): a file over 400 lines or a function over 100 is cut by operation. Blank lines and
    // comments do not count, so a comment that says why never pushes a file over.
    files: [
      'api/**/*.{ts,tsx,js,mjs}',
      'app/**/*.{ts,tsx,js,mjs}',
      'contract/**/*.{ts,tsx,js,mjs}',
      'scripts/**/*.{ts,js,mjs}',
      'edge/**/*.{ts,js,mjs}',
      'tests/support/**/*.{ts,js,mjs}',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    // A test file's describe block holds its cases: it may run longer than one function should (ADR 058).
    files: ['**/*.test.{ts,tsx,mjs}', 'tests/e2e/*.spec.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // Table types, one interface per table: long by nature, with no logic to cut.
    files: ['api/src/db/schema.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    // Playwright reads the fixtures a test asks for from its first parameter, so a test that needs none writes `({}, info)`.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'bench/minimal-remix/app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
