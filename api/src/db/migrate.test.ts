import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { CATALOGUE } from '../seed/catalogue-data';
import { seedCatalogue } from '../seed/database';
import type { DatabaseHandle } from './database';
import { migrate, migrations } from './migrate';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(); // already migrated once
});
afterAll(() => database.cleanup());

async function count(table: 'products' | 'product_variants' | 'images' | 'variant_attributes' | 'size_charts') {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A database made from nothing and migrated in full (a new engine, then every migration): 5–10 s on a
 * quiet machine, near the default 30 s on a loaded one.
 */
const FROM_NOTHING_MS = 90_000;

describe('migrations', () => {
  it('records every migration and applies nothing the second time', async () => {
    const recorded = await database.db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
    expect(recorded.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    expect(await migrate(database)).toEqual([]);
  });

  it(
    'applies each migration once when two runs start together on a fresh database',
    async () => {
      const fresh = await createTestDatabase({ migrate: false });
      try {
        const results = await Promise.all([migrate(fresh), migrate(fresh)]);
        expect(results.flat().sort()).toEqual(migrations.map((m) => m.name));
        const recorded = await fresh.db.selectFrom('schema_migrations').select('name').execute();
        expect(recorded).toHaveLength(migrations.length);
      } finally {
        await fresh.cleanup();
      }
    },
    FROM_NOTHING_MS,
  );
});

// Only PostgreSQL serves several API processes; PGlite belongs to one process (its lock file).
describe.runIf(process.env.TEST_DB === 'postgres')('two API instances starting together on one PostgreSQL', () => {
  it(
    'apply each migration once and write the catalogue once, each on its own connections',
    async () => {
      const fresh = await createTestDatabase({ migrate: false });
      try {
        const other = await fresh.connectAgain();
        const start = async (handle: DatabaseHandle) => {
          const applied = await migrate(handle);
          const { inserted } = await seedCatalogue(handle.db);
          return { applied, inserted };
        };
        const [a, b] = await Promise.all([start(fresh), start(other)]);
        expect([...a.applied, ...b.applied].sort()).toEqual(migrations.map((m) => m.name));
        expect([...a.inserted, ...b.inserted].sort()).toEqual(CATALOGUE.map((p) => p.name).sort());
        const products = await fresh.db.selectFrom('products').select('name').execute();
        expect(products).toHaveLength(CATALOGUE.length);
        expect(await fresh.db.selectFrom('schema_migrations').select('name').execute()).toHaveLength(migrations.length);
      } finally {
        await fresh.cleanup();
      }
    },
    FROM_NOTHING_MS,
  );
});

describe('seed', () => {
  it('writes the catalogue once, however often it runs', async () => {
    const first = await seedCatalogue(database.db);
    expect(first.inserted).toEqual(CATALOGUE.map((p) => p.name));
    const before = await Promise.all([
      count('products'),
      count('product_variants'),
      count('images'),
      count('variant_attributes'),
      count('size_charts'),
    ]);
    const second = await seedCatalogue(database.db);
    expect(second.inserted).toEqual([]);
    const after = await Promise.all([
      count('products'),
      count('product_variants'),
      count('images'),
      count('variant_attributes'),
      count('size_charts'),
    ]);
    expect(after).toEqual(before);
    expect(before[0]).toBe(CATALOGUE.length);
  });

  it('has an out-of-stock variant, a fully sold-out product and variants over every colour and size', async () => {
    const variants = await database.db
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select(['products.name', 'product_variants.stock_quantity', 'product_variants.sku'])
      .execute();
    // The seeded catalogue counts every variant's stock.
    expect(variants.filter((v) => v.stock_quantity === null)).toEqual([]);
    const byProduct = new Map<string, (number | null)[]>();
    for (const v of variants) byProduct.set(v.name, [...(byProduct.get(v.name) ?? []), v.stock_quantity]);
    const soldOut = [...byProduct].filter(([, stock]) => stock.every((q) => q === 0)).map(([name]) => name);
    expect(soldOut).toEqual(['Tracer Hoodie']);
    const partly = [...byProduct].filter(([, stock]) => stock.some((q) => q === 0) && stock.some((q) => q !== null && q > 0));
    expect(partly.length).toBeGreaterThan(0);
    const values = await database.db.selectFrom('variant_attributes').select(['attribute_name', 'value']).distinct().execute();
    const of = (name: string) =>
      values
        .filter((v) => v.attribute_name === name)
        .map((v) => v.value)
        .sort();
    expect(of('color')).toEqual(['BEIGE', 'BLACK', 'GREY', 'RED']);
    expect(of('size')).toEqual(['L/XL', 'S/M']);
    expect(of('material')).toEqual(['COTTON']);
    expect(of('treatment')).toEqual(['PLAIN']);
  });
});

describe('migration 027', () => {
  it("writes the seeded variants' descriptions in the shop's words, size last, and leaves others alone", async () => {
    const variant = (sku: string) =>
      database.db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select(['v.id', 'v.description', 'p.name'])
        .where('v.sku', '=', sku)
        .executeTakeFirstOrThrow();
    const [grey, black] = [await variant('PT-GRY-LXL'), await variant('PT-BLK-SM')];
    // What the seed writes now.
    expect(grey.description).toBe('Padded Tee · Concrete grey · Plain, no print · 100% cotton · Large to extra large');
    await database.db
      .updateTable('product_variants')
      .set({ description: 'Padded Tee · GREY · L/XL · COTTON · PLAIN' })
      .where('id', '=', grey.id)
      .execute();
    await database.db.updateTable('product_variants').set({ description: 'Black, S' }).where('id', '=', black.id).execute();
    await database.exec(migrations.find((m) => m.name === '027_variant_description_order')!.sql);
    expect((await variant('PT-GRY-LXL')).description).toBe(
      'Padded Tee · Concrete grey · Plain, no print · 100% cotton · Large to extra large',
    );
    expect((await variant('PT-BLK-SM')).description).toBe('Black, S');
  });
});

describe('migration 040', () => {
  it("stops counting the stock of gift-card variants (their stand-in 1,000,000 goes), and leaves every other variant's", async () => {
    const db = database.db;
    const product = await db
      .insertInto('products')
      .values({ name: 'Gift Card before 040', price: 2_500, launch_date: new Date(), gift_card: true, short_description: 'Gift card' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('product_variants')
      .values([
        { product_id: product.id, sku: 'GIFT-OLD-25', description: '€25', price: 2_500, stock_quantity: 1_000_000, position: 0 },
        { product_id: product.id, sku: 'GIFT-OLD-50', description: '€50', price: 5_000, stock_quantity: 999_997, position: 1 },
      ])
      .execute();
    const stockBefore = await db
      .selectFrom('product_variants')
      .select(['sku', 'stock_quantity'])
      .where('sku', 'not like', 'GIFT-%')
      .execute();
    await database.exec(migrations.find((m) => m.name === '040_gift_cards_not_stocked')!.sql);
    const gift = await db
      .selectFrom('product_variants')
      .select(['sku', 'stock_quantity'])
      .where('product_id', '=', product.id)
      .orderBy('sku')
      .execute();
    expect(gift).toEqual([
      { sku: 'GIFT-OLD-25', stock_quantity: null },
      { sku: 'GIFT-OLD-50', stock_quantity: null },
    ]);
    const stockAfter = await db
      .selectFrom('product_variants')
      .select(['sku', 'stock_quantity'])
      .where('sku', 'not like', 'GIFT-%')
      .execute();
    expect(stockAfter).toEqual(stockBefore);
    await db.deleteFrom('products').where('id', '=', product.id).execute();
  });
});
