import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setVariant } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import { listCatalogue, productDetails } from '../services/catalogue';

const api = useTestApi();

const version = async () => (await sql<{ version: string }>`SELECT version::text AS version FROM catalogue_state`.execute(api.database.db)).rows[0].version;
const list = async () => (await api.app.request('/api/products/list', { method: 'POST' })).json() as Promise<{ name: string; price: number; in_stock: boolean; is_variant_listing: boolean; variant_info: { variant_id: string } | null }[]>;
const details = async (name: string) => (await api.app.request(`/api/products/details?product_name=${encodeURIComponent(name)}`)).json();

describe('the catalogue kept in memory', () => {
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
    const first = await details(variant.name);
    expect(first.variants.find((v: { id: string }) => v.id === variant.id)).toMatchObject({ stock_quantity: 3, in_stock: true });
    // Stock moves without touching the kept catalogue, and the answer follows.
    await setVariant(api, variant.id, { stock_quantity: 0 });
    const sold = await details(variant.name);
    expect(sold.variants.find((v: { id: string }) => v.id === variant.id)).toMatchObject({ stock_quantity: 0, in_stock: false });
    await api.database.db.updateTable('product_variants').set({ stock_quantity: 0 }).where('product_id', '=', variant.product_id).execute();
    expect((await list()).find((item) => item.name === variant.name && !item.is_variant_listing)?.in_stock).toBe(false);
    await setVariant(api, variant.id, { stock_quantity: 2 });
    expect((await list()).find((item) => item.name === variant.name && !item.is_variant_listing)?.in_stock).toBe(true);

    // A price change shows on the next read.
    await setVariant(api, variant.id, { price: 12_345 });
    expect((await details(variant.name)).variants.find((v: { id: string }) => v.id === variant.id).price).toBe(12_345);
  });

  it('a change made through another connection (another API instance) shows on the next read', async () => {
    const other = await api.database.connectAgain();
    const [variant] = api.stocked;
    const name = variant.name;
    await listCatalogue(api.database.db);
    await productDetails(api.database.db, name, 'http://storage.test');
    await other.db.updateTable('products').set({ price: 9_900 }).where('id', '=', variant.product_id).execute();
    expect((await listCatalogue(api.database.db)).find((item) => item.name === name && !item.is_variant_listing)?.price).toBe(9_900);
    expect((await productDetails(api.database.db, name, 'http://storage.test')).price).toBe(9_900);
  });

  it('answers not_found for a name it does not know, every time, without keeping it', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await api.app.request('/api/products/details?product_name=No%20Such%20Thing');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Product not found', code: 'not_found' });
    }
  });
});
