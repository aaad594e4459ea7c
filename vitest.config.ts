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
const databaseSuites = ['api/src/routes/**/*.test.ts', 'api/src/db/**/*.test.ts'];

export default defineConfig({
  plugins: [sqlAsText],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    env: {
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['app/**/*.test.{ts,tsx}', 'api/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      // The database suites again on real PostgreSQL, each file in a schema of its own.
      ...(postgresUrl
        ? [{ extends: true as const, test: { name: 'postgres', include: databaseSuites, env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
