// What `npm start` and `npm run start:cluster` share before they start anything: reading ports,
// secrets kept in the data folder, the build, and stopping with a clear message.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { root } from './processes.mjs';

/** Stops the launcher with a message for the person who ran it. */
export function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

/** A port from the environment variable `name`, or `fallback` when it is unset. */
export function portFrom(name, fallback) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`${name}=${raw} is not a port number (1-65535).`);
  return port;
}

/** A secret from the environment, else made once and kept in `dataDir/secrets.json` (mode 0600). */
export function secretFor(dataDir, name) {
  if (process.env[name]?.trim()) return process.env[name].trim();
  const file = join(dataDir, 'secrets.json');
  const secrets = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!secrets[name]) {
    secrets[name] = randomBytes(32).toString('base64url');
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}

/** Builds when a source is newer than the last build (and the edge bundle too, with `edge`). */
export function buildIfStale({ edge = false } = {}) {
  const args = [join(root, 'scripts', 'build.mjs'), '--if-stale', ...(edge ? ['--edge'] : [])];
  const built = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) fail('The build failed; see the messages above.');
}

/**
 * Where the person who started the shop reads the mail it sends while no SMTP server is set: the
 * public mailbox page only with DEV_MAILBOX=1, else the owner's CLI (sign-in codes live there).
 */
export function mailboxLine(publicApiUrl) {
  if (process.env.SMTP_URL?.trim()) return '(SMTP_URL is set: mail is delivered by SMTP)';
  if (['1', 'true'].includes(process.env.DEV_MAILBOX?.trim() ?? '')) return `${publicApiUrl}/dev/mailbox`;
  return 'npm run shop -- mail --to <email>   (sign-in codes; DEV_MAILBOX=1 serves a page at /dev/mailbox)';
}
