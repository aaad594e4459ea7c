import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Both servers run from the production build on free ports with a fresh data folder. The config is
 * loaded again in every worker, so the choices are made once and handed down through the environment.
 */
if (!process.env.E2E_WEB_PORT) {
  const ports = execFileSync(process.execPath, [
    '-e',
    `const net = require('node:net');
     const free = () => new Promise((resolve) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); }); });
     Promise.all([free(), free(), free()]).then((p) => process.stdout.write(p.join(' ')));`,
  ])
    .toString()
    .split(' ');
  process.env.E2E_WEB_PORT = ports[0];
  process.env.E2E_API_PORT = ports[1];
  process.env.E2E_EDGE_PORT = ports[2];
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
}
const webPort = process.env.E2E_WEB_PORT;
// The same storefront's edge build on workerd (edge/serve.mjs), next to the Node one.
const edgePort = process.env.E2E_EDGE_PORT || String(Number(webPort) + 2);
const apiPort = process.env.E2E_API_PORT!;
const apiUrl = `http://127.0.0.1:${apiPort}`;

// Tests sign shoppers in by signing a session cookie with the same secret.
process.env.E2E_SESSION_SECRET = 'e2e-session-secret-that-is-long-enough-0123456789';
const serverEnv = {
  NODE_ENV: 'production',
  DATA_DIR: process.env.E2E_DATA_DIR!,
  PUBLIC_API_URL: apiUrl,
  SESSION_SECRET: process.env.E2E_SESSION_SECRET,
  JWT_SECRET: 'e2e-jwt-secret-that-is-long-enough-0123456789abcd',
  // Every test signs in from this one machine; per-email limits and lockouts still apply.
  AUTH_IP_LIMIT_PER_MINUTE: '100000',
  CODE_IP_LIMIT_PER_HOUR: '100000',
  DEV_MAILBOX: '1',
  // The shop's clock can be moved forward (tests/e2e/drops.spec.ts), and due jobs are looked for often.
  DEV_CLOCK: '1',
  JOB_POLL_MS: '500',
};

/** Specs that run after every other project (see `projects`). */
const LATE_SPECS = ['drops.spec.ts', 'browse-pages.spec.ts'];
const LATE = ['visual.spec.ts', ...LATE_SPECS];

const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** Debian's `chromium`: the browser shoppers use, for the screenshots (their baselines come from it). */
const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumArgs },
};
/**
 * Debian's `chromium-headless-shell` for every other test: the same engine and version without the
 * desktop browser around it, which costs about a third less CPU on two cores
 * (scripts/ensure-chromium.mjs installs it; without it, `chromium` does everything).
 */
const headlessShell = process.env.CHROMIUM_HEADLESS_PATH || '/usr/bin/chromium-headless-shell';
const chromium = existsSync(headlessShell)
  ? { ...devices['Desktop Chrome'], launchOptions: { executablePath: headlessShell, args: chromiumArgs } }
  : browser;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  globalTeardown: './tests/support/e2e-teardown.ts',
  // A CI machine of this kind has been seen running the suite up to four times slower than a quiet
  // one (two cores shared by three servers and two browsers): the limits there leave room for that.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: {
    timeout: process.env.CI ? 15_000 : 10_000,
    // Anti-aliasing may differ in a few pixels; an overlap, a moved or a resized block does not pass.
    toHaveScreenshot: { threshold: 0.2, maxDiffPixels: 300 },
  },
  snapshotPathTemplate: '{testDir}/__screenshots__/{platform}/{arg}{ext}',
  use: {
    baseURL: `http://127.0.0.1:${webPort}`,
    trace: 'retain-on-failure',
  },
  projects: [
    // Screenshots first, while the catalogue is as seeded (tests/e2e/visual.spec.ts).
    { name: 'visual', testMatch: 'visual.spec.ts', use: { ...browser } },
    { name: 'javascript', testIgnore: LATE, dependencies: ['visual'], use: { ...chromium, javaScriptEnabled: true } },
    { name: 'no-javascript', testIgnore: LATE, dependencies: ['visual'], use: { ...chromium, javaScriptEnabled: false } },
    // The tests tagged @edge (tests/support/e2e-edge.ts) once more, against the edge build.
    ...[true, false].map((javaScriptEnabled) => ({
      name: javaScriptEnabled ? 'edge-javascript' : 'edge-no-javascript',
      grep: /@edge/,
      testIgnore: LATE,
      dependencies: ['visual'],
      use: { ...chromium, javaScriptEnabled, baseURL: `http://127.0.0.1:${edgePort}` },
    })),
    // Drops move the shop's clock forward (DEV_CLOCK), and paging adds products no other test expects:
    // last, after everything else, one after the other.
    { name: 'drops-javascript', testMatch: LATE_SPECS, dependencies: ['javascript', 'no-javascript', 'edge-javascript', 'edge-no-javascript'], use: { ...chromium, javaScriptEnabled: true } },
    { name: 'drops-no-javascript', testMatch: LATE_SPECS, dependencies: ['drops-javascript'], use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: [
    {
      // First start migrates, seeds and draws the catalogue images and the card frames.
      command: 'node --enable-source-maps build/api/server.mjs',
      url: `${apiUrl}/healthz`,
      env: { ...serverEnv, API_PORT: apiPort, STOREFRONT_URL: `http://127.0.0.1:${webPort}` },
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node server.mjs build/index.js',
      url: `http://127.0.0.1:${webPort}/healthz`,
      env: { ...serverEnv, PORT: webPort!, API_URL: apiUrl },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node edge/serve.mjs',
      url: `http://127.0.0.1:${edgePort}/healthz`,
      env: { ...serverEnv, PORT: edgePort, API_URL: apiUrl },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
