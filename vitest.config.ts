import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Migrations are plain .sql files, imported as text (esbuild does the same with its text loader). */
const sqlAsText: Plugin = {
  name: 'sql-as-text',
  transform(code, id) {
    if (id.endsWith('.sql')) return { code: `export default ${JSON.stringify(code)};`, map: null };
  },
};

const postgresUrl = process.env.DATABASE_URL_TEST;
// Suites where the storefront and the API meet over expiries (guest sessions, tokens, codes,
// reservations): run again a year ahead, so a date pinned in a test fails on the day it is written.
const clockSuites = [
  'tests/support/shifted-clock.test.ts',
  'app/lib/session.server.test.ts',
  'app/lib/quick-purchase.server.test.ts',
  'app/routes/profile.test.ts',
  'app/routes/orders.test.ts',
  'app/routes/order-pages.test.tsx',
  'app/routes/orders.$purchaseId.receipt.test.tsx',
  'api/src/routes/auth.test.ts',
  'api/src/routes/checkout.test.ts',
  'api/src/routes/checkout-payment-page.test.ts',
  'api/src/routes/cart-reminders.test.ts',
  'api/src/security.test.ts',
];
const databaseSuites = ['api/src/routes/**/*.test.ts', 'api/src/db/**/*.test.ts', 'api/src/concurrency/**/*.test.ts'];
const pureSuites = ['contract/**/*.test.ts'];
// One file per core: vitest's default on two cores is one worker (the number of cores minus one), and
// every file owns its data (a database, temporary folders, ports 0, key prefixes), so two run side by side.
const workers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism());

export default defineConfig({
  plugins: [sqlAsText],
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  test: {
    env: {
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    },
    // One migrated PGlite database, copied by every test file that needs one (tests/support/test-db.ts).
    globalSetup: ['tests/support/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: workers,
    minWorkers: 1,
    // A worker process runs many files, one after another, with the modules it imported kept: a fresh
    // process per file imported the API and the storefront again each time, most of the run's CPU
    // (docs/decisions/049-one-process-per-worker.md). Every file owns its data (a database, folders,
    // ports 0) and starts from the worker's starting environment (tests/support/each-file.ts);
    // projects never share a worker.
    isolate: false,
    setupFiles: ['tests/support/each-file.ts'],
    // V8 coverage of the three programs' sources, taken in the same run (`--coverage`, as CI's
    // `npm run test:unit` does). The floor (docs/testing.md#coverage) may only go up.
    coverage: {
      provider: 'v8',
      include: ['api/src/**/*.ts', 'app/**/*.{ts,tsx}', 'contract/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'node_modules/.cache/filo-coverage',
      thresholds: { statements: 85, branches: 87 },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'pure',
          include: pureSuites,
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['app/**/*.test.{ts,tsx}', 'api/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'clock-ahead',
          include: clockSuites,
          setupFiles: ['tests/support/each-file.ts', 'tests/support/shifted-clock.ts'],
          env: { TEST_DB: 'pglite', TEST_CLOCK_SHIFT_DAYS: '366' },
        },
      },
      // The database suites again on real PostgreSQL, each file in a schema of its own.
      ...(postgresUrl
        ? [{ extends: true as const, test: { name: 'postgres', include: databaseSuites, env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
