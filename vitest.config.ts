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
  'api/src/security.test.ts',
];
const databaseSuites = ['api/src/routes/**/*.test.ts', 'api/src/db/**/*.test.ts', 'api/src/concurrency/**/*.test.ts'];

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
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['contract/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'api/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'clock-ahead',
          include: clockSuites,
          setupFiles: ['tests/support/shifted-clock.ts'],
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
