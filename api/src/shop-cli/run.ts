import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { STAFF_ROLES, type StaffRole } from '@contract/api/staff';

import { acquireDataDirLock, runningApi } from '../bootstrap.js';
import { type ApiEnv, parseApiEnv } from '../env.js';
import { ApiError } from '../http-errors.js';
import { keepDataPrivate } from '../owner-only.js';
import { readBackup, restoreBackup } from '../services/backup.js';
import { silentLogger } from '../services/logger.js';
import { adminTokenOf, direct, viaApi } from './backend.js';
import { printMail, printOrder, printOrders, printStaff, printStock } from './print.js';

const USAGE = `Usage: npm run shop -- <command>
  restock <sku> <qty>                                  add qty to a variant's stock (emails shoppers waiting for it when it was sold out)
  stock                                                list every variant with its stock
  orders                                               list the orders, newest first
  order <order>                                        one order: buyer, items, quantities and the delivery address
  ship <order> --carrier <name> --tracking <number>    mark an order shipped and email the buyer the tracking link
  deliver <order>                                      mark a shipped order delivered
  mail [--to <email>] [--all]                          the newest mail (to that address) with its text, while no SMTP server is set (sign-in codes); --all: the 100 newest
  staff                                                list the back office's people and their roles
  staff add <email> --role owner|staff                 add someone to the back office; they are mailed a code to choose their password
  staff resend <email>                                 mail a member a new code (lost code or forgotten password)
  staff remove <email>                                 take someone off the back office; their sessions end at once
  backup <file>                                        write the whole shop (database and stored images) to one file, while it runs
  restore <file>                                       restore a backup into an empty DATA_DIR (or DATABASE_URL database); the API must be stopped
  export <email> <file>                                write a customer's data to a file at their request: the .zip the back office downloads
  erase <email> --confirm <email>                      erase a customer at their request; their orders stay, stripped to what tax needs
<order> is the order number (ORD-...), the purchase id, or its first 8 characters.`;

class UsageError extends Error {}

/** Writes beside the file first: a backup cut short never takes the place of a good one. */
async function writeBackup(chunks: AsyncIterable<Uint8Array>, file: string) {
  const partial = `${file}.partial`;
  mkdirSync(dirname(file), { recursive: true });
  try {
    await pipeline(Readable.from(chunks), createWriteStream(partial, { mode: 0o600 }));
    const written = await open(partial, 'r');
    const { manifest, entries } = await readBackup(written).finally(() => written.close());
    await rename(partial, file);
    const objects = entries.filter((entry) => entry.name.startsWith('storage/')).length;
    const megabytes = entries.reduce((sum, entry) => sum + entry.size, 0) / 1e6;
    console.log(
      `Backup written to ${file}: ${manifest.database === 'pglite' ? 'PGlite' : 'PostgreSQL'} database and ${objects} stored objects, ${megabytes.toFixed(1)} MB (taken ${manifest.created_at}).`,
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Restores with the API stopped, straight into DATA_DIR (and DATABASE_URL's database). */
async function restore(env: ApiEnv, file: string) {
  if (!existsSync(file)) throw new Error(`No such file: ${file}`);
  const api = runningApi(env.DATA_DIR);
  if (api)
    throw new Error(
      `The API is running on this data folder (process ${api.pid}, port ${api.port}). Stop it first: restore writes the database directly.`,
    );
  await keepDataPrivate(env.DATA_DIR);
  const lock = env.DATABASE_URL ? null : acquireDataDirLock(env.DATA_DIR);
  try {
    const target = env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL, dataDir: env.DATA_DIR } as const)
      : ({ kind: 'pglite', dataDir: env.DATA_DIR } as const);
    const { manifest, files } = await restoreBackup(file, target);
    console.log(
      `Restored the backup taken ${manifest.created_at} (API ${manifest.api_version}): the database and ${files} stored objects.`,
    );
    console.log('Start the shop with: npm start');
  } finally {
    lock?.release();
  }
}

/** The running API's admin routes when an API holds the data folder (and its token is known), else the database itself. */
async function openBackend(env: ApiEnv) {
  const api = runningApi(env.DATA_DIR);
  const token = adminTokenOf(env);
  return api && token ? viaApi(api.port, token) : direct(env, silentLogger);
}

/** `export <email> <file>` and `erase <email> --confirm <email>`: a customer's rights, exercised through the owner (issue 39). */
async function customerPrivacy(command: 'export' | 'erase', args: string[], source: Record<string, string | undefined>) {
  const email = args[0]?.trim().toLowerCase() ?? '';
  if (!email || email.startsWith('--')) throw new UsageError(`${command} needs the customer's email`);
  const target = args[1]?.trim() ?? '';
  if (command === 'export' && (!target || target.startsWith('--')))
    throw new UsageError('export needs a file, for example: export ada@example.com exports/ada.zip');
  const confirmAt = args.indexOf('--confirm');
  const confirmed = confirmAt > 0 ? args[confirmAt + 1]?.trim().toLowerCase() : undefined;
  if (command === 'erase' && confirmed !== email)
    throw new UsageError(
      'erase needs --confirm with the same email typed again, for example: erase ada@example.com --confirm ada@example.com',
    );
  const backend = await openBackend(parseApiEnv(source));
  try {
    if (command === 'erase') {
      await backend.eraseCustomer(email);
      console.log(`${email} has been erased: their sessions have ended; their orders stay, stripped to what tax needs.`);
      return;
    }
    const file = resolve(source.INIT_CWD ?? process.cwd(), target);
    const { bytes, name } = await backend.exportCustomer(email);
    mkdirSync(dirname(file), { recursive: true });
    await writeFile(file, bytes, { mode: 0o600 });
    console.log(`The data of ${email} is in ${file} (${name}, ${(bytes.length / 1024).toFixed(1)} KB): hand it to them securely.`);
  } finally {
    await backend.close();
  }
}

async function main(argv: string[], source: Record<string, string | undefined>) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  if (command === 'export' || command === 'erase') return customerPrivacy(command, args, source);
  if (!['stock', 'restock', 'orders', 'order', 'ship', 'deliver', 'mail', 'staff', 'backup', 'restore'].includes(command))
    throw new UsageError(`Unknown command: ${command}`);
  const flag = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1]?.trim() : undefined;
  };
  const order = args[0]?.trim() ?? '';
  if ((command === 'ship' || command === 'deliver' || command === 'order') && (!order || order.startsWith('--')))
    throw new UsageError(`${command} needs an order`);
  if (command === 'ship' && (!flag('carrier') || !flag('tracking'))) {
    throw new UsageError('ship needs --carrier and --tracking, for example: ship ORD-2026-11-22-1A2B3C4D --carrier GLS --tracking 123456');
  }
  let sku = '';
  let quantity = 0;
  if (command === 'restock') {
    if (args.length !== 2) throw new UsageError('restock needs a SKU and a quantity, for example: restock TH-BLK-SM 10');
    sku = args[0].trim().toUpperCase();
    quantity = Number(args[1]);
    if (!Number.isInteger(quantity) || quantity < 1) throw new UsageError(`Quantity must be a whole number above 0, not ${args[1]}`);
  }

  const staffCommand = command === 'staff' ? (args[0] ?? 'list') : null;
  const staffEmail = args[1]?.trim().toLowerCase() ?? '';
  const role = flag('role');
  if (staffCommand && !['list', 'add', 'resend', 'remove'].includes(staffCommand))
    throw new UsageError(`Unknown staff command: ${staffCommand}`);
  if ((staffCommand === 'add' || staffCommand === 'resend' || staffCommand === 'remove') && (!staffEmail || staffEmail.startsWith('--')))
    throw new UsageError(`staff ${staffCommand} needs an email`);
  if (staffCommand === 'add' && !STAFF_ROLES.includes(role as StaffRole))
    throw new UsageError('staff add needs --role owner or --role staff');

  // npm runs scripts in the project's folder; a file named on the command line is where the owner stood.
  const file = args[0]?.trim() ? resolve(source.INIT_CWD ?? process.cwd(), args[0].trim()) : '';
  if ((command === 'backup' || command === 'restore') && (!file || args[0].startsWith('--')))
    throw new UsageError(`${command} needs a file, for example: ${command} backups/filo.tar`);

  const env = parseApiEnv(source);
  if (command === 'restore') {
    await restore(env, file);
    return;
  }
  const backend = await openBackend(env);
  try {
    if (command === 'backup') {
      await writeBackup(await backend.backup(), file);
    } else if (staffCommand === 'list') {
      printStaff(await backend.staff());
    } else if (staffCommand === 'add') {
      const member = await backend.addStaff(staffEmail, role as StaffRole);
      console.log(`${member.email} added as ${member.role}; a code to choose a password has been mailed to them (valid 10 minutes).`);
    } else if (staffCommand === 'resend') {
      await backend.resendStaffCode(staffEmail);
      console.log(`A new code has been mailed to ${staffEmail} (valid 10 minutes).`);
    } else if (staffCommand === 'remove') {
      const removed = await backend.removeStaff(staffEmail);
      console.log(`${removed.email} (${removed.role}) is no longer on the staff; their sessions have ended.`);
    } else if (command === 'stock') {
      printStock(await backend.stock());
    } else if (command === 'orders') {
      printOrders(await backend.orders());
    } else if (command === 'order') {
      printOrder(await backend.order(order));
    } else if (command === 'ship') {
      const result = await backend.ship(order, flag('carrier')!, flag('tracking')!);
      console.log(
        `${result.order_number}: ${result.status}${result.tracking_url ? ` (${result.tracking_url})` : ''}; the buyer has been emailed.`,
      );
    } else if (command === 'mail') {
      const to = flag('to')?.toLowerCase();
      printMail(await backend.mail(to), { to, all: args.includes('--all') });
    } else if (command === 'deliver') {
      const result = await backend.deliver(order);
      console.log(`${result.order_number}: ${result.status}`);
    } else {
      const result = await backend.restock(sku, quantity);
      console.log(`${result.sku} (${result.product_name}): ${result.previous_quantity} → ${result.stock_quantity}`);
      console.log(
        result.notified.length
          ? `Back-in-stock email sent to ${result.notified.length} shopper${result.notified.length === 1 ? '' : 's'}: ${result.notified.join(', ')}`
          : 'No back-in-stock emails to send.',
      );
    }
  } finally {
    await backend.close();
  }
}

/**
 * Runs one command of the owner's CLI (`npm run shop -- <command>`) with the environment `source`,
 * printing what it did; a failure is printed too, and answers exit code 1.
 */
export async function runShopCli(argv: string[], source: Record<string, string | undefined> = process.env): Promise<number> {
  try {
    await main(argv, source);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ApiError) console.error(typeof error.detail === 'string' ? error.detail : error.message);
    else console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
