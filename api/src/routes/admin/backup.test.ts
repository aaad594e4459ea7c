import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readableByOthers } from '../../../../tests/support/file-modes';
import { buyThroughCheckout, setVariant, shopper, stockOf, uniqueEmail } from '../../../../tests/support/shopper';
import { TEST_ADMIN_TOKEN } from '../../../../tests/support/test-api';
import { useTestApi } from '../../../../tests/support/use-test-api';
import { createApp } from '../../app';
import { type DatabaseHandle, type Db, openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { BackupError, readBackup, restoreBackup, type RestoreTarget } from '../../services/backup';
import { createOutboxMailer, readOutbox } from '../../services/mail';
import { type Bucket, createLocalStorage } from '../../services/storage';

const api = useTestApi();
const cli = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const onPostgres = process.env.TEST_DB === 'postgres';

let work: string;
const opened: DatabaseHandle[] = [];
const databases: string[] = [];
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'backup-test-'));
});
afterAll(async () => {
  await Promise.all(opened.map((handle) => handle.close()));
  if (databases.length) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL_TEST });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
  await rm(work, { recursive: true, force: true });
});

/** GET /api/admin/backup, saved to a file as the CLI saves it. */
async function takeBackup(name: string): Promise<string> {
  const res = await api.app.request('/api/admin/backup', { headers: cli });
  expect(res.status).toBe(200);
  const path = join(work, name);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return path;
}

/** A fresh, empty data folder, and on PostgreSQL a fresh empty database beside the test's. */
async function emptyTarget(): Promise<RestoreTarget> {
  const dataDir = await mkdtemp(join(work, 'data-'));
  if (!onPostgres) return { kind: 'pglite', dataDir };
  const name = `restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL_TEST });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(process.env.DATABASE_URL_TEST!);
  url.pathname = `/${name}`;
  return { kind: 'postgres', url: url.toString(), dataDir };
}

/** The restored database, opened as `npm start` opens it (the test's schema name on PostgreSQL). */
async function openRestored(target: RestoreTarget, schema: string | null): Promise<DatabaseHandle> {
  const handle =
    target.kind === 'pglite'
      ? await openDatabase({ kind: 'pglite', dataDir: target.dataDir })
      : await openDatabase({ kind: 'postgres', url: target.url, schema: schema ?? undefined, maxConnections: 2 });
  opened.push(handle);
  return handle;
}

/** Every row of every table of the shop, as text, in a stable order. */
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`.execute(db);
  const rows: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const result = await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(name)} t ORDER BY 1`.execute(db);
    rows[name] = result.rows.map((r) => r.row);
  }
  return rows;
}

const images: { bucket: Bucket; path: string; body: Buffer }[] = [
  { bucket: 'product-images', path: 'tracer-tee/black-front.webp', body: randomBytes(70_000) },
  { bucket: 'cards', path: `frames/${'long-folder-name/'.repeat(8)}frame-07.webp`, body: randomBytes(1_000) },
  { bucket: 'documents', path: 'privacy.md', body: Buffer.from('# Privacy\n\nWe keep what an order needs.\n') },
];

describe('backups', () => {
  it('are the owner’s: a staff member is refused, the CLI token is not', async () => {
    const email = `staff-${Date.now()}@brand.example`;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      api.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post('/api/admin/staff', { email, role: 'staff' }, cli)).status).toBe(201);
    const [mailed] = await readOutbox(api.database.db, email);
    const code = /\b(\d{6})\b/.exec(mailed.subject)![1];
    expect((await post('/api/staff/set-password', { email, code, password: 'Back-Office-2026' })).status).toBe(204);
    const { token } = await (await post('/api/staff/login', { email, password: 'Back-Office-2026' })).json();

    const refused = await api.app.request('/api/admin/backup', { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: 'Only an owner may do this', code: 'forbidden' });
    expect((await api.app.request('/api/admin/backup')).status).toBe(401);

    const res = await api.app.request('/api/admin/backup', { headers: cli });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-tar');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="filo-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.tar"$/);
    await res.arrayBuffer();
  });

  it('answer why when the database cannot be dumped, before sending anything', async () => {
    const broken = createApp({
      ...api.deps,
      backup: {
        ...api.deps.backup!,
        database: { ...api.deps.backup!.database, dump: () => Promise.reject(new Error('pg_dump failed: server version mismatch')) },
      },
    });
    const res = await broken.request('/api/admin/backup', { headers: cli });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      detail: 'The backup could not be taken: pg_dump failed: server version mismatch',
      code: 'upstream_unavailable',
    });
  });

  it('restore into an empty data folder the same orders, accounts and images', async () => {
    const buyer = shopper(api);
    const email = uniqueEmail('backup');
    await buyer.register(email);
    const [first, second] = api.stocked;
    const bought = [
      await buyThroughCheckout(api, buyer, [{ id: first.id, quantity: 2 }]),
      await buyThroughCheckout(api, buyer, [{ id: first.id }, { id: second.id }]),
    ];
    for (const image of images) await api.storage.put(image.bucket, image.path, image.body);

    const file = await takeBackup('shop.tar');
    const before = await everyRow(api.database.db);
    expect(before.purchases.length).toBeGreaterThanOrEqual(2);
    expect(before.audit_log.some((row) => JSON.parse(row).action === 'backup')).toBe(true);

    const target = await emptyTarget();
    const summary = await restoreBackup(file, target);
    expect(summary.manifest).toMatchObject({ format: 1, database: api.database.backend, api_version: expect.any(String) });
    expect(summary.files).toBe(images.length);

    const restored = await openRestored(target, summary.manifest.schema);
    expect(await migrate(restored)).toEqual([]);
    expect(await everyRow(restored.db)).toEqual(before);
    const storage = createLocalStorage(join(target.dataDir, 'storage'));
    for (const image of images) expect((await storage.get(image.bucket, image.path))?.body).toEqual(image.body);
    // Customers' data: nothing restored is readable by anyone but the shop's own account.
    expect(await readableByOthers(target.dataDir)).toEqual([]);

    // The restored shop serves the buyer: the password still signs in and the orders are there.
    const restoredApi = createApp({
      ...api.deps,
      db: restored.db,
      storage,
      mail: createOutboxMailer(restored.db, api.clock, api.deps.log),
    });
    const again = shopper({ ...api, app: restoredApi });
    await again.login(email);
    for (const id of bought) expect((await again.get(`/api/user/purchase/${id}`)).status).toBe(200);
  }, 120_000); // a whole dump and restore of PGlite: tens of seconds on a busy two-core machine

  it('taken while purchases are being made hold each purchase whole, with its items and its stock', async () => {
    const variant = api.stocked[2];
    await setVariant(api, variant.id, { stock_quantity: 1_000 });
    const stockBefore = await stockOf(api, variant.id);
    const sessionsBefore = new Set((await api.database.db.selectFrom('checkout_sessions').select('id').execute()).map((s) => s.id));
    // Buyers keep buying, one purchase after another, until the backup is taken (five each at most); it starts once two are made.
    let made = 0;
    let backedUp = false;
    let twoMade: () => void;
    const started = new Promise<void>((resolve) => (twoMade = resolve));
    const buyers = Array.from({ length: 3 }, async () => {
      for (let mine = 0; !backedUp && mine < 5; mine++) {
        const s = shopper(api); // a guest each time: the clock moves a minute a purchase, past a guest's sign-in
        await s.signInAsGuest();
        await buyThroughCheckout(api, s, [{ id: variant.id }]);
        if (++made === 2) twoMade();
      }
    });
    await started;
    const file = await takeBackup('during-purchases.tar');
    backedUp = true;
    await Promise.all(buyers);

    const target = await emptyTarget();
    const { manifest } = await restoreBackup(file, target);
    const { db } = await openRestored(target, manifest.schema);
    const restoredPurchases = await db.selectFrom('purchases').select(['id', 'subtotal', 'checkout_session_id']).execute();
    for (const purchase of restoredPurchases) {
      const items = await db
        .selectFrom('purchase_items')
        .select(['unit_price', 'quantity'])
        .where('purchase_id', '=', purchase.id)
        .execute();
      expect(items.length).toBeGreaterThan(0);
      expect(items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0)).toBe(purchase.subtotal);
    }
    const completed = await db.selectFrom('checkout_sessions').select('id').where('status', '=', 'completed').execute();
    expect(completed.map((s) => s.id).sort()).toEqual(
      restoredPurchases
        .map((p) => p.checkout_session_id)
        .filter(Boolean)
        .sort(),
    );
    // The stock each checkout held back is gone from the variant in the same snapshot.
    const held = await db
      .selectFrom('checkout_session_items as i')
      .innerJoin('checkout_sessions as s', 's.id', 'i.checkout_session_id')
      .select(['s.id', 'i.quantity'])
      .where('i.variant_id', '=', variant.id)
      .where('s.status', 'in', ['open', 'completed'])
      .execute();
    const heldNow = held.filter((row) => !sessionsBefore.has(row.id)).reduce((sum, row) => sum + row.quantity, 0);
    const stockRestored = (
      await db.selectFrom('product_variants').select('stock_quantity').where('id', '=', variant.id).executeTakeFirstOrThrow()
    ).stock_quantity;
    expect(stockRestored! + heldNow).toBe(stockBefore);
    // Taken in the middle: after the first purchases, before the last.
    expect(restoredPurchases.length).toBeGreaterThanOrEqual(sessionsBefore.size + 2);
    expect(restoredPurchases.length).toBeLessThan(
      await api.database.db
        .selectFrom('purchases')
        .select('id')
        .execute()
        .then((rows) => rows.length),
    );
  }, 120_000);

  it('refuse a target that is not empty, a backup of the other database, and a file that is not a backup', async () => {
    const file = await takeBackup('refusals.tar');
    const target = await emptyTarget();
    await restoreBackup(file, target);
    await expect(restoreBackup(file, target)).rejects.toThrow(BackupError);
    await expect(restoreBackup(file, target)).rejects.toThrow(/already (holds|has tables)/);

    const otherKind: RestoreTarget = onPostgres
      ? { kind: 'pglite', dataDir: await mkdtemp(join(work, 'data-')) }
      : { kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none', dataDir: await mkdtemp(join(work, 'data-')) };
    await expect(restoreBackup(file, otherKind)).rejects.toThrow(
      onPostgres ? /PostgreSQL \(DATABASE_URL\).*Set DATABASE_URL/ : /embedded database.*Unset DATABASE_URL/,
    );

    const cut = join(work, 'cut.tar');
    const whole = await open(file, 'r');
    const { size } = await whole.stat();
    const half = Buffer.alloc(Math.floor(size / 2));
    await whole.read(half, 0, half.length, 0);
    await whole.close();
    await writeFile(cut, half);
    await expect(restoreBackup(cut, await emptyTarget())).rejects.toThrow('This file is not a complete shop backup');

    const notes = join(work, 'notes.txt');
    await writeFile(notes, 'not a backup at all\n'.repeat(100));
    await expect(restoreBackup(notes, await emptyTarget())).rejects.toThrow('This file is not a complete shop backup');
    const reader = await open(file, 'r');
    expect((await readBackup(reader)).manifest.database).toBe(api.database.backend);
    await reader.close();
  });
});
