// The catalogue watch: stock moves taken as announced, answers kept until something moves, compressed once, a rollback announcing nothing.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { buyThroughCheckout, setVariant, shopper } from '../../../tests/support/shopper';
import { TEST_ADMIN_TOKEN } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';
import { ENCODE_FROM_BYTES } from '../kept-answers';
import { watchOf } from '../services/catalogue-watch';

describe('the catalogue watch', () => {
  const api = useTestApi({ watchCatalogue: true });
  const watch = () => watchOf(api.database.db)!;
  const detailsOf = async (name: string) =>
    (await api.app.request(`/api/products/details?product_name=${encodeURIComponent(name)}`)).json();
  const stockShown = async (variant: { id: string; name: string }) =>
    (await detailsOf(variant.name)).variants.find((v: { id: string }) => v.id === variant.id).stock_quantity as number;

  it('takes each stock move as it is announced, without reading the whole stock again', async () => {
    const [variant] = api.stocked;
    expect(watch().listening).toBe(true);
    await stockShown(variant);
    const loads = watch().stockLoads;
    for (const quantity of [5, 0, 9]) {
      await setVariant(api, variant.id, { stock_quantity: quantity });
      await watch().settle();
      expect(await stockShown(variant)).toBe(quantity);
    }
    expect(watch().stockLoads).toBe(loads);
    // A catalogue change may add variants: the stock is read once again, as a whole.
    await api.database.db.updateTable('products').set({ short_description: 'Announced' }).where('id', '=', variant.product_id).execute();
    await watch().settle();
    expect((await detailsOf(variant.name)).short_description).toBe('Announced');
    expect(watch().stockLoads).toBe(loads + 1);
  });

  it('answers a change made through the API on the very next read, with nothing to wait for', async () => {
    const [variant] = api.stocked;
    const before = await stockShown(variant);
    const restocked = await api.app.request('/api/admin/restock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body: JSON.stringify({ sku: variant.sku, quantity: 4 }),
    });
    expect(restocked.status).toBe(200);
    expect(await stockShown(variant)).toBe(before + 4);
    // A purchase takes its unit at checkout; the list and the product page say so at once.
    const buyer = shopper(api);
    await buyer.signInAsGuest();
    await buyThroughCheckout(api, buyer, [{ id: variant.id, quantity: 2 }]);
    expect(await stockShown(variant)).toBe(before + 2);
  });

  it('answers the same text until something moves, and turns coming soon into the product when it launches', async () => {
    const [variant] = api.stocked;
    const browse = async () => {
      const res = await api.app.request(`/api/products/browse?q=${encodeURIComponent(variant.name)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      return res.json() as Promise<{ items: { name: string; in_stock: boolean; coming_soon: boolean; is_variant_listing: boolean }[] }>;
    };
    const own = async () => (await browse()).items.find((item) => item.name === variant.name && !item.is_variant_listing)!;
    const launch = new Date(api.clock.now().getTime() + 60 * 60_000);
    await api.database.db.updateTable('products').set({ launch_date: launch }).where('id', '=', variant.product_id).execute();
    await watch().settle();
    expect(await own()).toMatchObject({ coming_soon: true, in_stock: true });
    expect((await detailsOf(variant.name)).coming_soon).toBe(true);
    // Nothing announced, but the launch passes: the kept answer is not used past it.
    api.clock.advance(61 * 60_000);
    expect(await own()).toMatchObject({ coming_soon: false });
    expect((await detailsOf(variant.name)).coming_soon).toBe(false);
    // Every variant of the product sold out: announced as stock, and the kept answer goes.
    await api.database.db.updateTable('product_variants').set({ stock_quantity: 0 }).where('product_id', '=', variant.product_id).execute();
    await watch().settle();
    expect(await own()).toMatchObject({ in_stock: false });
  });

  it('sends a large answer in br or gzip to a client that takes it, the same JSON, compressed again after a change', async () => {
    const [variant] = api.stocked;
    const listAs = (acceptEncoding?: string) =>
      api.app.request('/api/products/list', {
        method: 'POST',
        headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
      });
    const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

    const plain = await listAs();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(ENCODE_FROM_BYTES);

    // What browsers send: br, the server's first choice.
    const br = await listAs('gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = await bytes(br);
    expect(brBytes.length).toBeLessThan(text.length / 4);
    expect(brotliDecompressSync(brBytes).toString()).toBe(text);
    // Kept: the second client gets the very same bytes.
    expect((await bytes(await listAs('br'))).equals(brBytes)).toBe(true);

    const gzip = await listAs('gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(text);
    // A client that refuses both, or names neither, gets the text.
    for (const refusing of ['br;q=0, gzip;q=0', 'identity', 'deflate']) {
      const res = await listAs(refusing);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(await res.text()).toBe(text);
    }

    // A change: the next compressed answer says it.
    await api.database.db.updateTable('products').set({ price: 54_321 }).where('id', '=', variant.product_id).execute();
    await watch().settle();
    const after = JSON.parse(brotliDecompressSync(await bytes(await listAs('br'))).toString()) as {
      name: string;
      price: number;
      is_variant_listing: boolean;
    }[];
    expect(after.find((item) => item.name === variant.name && !item.is_variant_listing)?.price).toBe(54_321);

    // A small answer goes as it is, whatever the client takes.
    const none = await api.app.request('/api/products/browse?q=nothing-is-called-this', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(none.status).toBe(200);
    expect(none.headers.get('content-encoding')).toBeNull();
    expect((await none.json()).items).toEqual([]);
  });

  it('a rolled-back change announces nothing', async () => {
    const [variant] = api.stocked;
    const before = await stockShown(variant);
    await expect(
      api.database.db.transaction().execute(async (tx) => {
        await tx.updateTable('product_variants').set({ stock_quantity: 77 }).where('id', '=', variant.id).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await watch().settle();
    expect(await stockShown(variant)).toBe(before);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('reads from the database while its connection is lost, then listens again', async () => {
    const [variant] = api.stocked;
    await stockShown(variant);
    const { schema } = (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(api.database.db)).rows[0];
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${`shop_catalogue_${schema}`}`.execute(
      api.database.db,
    );
    await expect.poll(() => watch().listening).toBe(false);
    expect(watch().usersKept).toBe(0);
    // Nothing announced meanwhile is lost: reads ask the database.
    await setVariant(api, variant.id, { stock_quantity: 13 });
    expect(await stockShown(variant)).toBe(13);
    await expect.poll(() => watch().listening, { timeout: 5_000 }).toBe(true);
    await setVariant(api, variant.id, { stock_quantity: 14 });
    await watch().settle();
    expect(await stockShown(variant)).toBe(14);
  });
});
