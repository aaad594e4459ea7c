import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { sql } from 'kysely';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buyThroughCheckout, setVariant, shopper } from '../../../tests/support/shopper';
import { startTestApi, TEST_ADMIN_TOKEN } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';
import { ENCODE_FROM_BYTES } from '../kept-answers';
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

describe('the sign-in check with the watch listening', () => {
  const api = useTestApi({ watchCatalogue: true });
  const watch = () => watchOf(api.database.db)!;
  const firstName = async (s: ReturnType<typeof shopper>) => (await s.get('/api/user/profile')).body.first_name as string;

  it("keeps a user's row between calls, and reads it again after any change to it", async () => {
    const s = shopper(api);
    await s.register();
    expect(await firstName(s)).toBe('Ada');
    expect(watch().usersKept).toBeGreaterThan(0);
    // Kept: a change nobody announces is not seen (the trigger off for the proof)...
    await sql`ALTER TABLE users DISABLE TRIGGER users_changed`.execute(api.database.db);
    try {
      await api.database.db.updateTable('users').set({ first_name: 'Unseen' }).where('email', '=', s.email!).execute();
      await watch().settle();
      expect(await firstName(s)).toBe('Ada');
    } finally {
      await sql`ALTER TABLE users ENABLE TRIGGER users_changed`.execute(api.database.db);
    }
    // ...an announced one is: written straight to the database (another instance, the shop CLI)...
    await api.database.db.updateTable('users').set({ first_name: 'Grace' }).where('email', '=', s.email!).execute();
    await watch().settle();
    expect(await firstName(s)).toBe('Grace');
    // ...or through this API, on the very next call.
    expect((await s.put('/api/user/profile', { first_name: 'Lina', last_name: 'Rossi' })).status).toBe(200);
    expect(await firstName(s)).toBe('Lina');
  });

  it('refuses a guest as soon as the row says their session has ended, and a user whose row is gone', async () => {
    const guest = shopper(api);
    await guest.signInAsGuest();
    expect((await guest.get('/api/cart/count')).status).toBe(200);
    expect((await guest.get('/api/user/purchases')).status).toBe(200);
    await api.database.db
      .updateTable('users')
      .set({ session_expires_at: new Date(api.clock.now().getTime() - 1000) })
      .where('email', '=', guest.email!)
      .execute();
    await watch().settle();
    const expired = await guest.get('/api/user/purchases');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('guest_session_expired');

    const member = shopper(api);
    await member.register();
    expect((await member.get('/api/user/profile')).status).toBe(200);
    const { id } = await api.database.db.selectFrom('users').select('id').where('email', '=', member.email!).executeTakeFirstOrThrow();
    await api.database.db.deleteFrom('users').where('id', '=', id).execute();
    await watch().settle();
    expect((await member.get('/api/user/profile')).status).toBe(401);
  });

  // Last in the file: it empties the shop's users.
  it('forgets every kept row when the users table is emptied at once', async () => {
    const s = shopper(api);
    await s.register();
    expect((await s.get('/api/user/profile')).status).toBe(200);
    expect(watch().usersKept).toBeGreaterThan(0);
    await sql`TRUNCATE users CASCADE`.execute(api.database.db);
    await watch().settle();
    expect(watch().usersKept).toBe(0);
    expect((await s.get('/api/user/profile')).status).toBe(401);
  });
});

describe('the cart kept in memory, the watch listening', () => {
  const api = useTestApi({ watchCatalogue: true });
  const watch = () => watchOf(api.database.db)!;
  type Cart = {
    cart_id: string | null;
    total_items: number;
    total_price: number;
    items: { quantity: number; price_at_addition: number; variant_info: { stock_quantity: number } }[];
  };
  const cartOf = async (s: ReturnType<typeof shopper>) => (await s.get('/api/cart/')).body as Cart;
  const countOf = async (s: ReturnType<typeof shopper>) => (await s.get('/api/cart/count')).body.total_items as number;
  const setQuantity = (cartId: string, quantity: number) =>
    api.database.db.updateTable('cart_items').set({ quantity }).where('cart_id', '=', cartId).execute();

  it("keeps a signed-in shopper's cart between calls, and reads it again after any change to it or to what it shows", async () => {
    const [variant, other] = api.stocked;
    const s = shopper(api);
    await s.register();
    expect((await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
    const first = await cartOf(s);
    expect(first.total_items).toBe(1);
    expect(watch().cartsKept).toBeGreaterThan(0);
    const cartId = first.cart_id!;

    // Kept: a change nobody announces is not seen, on the cart or its badge (the trigger off for the proof)...
    await sql`ALTER TABLE cart_items DISABLE TRIGGER cart_items_changed`.execute(api.database.db);
    try {
      await setQuantity(cartId, 5);
      await watch().settle();
      expect((await cartOf(s)).total_items).toBe(1);
      expect(await countOf(s)).toBe(1);
    } finally {
      await sql`ALTER TABLE cart_items ENABLE TRIGGER cart_items_changed`.execute(api.database.db);
    }
    // ...an announced one is: written straight to the database (another instance)...
    await setQuantity(cartId, 3);
    await watch().settle();
    expect((await cartOf(s)).total_items).toBe(3);
    expect(await countOf(s)).toBe(3);
    // ...or through this API, on the very next call...
    expect((await s.post('/api/cart/add', { variant_id: other.id, quantity: 2 })).status).toBe(200);
    expect((await cartOf(s)).total_items).toBe(5);
    expect(await countOf(s)).toBe(5);
    // ...and so is a change to what a line shows: its stock, its price.
    await setVariant(api, variant.id, { stock_quantity: 7 });
    await watch().settle();
    const line = (await cartOf(s)).items.find((item) => item.quantity === 3)!;
    expect(line.variant_info.stock_quantity).toBe(7);
    await setVariant(api, variant.id, { price: line.price_at_addition + 100 });
    await watch().settle();
    expect((await cartOf(s)).items.find((item) => item.quantity === 3)!.price_at_addition).toBe(line.price_at_addition + 100);
    await setVariant(api, variant.id, { price: line.price_at_addition, stock_quantity: variant.stock_quantity });
  });

  it('keeps an anonymous cart by its cart, and shows a merge at sign-in at once', async () => {
    const [variant] = api.stocked;
    const anonymous = shopper(api);
    expect((await anonymous.post('/api/cart/add', { variant_id: variant.id, quantity: 2 })).status).toBe(200);
    expect((await cartOf(anonymous)).total_items).toBe(2);
    expect((await cartOf(anonymous)).total_items).toBe(2);
    expect((await anonymous.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
    expect((await cartOf(anonymous)).total_items).toBe(3);

    // A member's cart is kept; then their anonymous cart from another tab is merged into it at sign-in.
    const member = shopper(api);
    await member.register();
    expect((await member.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
    expect((await cartOf(member)).total_items).toBe(1);
    expect(await countOf(member)).toBe(1);
    await anonymous.login(member.email!);
    expect((await cartOf(member)).total_items).toBe(4);
    expect(await countOf(member)).toBe(4);
    expect((await cartOf(anonymous)).total_items).toBe(4);
  });

  // Last in the describe: it empties the shop's carts.
  it('forgets every kept cart when the carts are emptied at once', async () => {
    const [variant] = api.stocked;
    const s = shopper(api);
    await s.register();
    expect((await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
    expect((await cartOf(s)).total_items).toBe(1);
    expect(watch().cartsKept).toBeGreaterThan(0);
    await sql`TRUNCATE cart_items`.execute(api.database.db);
    await watch().settle();
    expect(watch().cartsKept).toBe(0);
    expect((await cartOf(s)).total_items).toBe(0);
    expect(await countOf(s)).toBe(0);
  });
});

describe("a shopper's wishlist kept in memory, the watch listening", () => {
  const api = useTestApi({ watchCatalogue: true });
  const watch = () => watchOf(api.database.db)!;
  const waiting = async (email: string) =>
    (await api.app.request(`/api/products/wishlist?email=${encodeURIComponent(email)}`)).json() as Promise<
      { product_id: string | null; product_variant_id: string | null }[]
    >;
  const ask = async (email: string, productId: string) =>
    (
      await api.app.request('/api/products/wishlist', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, product_id: productId }),
      })
    ).status;

  it('keeps the waiting requests of an email between calls, and reads them again after any change to them', async () => {
    const [first, second] = api.stocked;
    const email = `waiting-${Date.now()}@example.com`;
    expect(await ask(` ${email.toUpperCase()} `, first.product_id)).toBe(201);
    expect(await waiting(email)).toEqual([expect.objectContaining({ product_id: first.product_id })]);
    expect(watch().wishlistsKept).toBeGreaterThan(0);
    // Kept: a change nobody announces is not seen (the trigger off for the proof)...
    await sql`ALTER TABLE wishlist_entries DISABLE TRIGGER wishlist_entries_changed`.execute(api.database.db);
    try {
      await api.database.db.updateTable('wishlist_entries').set({ notified_at: new Date() }).where('email', '=', email).execute();
      await watch().settle();
      expect(await waiting(email)).toHaveLength(1);
    } finally {
      await sql`ALTER TABLE wishlist_entries ENABLE TRIGGER wishlist_entries_changed`.execute(api.database.db);
    }
    // ...an announced one is (the back-in-stock email sent by another instance)...
    await api.database.db.updateTable('wishlist_entries').set({ notified_at: new Date() }).where('email', '=', email).execute();
    await watch().settle();
    expect(await waiting(email)).toEqual([]);
    // ...and so is a request made through this API, on the very next call, whatever the case it was typed in.
    expect(await ask(email, second.product_id)).toBe(201);
    expect((await waiting(email.toUpperCase())).map((entry) => entry.product_id)).toEqual([second.product_id]);
  });

  it('forgets every kept wishlist when the table is emptied at once', async () => {
    const [variant] = api.stocked;
    const email = `emptied-${Date.now()}@example.com`;
    expect(await ask(email, variant.product_id)).toBe(201);
    expect(await waiting(email)).toHaveLength(1);
    await sql`TRUNCATE wishlist_entries`.execute(api.database.db);
    await watch().settle();
    expect(watch().wishlistsKept).toBe(0);
    expect(await waiting(email)).toEqual([]);
  });
});

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
