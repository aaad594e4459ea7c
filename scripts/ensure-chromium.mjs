#!/usr/bin/env node
// The end-to-end tests drive Debian's Chromium; browsers are never downloaded by npm.
// Installs it with apt-get when running as root, otherwise says how.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${path} does not exist.`);
  process.exit(1);
}
if (process.getuid?.() !== 0) {
  console.error('The end-to-end tests need Chromium at /usr/bin/chromium. Install it with: sudo apt-get install chromium');
  process.exit(1);
}
console.log('Installing Chromium from Debian (apt-get install chromium)...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', 'chromium']]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed; install Chromium by hand and run the tests again.`);
    process.exit(1);
  }
}
