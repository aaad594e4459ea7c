#!/usr/bin/env node
// `npm test`: every layer of docs/testing.md, stopping at the first failure, with the time of each
// stage and of the whole run printed at the end. Checks that use one core each (lint, the format
// check, the typecheck, the production build for the browser tests) run side by side; the test
// stages, which fill both cores themselves, run one after another.
//
// `npm test -- --quick` is `npm run test:quick`: lint, format, and vitest on PGlite without the
// fuzzing and the races (docs/testing.md, "The inner loop").
import { spawn } from 'node:child_process';

const quick = process.argv.includes('--quick');
const started = Date.now();
const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`;

/** Runs a command; its output is shown as it comes (`live`) or, for one of several side by side, at its end. */
function run(name, command, args, { live = false, env = {} } = {}) {
  return new Promise((resolve) => {
    const at = Date.now();
    const child = spawn(command, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    if (!live) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code, signal) => {
      const ms = Date.now() - at;
      times.push({ name, ms });
      if (!live) process.stdout.write(output.endsWith('\n') || !output ? output : `${output}\n`);
      console.log(`── ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds(ms)}`);
      resolve(code === 0);
    });
  });
}

async function stage(steps) {
  const results = await Promise.all(steps.map((step) => run(...step)));
  if (results.every(Boolean)) return;
  report();
  console.error('npm test: failed');
  process.exit(1);
}

function report() {
  console.log(`\nStages: ${times.map(({ name, ms }) => `${name} ${seconds(ms)}`).join(', ')}`);
  console.log(`Whole run: ${clock(Date.now() - started)}`);
}

const npx = (...args) => ['npx', args];
const node = (...args) => [process.execPath, args];

await stage([
  ['lint', ...npx('eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '--cache-strategy', 'content', '.')],
  ['format', ...npx('prettier', '--check', '--cache', '--cache-strategy', 'content', '.')],
  ...(quick
    ? []
    : [
        ['typecheck', ...npx('tsc', '--noEmit')],
        // What the browser tests run: Debian's Chromium (installed if missing) and the Node and edge builds.
        [
          'browser build',
          'sh',
          ['-c', `"${process.execPath}" scripts/ensure-chromium.mjs && "${process.execPath}" scripts/build.mjs --edge`],
        ],
      ]),
]);
if (quick) {
  await stage([
    [
      'vitest (PGlite)',
      ...npx(
        'vitest',
        'run',
        '--project',
        'pure',
        '--project',
        'pglite',
        '--exclude',
        '**/*fuzz.test.ts',
        '--exclude',
        'api/src/concurrency/**',
      ),
      { live: true },
    ],
  ]);
} else {
  await stage([['vitest', ...npx('vitest', 'run', '--coverage'), { live: true }]]);
  await stage([['Playwright', ...npx('playwright', 'test'), { live: true }]]);
  await stage([['soak', ...node('scripts/soak.mjs'), { live: true }]]);
}
report();
