import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { z } from 'zod';

import { addressLines } from '@contract/address';
import type { orderDetailSchema } from '@contract/api/admin';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@contract/api/staff';
import { formatEuro } from '@contract/money';
import { optionText } from '@contract/options';
import { shopClock, shopDay } from '@contract/shop-time';

import { createCodeService } from './auth/codes.js';
import { acquireDataDirLock, ADMIN_TOKEN_FILE, resolveSecret, runningApi } from './bootstrap.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { type ApiEnv, parseApiEnv } from './env.js';
import { ApiError } from './http-errors.js';
import { keepDataPrivate } from './owner-only.js';
import { type Actor, recordAudit } from './services/audit.js';
import { backupFileName, readBackup, restoreBackup, startBackup } from './services/backup.js';
import { systemClock } from './services/clock.js';
import { deliverOrder, listOrders, orderDetail, type OrderRow, shipOrder } from './services/fulfilment.js';
import { type Logger, silentLogger } from './services/logger.js';
import { createOutboxMailer, createSmtpMailer, type OutboxEntry, readOutbox } from './services/mail.js';
import { paymentsFromEnv } from './services/payments/from-env.js';
import { addStaff, listStaff, removeStaff, resendStaffCode } from './services/staff.js';

type OrderDetail = z.input<typeof orderDetailSchema>;
import { listStock, type RestockResult, restockVariant, type StockRow } from './services/stock.js';
import { storefrontNotifier } from './services/storefront-hook.js';

const USAGE = `Usage: npm run shop -- <command>
  restock <sku> <qty>                                  add qty to a variant's stock (emails shoppers waiting for it when it was sold out)
  stock                                                list every variant with its stock
  orders                                               list the orders, newest first
  order <order>                                        one order: buyer, items, quantities and the delivery address
  ship <order> --carrier <name> --tracking <number>    mark an order shipped and email the buyer the tracking link
  deliver <order>                                      mark a shipped order delivered
  mail [--to <email>]                                  the 5 newest mails the shop sent, newest first, while no SMTP server is set (sign-in codes)
  staff                                                list the back office's people and their roles
  staff add <email> --role owner|staff                 add someone to the back office; they are mailed a code to choose their password
  staff resend <email>                                 mail a member a new code (lost code or forgotten password)
  staff remove <email>                                 take someone off the back office; their sessions end at once
  backup <file>                                        write the whole shop (database and stored images) to one file, while it runs
  restore <file>                                       restore a backup into an empty DATA_DIR (or DATABASE_URL database); the API must be stopped
<order> is the order number (ORD-...), the purchase id, or its first 8 characters.`;

class UsageError extends Error {}

/** Changes made on the database directly are the owner's, through the command line. */
const CLI: Actor = { kind: 'cli', role: 'owner' };

/** What the CLI does, through the running API or directly on the database. */
interface Backend {
  stock(): Promise<StockRow[]>;
  restock(sku: string, quantity: number): Promise<RestockResult>;
  orders(): Promise<OrderRow[]>;
  order(order: string): Promise<OrderDetail>;
  ship(order: string, carrier: string, tracking: string): Promise<{ order_number: string; status: string; tracking_url: string | null }>;
  deliver(order: string): Promise<{ order_number: string; status: string }>;
  staff(): Promise<StaffMember[]>;
  addStaff(email: string, role: StaffRole): Promise<StaffMember>;
  resendStaffCode(email: string): Promise<void>;
  removeStaff(email: string): Promise<StaffMember>;
  mail(to: string | undefined): Promise<OutboxEntry[]>;
  /** The backup file's bytes, taken by whoever holds the database. */
  backup(): Promise<AsyncIterable<Uint8Array>>;
  close(): Promise<void>;
}

/** The running API's admin routes, with the bearer token it keeps in DATA_DIR. */
function viaApi(port: number, token: string): Backend {
  const base = `http://127.0.0.1:${port}/api/admin/`;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(new URL(path, base), {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (response.status === 204 ? {} : await response.json().catch(() => ({}))) as { detail?: unknown };
    if (!response.ok) {
      const detail = typeof answer.detail === 'string' ? answer.detail : JSON.stringify(answer.detail ?? response.status);
      throw new Error(`The API answered ${response.status}: ${detail}`);
    }
    return answer as T;
  }
  return {
    stock: () => call('GET', 'stock'),
    restock: (sku, quantity) => call('POST', 'restock', { sku, quantity }),
    orders: () => call('GET', 'orders'),
    order: (order) => call('GET', `orders/${encodeURIComponent(order)}`),
    ship: (order, carrier, tracking) => call('POST', 'orders/ship', { order, carrier, tracking }),
    deliver: (order) => call('POST', 'orders/deliver', { order }),
    staff: () => call('GET', 'staff'),
    addStaff: (email, role) => call('POST', 'staff', { email, role }),
    resendStaffCode: async (email) => {
      await call('POST', 'staff/resend-code', { email });
    },
    removeStaff: (email) => call('POST', 'staff/remove', { email }),
    mail: (to) => call('GET', `mail${to ? `?to=${encodeURIComponent(to)}` : ''}`),
    backup: async () => {
      const response = await fetch(new URL('backup', base), { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok || !response.body) {
        const answer = (await response.json().catch(() => ({}))) as { detail?: unknown };
        throw new Error(`The API answered ${response.status}: ${typeof answer.detail === 'string' ? answer.detail : response.status}`);
      }
      return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
    },
    close: async () => undefined,
  };
}

/** The owner's token: ADMIN_TOKEN when the instances share one, else the one kept in DATA_DIR. */
function adminTokenOf(env: ApiEnv): string | null {
  if (env.ADMIN_TOKEN) return env.ADMIN_TOKEN;
  const file = join(env.DATA_DIR, ADMIN_TOKEN_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null;
}

/** The database itself, when no API holds it (PGlite is single-process). */
async function direct(env: ApiEnv, log: Logger): Promise<Backend> {
  await keepDataPrivate(env.DATA_DIR);
  const lock = env.DATABASE_URL ? null : acquireDataDirLock(env.DATA_DIR);
  try {
    const handle = env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, maxConnections: 2 })
      : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });
    await migrate(handle);
    const mail = env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, log) : createOutboxMailer(handle.db, systemClock, log);
    const token = adminTokenOf(env);
    const jwtSecret = resolveSecret(env, 'JWT_SECRET', env.JWT_SECRET);
    const deps = {
      db: handle.db,
      payments: paymentsFromEnv(env),
      mail,
      clock: systemClock,
      log,
      config: {
        publicApiUrl: env.PUBLIC_API_URL,
        storageUrl: env.STORAGE_URL,
        storefrontUrl: env.STOREFRONT_URL,
        adminToken: token,
        jwtSecret,
      },
      onCatalogueChange: token ? storefrontNotifier(env.STOREFRONT_HOOK_URLS, token, silentLogger) : undefined,
    };
    const codes = createCodeService(handle.db, systemClock, jwtSecret);
    return {
      stock: () => listStock(handle.db, systemClock.now()),
      restock: (sku, quantity) => restockVariant(deps, sku, quantity, CLI),
      orders: () => listOrders(handle.db),
      order: (order) => orderDetail(deps, order),
      ship: (order, carrier, tracking) => shipOrder(deps, order, carrier, tracking, CLI),
      deliver: (order) => deliverOrder(deps, order, CLI),
      staff: () => listStaff(handle.db),
      addStaff: (email, role) => addStaff(deps, codes, CLI, email, role),
      resendStaffCode: (email) => resendStaffCode(deps, codes, email),
      removeStaff: (email) => removeStaff(deps, CLI, email),
      mail: async (to) => {
        if (mail.transport !== 'outbox') throw new Error('Mail is delivered by SMTP; there is no outbox to read');
        return readOutbox(handle.db, to);
      },
      backup: async () => {
        const now = systemClock.now();
        await recordAudit(handle.db, now, CLI, { action: 'backup', subject_type: 'shop', subject_id: backupFileName(now) });
        return (await startBackup({ database: handle, storageDir: join(env.DATA_DIR, 'storage') }, now)).chunks;
      },
      close: async () => {
        await handle.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

function printStock(rows: StockRow[]) {
  const width = Math.max(3, ...rows.map((r) => r.sku.length));
  const productWidth = Math.max(7, ...rows.map((r) => r.product_name.length));
  console.log(`${'SKU'.padEnd(width)}  ${'PRODUCT'.padEnd(productWidth)}  STOCK`);
  for (const row of rows) {
    console.log(`${row.sku.padEnd(width)}  ${row.product_name.padEnd(productWidth)}  ${String(row.stock_quantity).padStart(5)}`);
  }
}

function printOrders(rows: OrderRow[]) {
  if (rows.length === 0) {
    console.log('No orders yet.');
    return;
  }
  for (const row of rows) {
    const tracking = row.tracking_number ? `  ${row.carrier} ${row.tracking_number}` : '';
    console.log(`${row.order_number}  ${shopDay(row.date)}  ${row.status.padEnd(10)}  ${row.total.padStart(10)}  ${row.email}${tracking}`);
  }
}

/** One order as the owner packs it: each line's options in the catalogue's words ("Signal red / Large to extra large"). */
function printOrder(order: OrderDetail) {
  console.log(`${order.order_number}  ${order.status ?? ''}  ${order.created_at ? shopDay(order.created_at) : ''}`);
  console.log(`Buyer: ${order.customer_email ?? order.email ?? ''}`);
  for (const item of order.items ?? []) {
    const options = (item.variant_attributes ?? []).map(optionText).join(' / ');
    console.log(`  ${item.quantity} × ${item.name}${options ? ` (${options})` : ''}  ${item.sku ?? ''}`);
  }
  console.log(`Total: ${formatEuro(order.total)} (shipping ${formatEuro(order.shipping_cost ?? 0)})`);
  const address = addressLines(order.shipping_address);
  console.log(address.length ? `Deliver to:\n${address.map((line) => `  ${line}`).join('\n')}` : 'Deliver to: no address on this order');
  if (order.tracking_number) console.log(`Shipped with ${order.carrier}: ${order.tracking_number}`);
  for (const note of order.notes ?? []) console.log(`Note (${note.author}, ${shopClock(note.created_at)}): ${note.body}`);
}

function printStaff(members: StaffMember[]) {
  if (members.length === 0) {
    console.log('Nobody on the staff yet. Add the first owner with: staff add <email> --role owner');
    return;
  }
  for (const member of members)
    console.log(`${member.email}  ${member.role}${member.has_password ? '' : '  (has not chosen a password yet)'}`);
}

/** The newest messages first, each with its text (where sign-in codes are). */
function printMail(messages: OutboxEntry[], limit: number) {
  if (messages.length === 0) {
    console.log('No mail yet.');
    return;
  }
  for (const message of messages.slice(0, limit)) {
    console.log(`${shopClock(message.created_at)}  to ${message.to}  ${message.subject}`);
    console.log(`${message.text.trim().replace(/^/gm, '    ')}\n`);
  }
  if (messages.length > limit) console.log(`(${messages.length - limit} older messages not shown)`);
}

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

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
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
  const file = args[0]?.trim() ? resolve(process.env.INIT_CWD ?? process.cwd(), args[0].trim()) : '';
  if ((command === 'backup' || command === 'restore') && (!file || args[0].startsWith('--')))
    throw new UsageError(`${command} needs a file, for example: ${command} backups/filo.tar`);

  const env = parseApiEnv();
  if (command === 'restore') {
    await restore(env, file);
    return;
  }
  const api = runningApi(env.DATA_DIR);
  const token = adminTokenOf(env);
  const backend = api && token ? viaApi(api.port, token) : await direct(env, silentLogger);
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
      printMail(await backend.mail(flag('to')?.toLowerCase()), 5);
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

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof ApiError) console.error(typeof error.detail === 'string' ? error.detail : error.message);
  else console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
