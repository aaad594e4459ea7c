import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';

import { sql } from 'kysely';
import type { z } from 'zod';

import type { orderDetailSchema } from '@contract/api/admin';
import type { CustomerRow } from '@contract/api/customers';
import type { StaffMember, StaffRole } from '@contract/api/staff';

import { createCodeService } from '../auth/codes.js';
import { acquireDataDirLock, ADMIN_TOKEN_FILE, resolveSecret } from '../bootstrap.js';
import { type Db, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import type { ApiEnv } from '../env.js';
import { keepDataPrivate } from '../owner-only.js';
import { eraseCustomerAtRequest } from '../services/account-deletion.js';
import { type Actor, recordAudit } from '../services/audit.js';
import { backupFileName, startBackup } from '../services/backup.js';
import { systemClock } from '../services/clock.js';
import { exportCustomerData } from '../services/data-export.js';
import { dataExportArchive, dataExportFileName } from '../services/data-export-archive.js';
import { deliverOrder, listOrders, orderDetail, type OrderRow, shipOrder } from '../services/fulfilment.js';
import { type Logger, silentLogger } from '../services/logger.js';
import { createOutboxMailer, createSmtpMailer, type OutboxEntry, readOutbox } from '../services/mail.js';
import { paymentsFromEnv } from '../services/payments/from-env.js';
import { addStaff, listStaff, removeStaff, resendStaffCode } from '../services/staff.js';
import { listStock, type RestockResult, restockVariant, type StockRow } from '../services/stock.js';
import { storefrontNotifier } from '../services/storefront-hook.js';

export type OrderDetail = z.input<typeof orderDetailSchema>;

/** Changes made on the database directly are the owner's, through the command line. */
const CLI: Actor = { kind: 'cli', role: 'owner' };

/** What the CLI does, through the running API or directly on the database. */
export interface Backend {
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
  /** A customer's data as the back office downloads it (GDPR art. 15 and 20): the .zip and its name. */
  exportCustomer(email: string): Promise<{ bytes: Uint8Array; name: string }>;
  /** Erases a customer at their request (art. 17), as the back office does; the privacy log keeps that it was done. */
  eraseCustomer(email: string): Promise<void>;
  close(): Promise<void>;
}

/** The running API's admin routes, with the bearer token it keeps in DATA_DIR. */
export function viaApi(port: number, token: string): Backend {
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
    exportCustomer: async (email) => {
      const id = await customerIdVia(call, email);
      const response = await fetch(new URL(`customers/${id}/data-export`, base), { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`The API answered ${response.status}`);
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'customer-data.zip';
      return { bytes: new Uint8Array(await response.arrayBuffer()), name };
    },
    eraseCustomer: async (email) => {
      await call('POST', `customers/${await customerIdVia(call, email)}/erase`, { confirm_email: email });
    },
    close: async () => undefined,
  };
}

const noSuchCustomer = (email: string) => new Error(`No customer has the email ${email}`);

/** A customer's id by their email, from the back office's customer search. */
async function customerIdVia(call: <T>(method: string, path: string) => Promise<T>, email: string): Promise<string> {
  const rows = await call<CustomerRow[]>('GET', `customers?q=${encodeURIComponent(email)}&limit=200`);
  const found = rows.find((row) => row.email.toLowerCase() === email.toLowerCase());
  if (!found) throw noSuchCustomer(email);
  return found.id;
}

/** A customer's id by their email, in the database: a registered shopper or a verified guest, never a staff member. */
async function customerIdIn(db: Db, email: string): Promise<string> {
  const found = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  if (!found) throw noSuchCustomer(email);
  return found.id;
}

/** The owner's token: ADMIN_TOKEN when the instances share one, else the one kept in DATA_DIR. */
export function adminTokenOf(env: ApiEnv): string | null {
  if (env.ADMIN_TOKEN) return env.ADMIN_TOKEN;
  const file = join(env.DATA_DIR, ADMIN_TOKEN_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null;
}

/** The database itself, when no API holds it (PGlite is single-process). */
export async function direct(env: ApiEnv, log: Logger): Promise<Backend> {
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
      exportCustomer: async (email) => {
        const { data, locale } = await exportCustomerData(handle.db, await customerIdIn(handle.db, email), systemClock.now(), CLI);
        return { bytes: dataExportArchive(data, locale, env.STOREFRONT_URL), name: dataExportFileName('customer', data) };
      },
      eraseCustomer: async (email) => {
        await eraseCustomerAtRequest(handle.db, systemClock.now(), await customerIdIn(handle.db, email), email, CLI);
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
