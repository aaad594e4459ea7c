#!/usr/bin/env node
// The end-to-end tests drive Debian's Chromium; browsers are never downloaded by npm.
// Two packages of the same Chromium: `chromium` (the bench's Lighthouse runs: the browser shoppers use)
// and `chromium-headless-shell` (every test, the screenshots included: the same engine without the
// desktop browser around it, about a third less CPU on two cores; ADR 063). Installs what is missing
// with apt-get when running as root, otherwise says how. When the headless shell cannot be had, the
// tests use `chromium` for everything (playwright.config.ts), and the screenshots, whose baselines the
// shell drew, differ on the edges of their text.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const shell = process.env.CHROMIUM_HEADLESS_PATH || '/usr/bin/chromium-headless-shell';

if (process.env.CHROMIUM_PATH && !existsSync(path)) {
  console.error(`CHROMIUM_PATH=${path} does not exist.`);
  process.exit(1);
}
if (process.env.CHROMIUM_HEADLESS_PATH && !existsSync(shell)) {
  console.error(`CHROMIUM_HEADLESS_PATH=${shell} does not exist.`);
  process.exit(1);
}
const missing = [];
if (!existsSync(path)) missing.push('chromium');
if (!existsSync(shell)) missing.push('chromium-headless-shell');
if (missing.length === 0) process.exit(0);

if (process.getuid?.() !== 0) {
  if (missing.includes('chromium')) {
    console.error(`The end-to-end tests need Chromium at /usr/bin/chromium. Install it with: sudo apt-get install ${missing.join(' ')}`);
    process.exit(1);
  }
  console.warn(
    'chromium-headless-shell is not installed: the tests use /usr/bin/chromium throughout, and the screenshots (drawn by the shell) will differ on text edges. sudo apt-get install chromium-headless-shell',
  );
  process.exit(0);
}

console.log(`Installing ${missing.join(' and ')} from Debian (apt-get install ${missing.join(' ')})...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const apt = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
if (!apt(['update', '-qq'])) {
  if (missing.includes('chromium')) {
    console.error('apt-get update failed; install Chromium by hand and run the tests again.');
    process.exit(1);
  }
  console.warn('apt-get update failed: the tests use /usr/bin/chromium throughout.');
  process.exit(0);
}
if (missing.includes('chromium') && !apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium'])) {
  console.error('apt-get install chromium failed; install Chromium by hand and run the tests again.');
  process.exit(1);
}
if (missing.includes('chromium-headless-shell') && !apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium-headless-shell'])) {
  console.warn(
    'chromium-headless-shell could not be installed: the tests use /usr/bin/chromium throughout, and the screenshots will differ on text edges.',
  );
}
