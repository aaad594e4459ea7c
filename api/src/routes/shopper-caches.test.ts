// What the catalogue watch keeps besides the catalogue (services/shopper-caches.ts): users for the sign-in check, carts and wishlists, each read again after any change.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { setVariant, shopper } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import { watchOf } from '../services/catalogue-watch';

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

describe("a customer's store credit kept with their cart, the watch listening", () => {
  const api = useTestApi({ watchCatalogue: true });
  const watch = () => watchOf(api.database.db)!;
  const creditOnCart = async (s: ReturnType<typeof shopper>) => (await s.get('/api/cart/')).body.store_credit as number;
  const idOf = async (email: string) =>
    (await api.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it('keeps a balance between cart calls, from none to a first credit, and reads it again after any change', async () => {
    const s = shopper(api);
    await s.register();
    const id = await idOf(s.email!);
    // No row yet: 0, kept too, until the first credit announces itself.
    expect(await creditOnCart(s)).toBe(0);
    expect(watch().creditsKept).toBeGreaterThan(0);
    await api.database.db.insertInto('store_credits').values({ user_id: id, balance: 2500, updated_at: api.clock.now() }).execute();
    await watch().settle();
    expect(await creditOnCart(s)).toBe(2500);
    // Kept: a change nobody announces is not seen (the trigger off for the proof)...
    await sql`ALTER TABLE store_credits DISABLE TRIGGER store_credits_changed`.execute(api.database.db);
    try {
      await api.database.db.updateTable('store_credits').set({ balance: 100 }).where('user_id', '=', id).execute();
      await watch().settle();
      expect(await creditOnCart(s)).toBe(2500);
    } finally {
      await sql`ALTER TABLE store_credits ENABLE TRIGGER store_credits_changed`.execute(api.database.db);
    }
    // ...an announced one is (a checkout that spent it, on another instance).
    await api.database.db.updateTable('store_credits').set({ balance: 700 }).where('user_id', '=', id).execute();
    await watch().settle();
    expect(await creditOnCart(s)).toBe(700);
    // The credit's own route reads the database, as ever.
    expect((await s.get('/api/user/store-credit')).body).toEqual({ balance: 700 });
  });

  it('forgets every kept balance when the table is emptied at once', async () => {
    const s = shopper(api);
    await s.register();
    await api.database.db
      .insertInto('store_credits')
      .values({ user_id: await idOf(s.email!), balance: 900, updated_at: api.clock.now() })
      .execute();
    await watch().settle();
    expect(await creditOnCart(s)).toBe(900);
    await sql`TRUNCATE store_credits`.execute(api.database.db);
    await watch().settle();
    expect(watch().creditsKept).toBe(0);
    expect(await creditOnCart(s)).toBe(0);
  });
});
