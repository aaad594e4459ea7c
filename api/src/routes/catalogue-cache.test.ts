import { sql } from 'kysely';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { setVariant, shopper } from '../../../tests/support/shopper';
import { startTestApi } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';
import { listCatalogue, productDetails } from '../services/catalogue';
import { watchOf } from '../services/catalogue-watch';

for (const watching of [false, true]) {
  describe(watching ? 'the catalogue kept in memory, its watch listening' : 'the catalogue kept in memory, asking the database', () => {
    const api = useTestApi({ watchCatalogue: watching });
    /** A change written straight to the database is announced on commit; on PostgreSQL it arrives a moment later. */
    const settle = async () => watchOf(api.database.db)?.settle();

    const version = async () =>
      (await sql<{ version: string }>`SELECT version::text AS version FROM catalogue_state`.execute(api.database.db)).rows[0].version;
    const list = async () =>
      (await api.app.request('/api/products/list', { method: 'POST' })).json() as Promise<
        { name: string; price: number; in_stock: boolean; is_variant_listing: boolean; variant_info: { variant_id: string } | null }[]
      >;
    const details = async (name: string) =>
      (await api.app.request(`/api/products/details?product_name=${encodeURIComponent(name)}`)).json();

    it('moves its version with the catalogue, not with stock', async () => {
      const [variant] = api.stocked;
      const before = await version();
      await setVariant(api, variant.id, { stock_quantity: 7 });
      expect(await version()).toBe(before);
      await setVariant(api, variant.id, { price: variant.price + 100 });
      expect(await version()).not.toBe(before);
      const after = await version();
      await api.database.db.updateTable('products').set({ short_description: 'Edited' }).where('id', '=', variant.product_id).execute();
      expect(await version()).not.toBe(after);
    });

    it('answers stock as it is now, and a catalogue change at once', async () => {
      const [variant] = api.stocked;
      await setVariant(api, variant.id, { stock_quantity: 3 });
      await settle();
      const first = await details(variant.name);
      expect(first.variants.find((v: { id: string }) => v.id === variant.id)).toMatchObject({ stock_quantity: 3, in_stock: true });
      // Stock moves without touching the kept catalogue, and the answer follows.
      await setVariant(api, variant.id, { stock_quantity: 0 });
      await settle();
      const sold = await details(variant.name);
      expect(sold.variants.find((v: { id: string }) => v.id === variant.id)).toMatchObject({ stock_quantity: 0, in_stock: false });
      await api.database.db
        .updateTable('product_variants')
        .set({ stock_quantity: 0 })
        .where('product_id', '=', variant.product_id)
        .execute();
      await settle();
      expect((await list()).find((item) => item.name === variant.name && !item.is_variant_listing)?.in_stock).toBe(false);
      await setVariant(api, variant.id, { stock_quantity: 2 });
      await settle();
      expect((await list()).find((item) => item.name === variant.name && !item.is_variant_listing)?.in_stock).toBe(true);

      // A price change shows on the next read.
      await setVariant(api, variant.id, { price: 12_345 });
      await settle();
      expect((await details(variant.name)).variants.find((v: { id: string }) => v.id === variant.id).price).toBe(12_345);
    });

    it('a change made through another connection (another API instance) shows on the next read', async () => {
      const other = await api.database.connectAgain();
      const [variant] = api.stocked;
      const name = variant.name;
      await listCatalogue(api.database.db);
      await productDetails(api.database.db, name, 'http://storage.test');
      await other.db.updateTable('products').set({ price: 9_900 }).where('id', '=', variant.product_id).execute();
      await settle();
      expect((await listCatalogue(api.database.db)).find((item) => item.name === name && !item.is_variant_listing)?.price).toBe(9_900);
      expect((await productDetails(api.database.db, name, 'http://storage.test')).price).toBe(9_900);
    });

    it("a cart line shows its variant's attributes and picture as the catalogue has them now", async () => {
      const [variant] = api.stocked;
      const buyer = shopper(api);
      expect((await buyer.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
      const line = async () => (await buyer.get('/api/cart/')).body.items[0];
      const before = await line();
      const [attribute] = before.variant_info.attributes;
      expect(attribute).toBeDefined();
      await api.database.db
        .updateTable('variant_attributes')
        .set({ value: 'Edited' })
        .where('variant_id', '=', variant.id)
        .where('attribute_name', '=', attribute.attribute_name)
        .execute();
      await api.database.db
        .updateTable('images')
        .set({ url: 'https://images.test/new.webp' })
        .where('type', '=', 'product')
        .where((eb) => eb.or([eb('variant_id', '=', variant.id), eb('product_id', '=', variant.product_id)]))
        .execute();
      await settle();
      const after = await line();
      expect(
        after.variant_info.attributes.find((a: { attribute_name: string }) => a.attribute_name === attribute.attribute_name).value,
      ).toBe('Edited');
      expect(after.product.image).toBe('https://images.test/new.webp');
    });

    it('answers not_found for a name it does not know, every time, without keeping it', async () => {
      for (let i = 0; i < 2; i++) {
        const res = await api.app.request('/api/products/details?product_name=No%20Such%20Thing');
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ detail: 'Product not found', code: 'not_found' });
      }
    });
  });
}

describe('kept answers over HTTP', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  beforeAll(async () => {
    api = await startTestApi({ watchCatalogue: true });
  });
  afterAll(async () => api?.cleanup());

  it('a client library that takes compression reads the same list; one that asks for nothing gets the text', async () => {
    // undici's request sends no Accept-Encoding (the storefront's client): the JSON as it is.
    const plain = await request(`${api.url}/api/products/list`, { method: 'POST' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = await plain.body.text();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(text));
    // fetch asks for gzip (and br where it can) and undoes it.
    const fetched = await fetch(`${api.url}/api/products/list`, { method: 'POST' });
    expect(fetched.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(Number(fetched.headers.get('content-length'))).toBeLessThan(Buffer.byteLength(text) / 4);
    expect(await fetched.text()).toBe(text);
  });
});
