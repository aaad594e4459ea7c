import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { defineConfig, devices } from '@playwright/test';

import { seedDataFolder } from './scripts/lib/prepared-data.mjs';
import { type ShopName, SHOPS } from './tests/support/e2e-shops';

/**
 * Every server runs from the production build on a free port with a data folder of its own. The
 * config is loaded again in every worker, so the choices are made once and handed down through the
 * environment.
 *
 * Tests that change what every other test sees own a shop (an API and a storefront on a data folder
 * of their own): the screenshots need the catalogue as seeded, the drops move the shop's clock
 * forward and paging adds 30 products. So no project waits for another, and both workers stay busy.
 */
if (!process.env.E2E_WEB_PORT) {
  const ports = execFileSync(process.execPath, [
    '-e',
    `const net = require('node:net');
     const free = () => new Promise((resolve) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); }); });
     Promise.all(Array.from({ length: ${3 + 2 * (SHOPS.length - 1)} }, free)).then((p) => process.stdout.write(p.join(' ')));`,
  ])
    .toString()
    .split(' ');
  const run = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  process.env.E2E_RUN_DIR = run;
  process.env.E2E_WEB_PORT = ports[0];
  process.env.E2E_API_PORT = ports[1];
  process.env.E2E_EDGE_PORT = ports[2];
  process.env.E2E_DATA_DIR = join(run, 'main');
  const shops: Record<string, { web: string; api: string; dataDir: string }> = {};
  SHOPS.forEach((name, i) => {
    const [web, api] = i === 0 ? [ports[0], ports[1]] : [ports[1 + 2 * i], ports[2 + 2 * i]];
    shops[name] = { web, api, dataDir: join(run, name) };
  });
  process.env.E2E_SHOPS = JSON.stringify(shops);
  // The drawn images and card frames and the seeded database, made once (or taken from the cache)
  // and copied into each shop's folder, instead of every first start drawing them again.
  // (`--list` starts no server.)
  for (const { dataDir } of process.argv.includes('--list') ? [] : Object.values(shops)) {
    mkdirSync(dataDir, { recursive: true });
    const done = seedDataFolder(dataDir);
    if (dataDir.endsWith('main')) console.log(`e2e data folders: ${done}`);
  }
}
const shops = JSON.parse(process.env.E2E_SHOPS!) as Record<ShopName, { web: string; api: string; dataDir: string }>;
const webPort = process.env.E2E_WEB_PORT;
// The same storefront's edge build on workerd (edge/serve.mjs), next to the Node one.
const edgePort = process.env.E2E_EDGE_PORT!;
const apiPort = process.env.E2E_API_PORT!;
const apiUrl = `http://127.0.0.1:${apiPort}`;

// Tests sign shoppers in by signing a session cookie with the same secret.
process.env.E2E_SESSION_SECRET = 'e2e-session-secret-that-is-long-enough-0123456789';
// ...and make a sign-in's access token run out by signing an expired one (tests/e2e/stale-sign-in.spec.ts).
process.env.E2E_JWT_SECRET = 'e2e-jwt-secret-that-is-long-enough-0123456789abcd';
const serverEnv = {
  NODE_ENV: 'production',
  SESSION_SECRET: process.env.E2E_SESSION_SECRET,
  JWT_SECRET: process.env.E2E_JWT_SECRET,
  // Every test signs in from this one machine; per-email limits and lockouts still apply.
  AUTH_IP_LIMIT_PER_MINUTE: '100000',
  CODE_IP_LIMIT_PER_HOUR: '100000',
  DEV_MAILBOX: '1',
  // The shop's clock can be moved forward (tests/e2e/drops.spec.ts), and due jobs are looked for often.
  DEV_CLOCK: '1',
  JOB_POLL_MS: '500',
  // The storefronts send the funnel's product views every second, not every 10 s (reminders.spec.ts waits for them).
  FUNNEL_FLUSH_MS: '1000',
};

/** Specs with shops of their own (see `projects`). */
const LATE_SPECS = ['drops.spec.ts', 'browse-pages.spec.ts', 'navigation.spec.ts'];
/** Moves the shop's clock too, so it runs on the late shops once the drops, which wait on theirs, are done. */
const AFTER_DROPS = ['home-and-contact.spec.ts'];
const OWN_SHOP = ['visual.spec.ts', ...LATE_SPECS, ...AFTER_DROPS];

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Debian's `chromium`: the desktop browser, used only where the headless shell is missing. */
const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumArgs },
};
/**
 * Debian's `chromium-headless-shell` for every test, the screenshots included (ADR 063): the same engine
 * and version without the desktop browser around it, which costs about a third less CPU on two cores
 * (scripts/ensure-chromium.mjs installs it; without it, `chromium` does everything).
 */
const headlessShell = process.env.CHROMIUM_HEADLESS_PATH || '/usr/bin/chromium-headless-shell';
const shell = existsSync(headlessShell)
  ? { ...devices['Desktop Chrome'], launchOptions: { executablePath: headlessShell, args: chromiumArgs } }
  : browser;
/**
 * With motion reduced, as a shopper may ask: the home page's dot grid and the cards' frames otherwise
 * redraw 30 times a second in every page left open, two thirds of the browser's CPU in a run. The specs
 * about motion itself (catalogue, cards, home) ask for it back with `test.use`.
 */
const chromium = { ...shell, reducedMotion: 'reduce' as const };

/** What the Node and the edge storefront print once they listen (server.mjs, edge/serve.mjs). */
const STOREFRONT_LISTENING = /^\[storefront\] http:/m;

const webOf = (name: ShopName) => `http://127.0.0.1:${shops[name].web}`;

export default defineConfig<{ shop: ShopName }>({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two workers, one per core (Playwright's default is half the cores: one here). Three were tried
  // once, on a machine busy with vitest beside them, and met time limits: to be measured on a quiet
  // machine (ADR 057). PLAYWRIGHT_WORKERS sets another number.
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  globalTeardown: './tests/support/e2e-teardown.ts',
  // A machine of this kind has been seen running the suite up to four times slower than a quiet one
  // (two cores shared by the servers and the browsers): the limit leaves room for that, the same
  // whether or not CI is set.
  timeout: 60_000,
  expect: {
    timeout: process.env.CI ? 15_000 : 10_000,
    // Anti-aliasing may differ in a few pixels; an overlap, a moved or a resized block does not pass.
    toHaveScreenshot: { threshold: 0.2, maxDiffPixels: 300 },
  },
  snapshotPathTemplate: '{testDir}/__screenshots__/{platform}/{arg}{ext}',
  use: {
    baseURL: `http://127.0.0.1:${webPort}`,
    // A failed test keeps its trace: the actions, the console and the network, and a screenshot of
    // the page as it failed. Not the DOM snapshot and screenshot of every step: recording them for
    // every test (to throw them away when it passes) cost a quarter of the run's time (measured on
    // 92 tests on two cores: 139 s against 104 s; docs/testing.md). `--trace on` records everything.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    // Drops move the shop's clock forward (DEV_CLOCK), paging adds products and the owner's home hero and
    // contact hours (home-and-contact.spec.ts) change pages no other test expects:
    // each JavaScript mode on a shop of its own, beside everything else. Listed first: their journeys
    // are the longest, and started last they left one worker idle at the end of the run.
    {
      name: 'drops-javascript',
      testMatch: LATE_SPECS,
      use: { ...chromium, javaScriptEnabled: true, baseURL: webOf('late-javascript'), shop: 'late-javascript' },
    },
    {
      name: 'drops-no-javascript',
      testMatch: LATE_SPECS,
      use: { ...chromium, javaScriptEnabled: false, baseURL: webOf('late-no-javascript'), shop: 'late-no-javascript' },
    },
    // The home page's scheduled hero moves the clock as a drop does: beside a drop's journey it launched
    // the drop early. On the same shops, after them.
    {
      name: 'home-javascript',
      testMatch: AFTER_DROPS,
      dependencies: ['drops-javascript'],
      use: { ...chromium, javaScriptEnabled: true, baseURL: webOf('late-javascript'), shop: 'late-javascript' },
    },
    {
      name: 'home-no-javascript',
      testMatch: AFTER_DROPS,
      dependencies: ['drops-no-javascript'],
      use: { ...chromium, javaScriptEnabled: false, baseURL: webOf('late-no-javascript'), shop: 'late-no-javascript' },
    },
    // Screenshots, on a shop whose catalogue stays as seeded (tests/e2e/visual.spec.ts); the baselines
    // are the headless shell's (ADR 063).
    { name: 'visual', testMatch: 'visual.spec.ts', use: { ...shell, baseURL: webOf('visual'), shop: 'visual' } },
    { name: 'javascript', testIgnore: OWN_SHOP, use: { ...chromium, javaScriptEnabled: true } },
    // Plain HTTP checks (tagged @plain-http, tests/support/e2e-edge.ts) run once: JavaScript cannot change them.
    { name: 'no-javascript', testIgnore: OWN_SHOP, grepInvert: /@plain-http/, use: { ...chromium, javaScriptEnabled: false } },
    // Against the edge build (tests/support/e2e-edge.ts): without JavaScript every test tagged @edge,
    // with JavaScript the smoke set tagged @edge-js (ADR 070).
    ...[true, false].map((javaScriptEnabled) => ({
      name: javaScriptEnabled ? 'edge-javascript' : 'edge-no-javascript',
      grep: javaScriptEnabled ? /@edge-js/ : /@edge/,
      grepInvert: javaScriptEnabled ? undefined : /@plain-http/,
      testIgnore: OWN_SHOP,
      use: { ...chromium, javaScriptEnabled, baseURL: `http://127.0.0.1:${edgePort}` },
    })),
  ],
  // Playwright starts these one after another, each when the one before answers. A server counts as
  // started at the line it prints once it listens (`wait`), or when its health check answers, whichever
  // comes first: polling alone, at Playwright's widening intervals, found each about a second late.
  webServer: [
    ...SHOPS.flatMap((name) => {
      const shop = shops[name];
      const api = `http://127.0.0.1:${shop.api}`;
      const env = { ...serverEnv, DATA_DIR: shop.dataDir, PUBLIC_API_URL: api };
      return [
        {
          // The data folder holds the drawn art and the seeded database already (seedDataFolder above);
          // without an API build to copy from, the first start makes them itself.
          command: 'node --enable-source-maps build/api/server.mjs',
          url: `${api}/healthz`,
          wait: { stdout: /^API listening on /m },
          env: { ...env, API_PORT: shop.api, STOREFRONT_URL: `http://127.0.0.1:${shop.web}` },
          timeout: 300_000,
          reuseExistingServer: false,
          stdout: 'ignore' as const,
          stderr: 'pipe' as const,
        },
        {
          command: 'node server.mjs build/index.js',
          url: `http://127.0.0.1:${shop.web}/healthz`,
          wait: { stdout: STOREFRONT_LISTENING },
          env: { ...env, PORT: shop.web, API_URL: api },
          timeout: 60_000,
          reuseExistingServer: false,
          stdout: 'ignore' as const,
          stderr: 'pipe' as const,
        },
      ];
    }),
    {
      command: 'node edge/serve.mjs',
      url: `http://127.0.0.1:${edgePort}/healthz`,
      wait: { stdout: STOREFRONT_LISTENING },
      env: { ...serverEnv, DATA_DIR: shops.main.dataDir, PUBLIC_API_URL: apiUrl, PORT: edgePort, API_URL: apiUrl },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
