#!/usr/bin/env node
// `npm test`: every layer of docs/testing.md, with the time of each stage and of the whole run
// printed at the end. Lint, the format check, the typecheck and the browser build run side by side
// (one core each); then vitest with the soak run beside it (ADR 082), then Playwright, which fills
// both cores on its own (beside vitest, niced, they slowed each other into time limits: ADR 057). The
// first failure stops the run; the stages still running are ended and their output so far is shown.
//
// `npm test -- --quick` is `npm run test:quick`: lint, format, and vitest on PGlite without the
// fuzzing, the races and the drawing of the seed's art (docs/testing.md, "The inner loop"), side by side.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const quick = process.argv.includes('--quick');
const started = Date.now();
const times = [];
const running = new Set();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`;
const at = () => clock(Date.now() - started);

/**
 * Runs one stage. Its output is shown live (`live`, at most one stage at a time) or in one piece at
 * its end, so stages side by side do not mix their lines.
 */
function run({ name, command, args, live = false, env = {} }) {
  return new Promise((resolve) => {
    const begun = Date.now();
    console.log(`── ${name}: started at ${at()}`);
    const child = spawn(command, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
      detached: true,
    });
    let output = '';
    if (!live) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    const entry = { child, name, flush: () => output && process.stdout.write(output.endsWith('\n') ? output : `${output}\n`) };
    running.add(entry);
    // A stage is over when its process exits; a process it left behind holding the output open is
    // ended with the stage's process group (its stdout is read for two seconds more, not waited on).
    let ended = false;
    const end = (code, signal) => {
      if (ended) return;
      ended = true;
      stop(child);
      running.delete(entry);
      const ms = Date.now() - begun;
      times.push({ name, ms });
      if (!live) {
        console.log(`\n═══ ${name} ═══`);
        entry.flush();
      }
      console.log(`── ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds(ms)}, at ${at()}`);
      if (code !== 0) fail(name);
      resolve();
    };
    child.on('close', end);
    child.on('exit', (code, signal) => setTimeout(() => end(code, signal), 2000).unref());
  });
}

// Stopped from outside (Ctrl-C, a CI time limit): the stages' process groups go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const { child } of running) stop(child);
    process.exit(1);
  });
}

function stop(child) {
  try {
    // The whole process group: a test runner's workers and servers go with it.
    process.kill(-child.pid, constants.signals.SIGTERM);
  } catch {
    // Already gone.
  }
}

let failed = false;
function fail(name) {
  if (failed) return;
  failed = true;
  for (const { child, name: other, flush } of running) {
    console.log(`── ${other}: stopped, as ${name} failed; its output so far:`);
    flush();
    stop(child);
  }
  report();
  console.error(`npm test: failed (${name})`);
  process.exit(1);
}

function report() {
  console.log(`\nStages: ${times.map(({ name, ms }) => `${name} ${seconds(ms)}`).join(', ')}`);
  console.log(`Whole run: ${clock(Date.now() - started)}`);
}

const npx = (...args) => ({ command: 'npx', args });
const node = (...args) => ({ command: process.execPath, args });
const checks = [
  { name: 'lint', ...npx('eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '--cache-strategy', 'content', '.') },
  { name: 'format', ...npx('prettier', '--check', '--cache', '--cache-strategy', 'content', '.') },
];

if (quick) {
  await Promise.all([
    ...checks.map((step) => run(step)),
    run({
      name: 'vitest (PGlite)',
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
        '--exclude',
        'api/src/seed/drawing/**',
      ),
      live: true,
    }),
  ]);
} else {
  await Promise.all([
    ...[...checks, { name: 'typecheck', ...npx('tsc', '--noEmit') }].map((step) => run(step)),
    // What the browser tests run: Debian's Chromium (installed if missing), the Node and edge builds,
    // and the drawn art and seeded database every shop's data folder is copied from (beside the
    // typecheck rather than at Playwright's start).
    run({
      name: 'browser build',
      command: 'sh',
      args: [
        '-c',
        [`scripts/ensure-chromium.mjs`, `scripts/build.mjs --edge`, `scripts/lib/prepared-data.mjs`]
          .map((script) => `"${process.execPath}" ${script}`)
          .join(' && '),
      ],
    }),
  ]);
  // vitest and Playwright each fill both cores: side by side they slowed each other into time limits
  // (ADR 057), so they run one after the other. The soak run, a minute of shoppers on its own shops,
  // PostgreSQL database and Redis, goes beside vitest, whose cores are idle about a seventh of its
  // time (ADR 082); its report comes in one piece when it ends.
  await Promise.all([
    run({ name: 'vitest', ...npx('vitest', 'run', '--coverage'), live: true }),
    run({ name: 'soak', ...node('scripts/soak.mjs') }),
  ]);
  await run({ name: 'Playwright', ...npx('playwright', 'test'), live: true });
}
report();
