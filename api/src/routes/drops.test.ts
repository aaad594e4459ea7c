import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { buyThroughCheckout, shopper } from '../../../tests/support/shopper';
import { cliHeaders, staffMember } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { claimUnits, dropJobHandlers, launchJobKey } from '../services/drops';
import { pendingJobs, runDueJobs } from '../services/jobs';
import type { Mailer } from '../services/mail';
import { readOutbox } from '../services/mail';

const api = useTestApi();

async function admin(method: string, path: string, body?: unknown, headers: Record<string, string> = cliHeaders) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

let made = 0;
/** A new product through the owner's route: 2 colours × 3 sizes, launching `inMs` from the API's now. */
async function newDrop(options: { inMs?: number; limit?: number | null; stock?: number } = {}) {
  made += 1;
  const name = `Drop Hoodie ${made}`;
  const res = await admin('POST', 'products', {
    name,
    category: 'Hoodies',
    short_description: 'Heavy fleece, boxy fit.',
    long_description: '## Fabric\n480 gsm brushed fleece.',
    price: 8_900,
    launch_date: new Date(api.clock.now().getTime() + (options.inMs ?? 120_000)).toISOString(),
    purchase_limit: options.limit === undefined ? 1 : options.limit,
    sku_prefix: `DH${made}`,
    colours: ['Black', 'Sand'],
    sizes: ['S', 'M', 'L/XL'],
    stock_per_variant: options.stock ?? 25,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; launch_date: string; variants: { id: string; sku: string }[] };
}

const runJobs = () => runDueJobs(api.deps, dropJobHandlers(api.deps));

describe('the owner creates products', () => {
  it('makes one variant per colour and size, in the shop display order, audited; the name and SKUs stay unique; staff may not', async () => {
    const drop = await newDrop({ inMs: -60_000, limit: null });
    expect(drop.variants.map((v) => v.sku)).toEqual([
      `DH${made}-BLACK-S`,
      `DH${made}-BLACK-M`,
      `DH${made}-BLACK-LXL`,
      `DH${made}-SAND-S`,
      `DH${made}-SAND-M`,
      `DH${made}-SAND-LXL`,
    ]);
    const details = await api.app.request(`/api/products/details?product_name=${encodeURIComponent(drop.name)}`);
    const body = await details.json();
    expect(body).toMatchObject({
      name: drop.name,
      price: 8_900,
      coming_soon: false,
      purchase_limit: null,
      categories: [{ name: 'Hoodies' }],
    });
    expect(body.variants[2].attributes.map((a: { attribute_name: string; value: string }) => `${a.attribute_name}=${a.value}`)).toEqual([
      'color=BLACK',
      'size=L/XL',
    ]);
    // Shoppers read the owner's own words; the codes stay for addresses and filters.
    expect(body.variants[3].attributes.map((a: { value_description: string | null }) => a.value_description)).toEqual(['Sand', 'S']);
    const audit = await admin('GET', `audit?subject_type=product&subject_id=${drop.id}`);
    expect(audit.body[0]).toMatchObject({ actor: 'cli', action: 'product.create' });

    const again = await admin('POST', 'products', {
      ...body,
      name: drop.name,
      category: 'Hoodies',
      launch_date: drop.launch_date,
      purchase_limit: null,
      sku_prefix: 'ZZ',
      colours: ['Black'],
      sizes: ['S'],
      stock_per_variant: 1,
    });
    expect(again).toEqual({ status: 409, body: { detail: `A product named ${drop.name} already exists`, code: 'already_exists' } });
    const sameSkus = await admin('POST', 'products', {
      ...body,
      name: 'Other Hoodie',
      category: 'Hoodies',
      launch_date: drop.launch_date,
      purchase_limit: null,
      sku_prefix: `DH${made}`,
      colours: ['Black'],
      sizes: ['S'],
      stock_per_variant: 1,
    });
    expect(sameSkus.status).toBe(409);
    expect(await api.database.db.selectFrom('products').select('id').where('name', '=', 'Other Hoodie').executeTakeFirst()).toBeUndefined();

    for (const wrong of [
      { name: '' },
      { price: -1 },
      { colours: [] },
      { colours: ['Black', 'black'] },
      { sku_prefix: 'a' },
      { purchase_limit: 0 },
      { launch_date: 'soon' },
    ]) {
      expect(
        (
          await admin('POST', 'products', {
            ...body,
            category: 'Hoodies',
            launch_date: drop.launch_date,
            purchase_limit: null,
            sku_prefix: 'QQ',
            colours: ['Red'],
            sizes: ['S'],
            stock_per_variant: 1,
            name: 'Fresh Name',
            ...wrong,
          })
        ).status,
      ).toBe(422);
    }
    const staff = await staffMember(api, 'staff');
    expect((await admin('GET', 'products', undefined, { Authorization: `Bearer ${staff.token}` })).status).toBe(403);
  });

  it('a product without a launch time is on sale now, and a drop whose launch is cleared goes on sale now', async () => {
    made += 1;
    const now = api.clock.now().getTime();
    const base = {
      category: 'Hoodies',
      short_description: 'Heavy fleece.',
      long_description: '',
      price: 8_900,
      purchase_limit: null,
      colours: ['Black'],
      sizes: ['M'],
      stock_per_variant: 3,
    };
    const plain = await admin('POST', 'products', { ...base, name: `Plain Hoodie ${made}`, sku_prefix: `PH${made}` });
    expect(plain.status).toBe(201);
    expect(plain.body.coming_soon).toBe(false);
    expect(new Date(plain.body.launch_date).getTime()).toBe(now);

    const drop = await newDrop({ inMs: 86_400_000 });
    const { variants: _variants, ...current } = (await admin('GET', `products/${drop.id}`)).body;
    const edited = await admin('PUT', `products/${drop.id}`, { ...current, category: 'Hoodies', launch_date: null });
    expect(edited.status).toBe(200);
    expect(edited.body.coming_soon).toBe(false);
    // A product on sale already keeps its launch (and its place in the shop) when the field is left empty.
    const again = await admin('PUT', `products/${drop.id}`, { ...current, category: 'Hoodies', launch_date: null });
    expect(again.body.launch_date).toBe(edited.body.launch_date);
  });

  it('renaming keeps the old name as a redirect; an edit is audited with what it replaced', async () => {
    const drop = await newDrop({ inMs: -60_000 });
    const current = (await admin('GET', `products/${drop.id}`)).body;
    const edit = {
      name: `${drop.name} Renamed`,
      category: 'Outerwear',
      short_description: 'New words.',
      long_description: '',
      price: 9_500,
      launch_date: current.launch_date,
      purchase_limit: 2,
    };
    const res = await admin('PUT', `products/${drop.id}`, edit);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: edit.name, category: 'Outerwear', price: 9_500, purchase_limit: 2 });
    expect(res.body.variants.every((v: { price: number }) => v.price === 9_500)).toBe(true);
    const renamed = await api.app.request(`/api/products/renamed?product_name=${encodeURIComponent(drop.name)}`);
    expect(await renamed.json()).toEqual({ name: edit.name });
    expect((await api.app.request('/api/products/renamed?product_name=Never%20Was')).status).toBe(404);
    const audit = (await admin('GET', `audit?subject_type=product&subject_id=${drop.id}`)).body[0];
    expect(audit).toMatchObject({
      action: 'product.edit',
      before: { name: drop.name, price: 8_900, purchase_limit: 1 },
      after: { name: edit.name, price: 9_500 },
    });
    expect((await admin('PUT', `products/${drop.id}`, { ...edit, price: 'free' })).status).toBe(422);
    expect((await admin('GET', `products/${drop.id}`)).body.price).toBe(9_500);
  });
});

describe('a drop', () => {
  it('is shown but not sold before its launch; its list is mailed once at the launch; then it sells', async () => {
    const drop = await newDrop({ inMs: 120_000 });
    const listed = (await (await api.app.request('/api/products/list', { method: 'POST' })).json()).find(
      (p: { name: string }) => p.name === drop.name,
    );
    expect(listed).toMatchObject({ coming_soon: true, purchase_limit: 1 });

    const fan = shopper(api);
    await fan.register();
    const early = await fan.post('/api/cart/add', { variant_id: drop.variants[0].id, quantity: 1 });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('not_launched');
    expect(early.body.detail).toMatch(new RegExp(`^${drop.name} is not on sale yet: it launches on .+ CET$`));
    const quick = await fan.post('/api/checkout/quick', {
      product_variant_id: drop.variants[0].id,
      success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/c',
      metadata: {},
    });
    expect(quick.body.code).toBe('not_launched');

    const other = shopper(api);
    await other.register();
    for (const s of [fan, other])
      expect((await s.post('/api/products/wishlist', { email: s.email, product_id: drop.id })).status).toBeLessThan(300);
    // A launch list entry for a variant counts as well.
    expect(
      (await other.post('/api/products/wishlist', { email: other.email, product_variant_id: drop.variants[1].id })).status,
    ).toBeLessThan(300);

    // Not yet: nothing is due and nobody is mailed.
    expect(await runJobs()).toBe(0);
    api.clock.advance(121_000);
    // Two instances polling at once: the launch runs once, then one mail job per entry.
    await Promise.all([runJobs(), runJobs()]);
    await Promise.all([runJobs(), runJobs()]);
    const launched = (mail: { subject: string }) => mail.subject === `Live now: ${drop.name}`;
    expect((await readOutbox(api.database.db, fan.email!)).filter(launched)).toHaveLength(1);
    expect((await readOutbox(api.database.db, other.email!)).filter(launched)).toHaveLength(2);
    const [mail] = (await readOutbox(api.database.db, fan.email!)).filter(launched);
    expect(mail.text).toContain(`/product/${encodeURIComponent(drop.name)}`);
    expect(mail.text).toContain('each customer can buy 1 unit');
    expect(await pendingJobs(api.database.db)).toEqual([]);
    expect(await runJobs()).toBe(0);

    const details = await (await api.app.request(`/api/products/details?product_name=${encodeURIComponent(drop.name)}`)).json();
    expect(details.coming_soon).toBe(false);
    expect((await fan.post('/api/cart/add', { variant_id: drop.variants[0].id, quantity: 1 })).status).toBe(200);
  });

  it('moving the launch moves its job; bringing it to the past cancels it', async () => {
    const drop = await newDrop({ inMs: 60 * 60_000 });
    const job = async () =>
      api.database.db.selectFrom('jobs').select(['run_at', 'done_at']).where('key', '=', launchJobKey(drop.id)).executeTakeFirst();
    expect(new Date((await job())!.run_at).toISOString()).toBe(drop.launch_date);
    const current = (await admin('GET', `products/${drop.id}`)).body;
    const later = new Date(api.clock.now().getTime() + 2 * 60 * 60_000).toISOString();
    await admin('PUT', `products/${drop.id}`, { ...current, launch_date: later });
    expect(new Date((await job())!.run_at).toISOString()).toBe(later);
    await admin('PUT', `products/${drop.id}`, { ...current, launch_date: new Date(api.clock.now().getTime() - 1000).toISOString() });
    expect(await job()).toBeUndefined();
  });

  it('a launch email that fails is retried later, and sent once it goes through', async () => {
    const drop = await newDrop({ inMs: 60_000 });
    const fan = shopper(api);
    await fan.register();
    await fan.post('/api/products/wishlist', { email: fan.email, product_id: drop.id });
    api.clock.advance(61_000);
    let failing = true;
    const flaky: Mailer = {
      transport: 'outbox',
      async send(message) {
        if (failing && message.to === fan.email) throw new Error('SMTP 451 try later');
        await api.deps.mail.send(message);
      },
    };
    const handlers = dropJobHandlers({ ...api.deps, mail: flaky });
    await runDueJobs(api.deps, handlers);
    await runDueJobs(api.deps, handlers);
    const pending = await pendingJobs(api.database.db);
    expect(pending.some((j) => j.kind === 'launch-mail' && j.last_error === 'SMTP 451 try later')).toBe(true);
    expect((await readOutbox(api.database.db, fan.email!)).filter((m) => m.subject === `Live now: ${drop.name}`)).toHaveLength(0);
    failing = false;
    // Not due again until its wait is over.
    expect(await runDueJobs(api.deps, handlers)).toBe(0);
    api.clock.advance(31_000);
    expect(await runDueJobs(api.deps, handlers)).toBeGreaterThan(0);
    expect((await readOutbox(api.database.db, fan.email!)).filter((m) => m.subject === `Live now: ${drop.name}`)).toHaveLength(1);
  });
});

describe('a per-customer cap', () => {
  it('holds across cart, checkout and quick purchase; an unpaid checkout gives its units back', async () => {
    const drop = await newDrop({ inMs: -1000, limit: 1 });
    const buyer = shopper(api);
    await buyer.register();
    expect((await buyer.post('/api/cart/add', { variant_id: drop.variants[0].id, quantity: 1 })).status).toBe(200);
    const second = await buyer.post('/api/cart/add', { variant_id: drop.variants[3].id, quantity: 1 });
    expect(second).toMatchObject({
      status: 409,
      body: { code: 'purchase_limit_reached', detail: `${drop.name} is limited to 1 per customer; you already have 1` },
    });

    // An unpaid checkout holds the unit, a new one gives it back first.
    const open = await buyer.post('/api/checkout/', {
      success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/c',
      email: buyer.email,
      metadata: {},
    });
    expect(open.status).toBe(200);
    const quick = await buyer.post('/api/checkout/quick', {
      product_variant_id: drop.variants[4].id,
      success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/c',
      metadata: {},
    });
    expect(quick.status).toBe(200);
    const claims = () =>
      api.database.db
        .selectFrom('purchase_limit_claims')
        .select('quantity')
        .where('product_id', '=', drop.id)
        .where('email', '=', buyer.email!)
        .executeTakeFirst();
    expect((await claims())?.quantity).toBe(1);

    // Bought: the cap is met for good, in a cart, a checkout or a quick purchase.
    await buyer.del('/api/cart/clear');
    await buyThroughCheckout(api, buyer, [{ id: drop.variants[0].id }]);
    expect((await claims())?.quantity).toBe(1);
    expect((await buyer.post('/api/cart/add', { variant_id: drop.variants[1].id, quantity: 1 })).body.code).toBe('purchase_limit_reached');
    const again = await buyer.post('/api/checkout/quick', {
      product_variant_id: drop.variants[1].id,
      success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/c',
      metadata: {},
    });
    expect(again.body.code).toBe('purchase_limit_reached');
  });

  it('a cart filled before signing in meets the cap when it is merged, and checkout has nothing past it to take', async () => {
    const drop = await newDrop({ inMs: -1000, limit: 1 });
    const buyer = shopper(api);
    await buyer.register();
    await buyThroughCheckout(api, buyer, [{ id: drop.variants[2].id }]);
    const address = buyer.email!;
    buyer.signOut();
    // Anonymous: the cart does not know who this is yet.
    expect((await buyer.post('/api/cart/add', { variant_id: drop.variants[5].id, quantity: 1 })).status).toBe(200);
    await buyer.login(address);
    expect((await buyer.get('/api/cart/')).body.items).toEqual([]);
    const checkout = await buyer.post('/api/checkout/', {
      success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/c',
      email: address,
      metadata: {},
    });
    expect(checkout).toMatchObject({ status: 400, body: { code: 'cart_empty' } });
    const stock = await api.database.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('id', '=', drop.variants[5].id)
      .executeTakeFirstOrThrow();
    expect(stock.stock_quantity).toBe(25);
  });

  it('carts merged at sign-in keep only what the cap still allows, the newest lines giving way', async () => {
    const drop = await newDrop({ inMs: -1000, limit: 2 });
    const buyer = shopper(api);
    await buyer.register();
    const address = buyer.email!;
    await buyThroughCheckout(api, buyer, [{ id: drop.variants[0].id }]);
    buyer.signOut();
    // Before signing in, the cart cannot know this shopper has one already.
    expect((await buyer.post('/api/cart/add', { variant_id: drop.variants[1].id, quantity: 2 })).status).toBe(200);
    await buyer.login(address);
    const cart = await buyer.get('/api/cart/');
    expect(
      cart.body.items.map((item: { quantity: number; variant_info: { variant_id: string } }) => [
        item.variant_info.variant_id,
        item.quantity,
      ]),
    ).toEqual([[drop.variants[1].id, 1]]);
    // And checkout takes it.
    const checkout = await buyer.post('/api/checkout/', {
      success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/c',
      email: address,
      metadata: {},
    });
    expect(checkout.status).toBe(200);
  });

  it("units cancelled or refunded are the buyer's to buy again, each once, even when refunds race", async () => {
    const drop = await newDrop({ inMs: -1000, limit: 3 });
    const buyer = shopper(api);
    await buyer.register();
    const claimed = async () =>
      (
        await api.database.db
          .selectFrom('purchase_limit_claims')
          .select('quantity')
          .where('product_id', '=', drop.id)
          .where('email', '=', buyer.email!)
          .executeTakeFirst()
      )?.quantity;
    const numberOf = async (purchaseId: string) =>
      (await admin('GET', `orders/${purchaseId}`)).body as { order_number: string; lines: { item_id: string }[] };

    // Three units in two orders: the cap is met.
    const first = await numberOf(await buyThroughCheckout(api, buyer, [{ id: drop.variants[0].id, quantity: 2 }]));
    const second = await numberOf(await buyThroughCheckout(api, buyer, [{ id: drop.variants[1].id }]));
    expect(await claimed()).toBe(3);
    expect((await buyer.post('/api/cart/add', { variant_id: drop.variants[2].id, quantity: 1 })).body.code).toBe('purchase_limit_reached');

    // Six refunds of one unit each race for the first order's two: two go through, two units come back.
    const raced = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin('POST', 'orders/refund', {
          order: first.order_number,
          idempotency_key: randomUUID(),
          lines: [{ item_id: first.lines[0].item_id, quantity: 1 }],
        }),
      ),
    );
    expect(raced.filter((res) => res.status === 200)).toHaveLength(2);
    expect(await claimed()).toBe(1);
    // A refund posted again with its key gives nothing back twice.
    const money = await admin('POST', 'orders/refund', {
      order: second.order_number,
      idempotency_key: 'gesture-of-goodwill-1',
      amount: 100,
    });
    expect(money.status).toBe(200);
    expect(await claimed()).toBe(1);

    // Cancelling the second order gives back its unit: the buyer may take all three again.
    const cancelKey = randomUUID();
    expect((await admin('POST', 'orders/cancel', { order: second.order_number, idempotency_key: cancelKey })).status).toBe(200);
    expect((await admin('POST', 'orders/cancel', { order: second.order_number, idempotency_key: cancelKey })).body.replayed).toBe(true);
    expect(await claimed()).toBe(0);
    expect((await buyer.post('/api/cart/add', { variant_id: drop.variants[2].id, quantity: 3 })).status).toBe(200);
    expect(await claimed()).toBe(0);
    await buyer.del('/api/cart/clear');
    await buyThroughCheckout(api, buyer, [{ id: drop.variants[2].id, quantity: 3 }]);
    expect(await claimed()).toBe(3);
  });

  it('parallel claims never pass the cap', async () => {
    const drop = await newDrop({ inMs: -1000, limit: 2 });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => api.database.db.transaction().execute((trx) => claimUnits(trx, drop.id, 'Rush@Example.com', 1))),
    );
    expect(results.filter(Boolean)).toHaveLength(2);
    const row = await api.database.db.selectFrom('purchase_limit_claims').selectAll().where('product_id', '=', drop.id).execute();
    expect(row).toEqual([{ product_id: drop.id, email: 'rush@example.com', quantity: 2 }]);
  });
});

describe('archiving', () => {
  it('takes a product out of the listing, its page, carts and checkouts, and brings it back', async () => {
    const drop = await newDrop({ inMs: -1000, limit: null });
    const buyer = shopper(api);
    await buyer.register();
    expect((await buyer.post('/api/cart/add', { variant_id: drop.variants[0].id, quantity: 1 })).status).toBe(200);
    const archived = await admin('POST', `products/${drop.id}/archive`, { archived: true });
    expect(archived.body.archived_at).toBe(api.clock.now().toISOString());
    const names = async () =>
      (await (await api.app.request('/api/products/list', { method: 'POST' })).json()).map((p: { name: string }) => p.name);
    expect(await names()).not.toContain(drop.name);
    expect((await api.app.request(`/api/products/details?product_name=${encodeURIComponent(drop.name)}`)).status).toBe(404);
    expect((await buyer.post('/api/cart/add', { variant_id: drop.variants[1].id, quantity: 1 })).body).toEqual({
      detail: `${drop.name} is no longer sold`,
      code: 'not_found',
    });
    // What the cart held cannot be checked out either.
    const checkout = await buyer.post('/api/checkout/', {
      success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/c',
      email: buyer.email,
      metadata: {},
    });
    expect(checkout.body).toEqual({ detail: `${drop.name} is no longer sold`, code: 'not_found' });
    expect((await admin('GET', 'products')).body.find((p: { id: string }) => p.id === drop.id).archived_at).not.toBeNull();

    expect((await admin('POST', `products/${drop.id}/archive`, { archived: false })).body.archived_at).toBeNull();
    expect(await names()).toContain(drop.name);
    const audit = (await admin('GET', `audit?subject_type=product&subject_id=${drop.id}`)).body.map((e: { action: string }) => e.action);
    expect(audit.slice(0, 2)).toEqual(['product.restore', 'product.archive']);
  });
});

describe('variants one by one', () => {
  it('an owner edits a variant (SKU, price, grid listing, units in and out) and adds one; each is audited and checked', async () => {
    const drop = await newDrop({ inMs: -1000, limit: null, stock: 0 });
    const [variant] = drop.variants;
    const fan = shopper(api);
    await fan.register();
    await fan.post('/api/products/wishlist', { email: fan.email, product_variant_id: variant.id });

    const edited = await admin('PUT', `products/${drop.id}/variants/${variant.id}`, {
      sku: `${variant.sku}-X`,
      price: 9_900,
      is_listed: true,
      listing_description: 'The black one, small.',
      stock_change: 4,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.variants[0]).toMatchObject({
      sku: `${variant.sku}-X`,
      price: 9_900,
      is_listed: true,
      listing_description: 'The black one, small.',
      stock_quantity: 4,
    });
    // Back from 0: whoever waited is told.
    expect((await readOutbox(api.database.db, fan.email!)).some((m) => m.subject === `Back in stock: ${drop.name}`)).toBe(true);
    // Listed: the variant is a card of its own on the grid.
    const list = await (await api.app.request('/api/products/list', { method: 'POST' })).json();
    expect(
      list
        .filter((item: { name: string }) => item.name === drop.name)
        .map((item: { is_variant_listing: boolean }) => item.is_variant_listing),
    ).toEqual([false, true]);

    expect(
      (
        await admin('PUT', `products/${drop.id}/variants/${variant.id}`, {
          sku: `${variant.sku}-X`,
          price: 9_900,
          is_listed: true,
          listing_description: null,
          stock_change: -5,
        })
      ).body,
    ).toEqual({
      detail: 'Only 4 in stock: 5 cannot be taken away',
      code: 'conflict',
    });
    expect(
      (
        await admin('PUT', `products/${drop.id}/variants/${variant.id}`, {
          sku: drop.variants[1].sku,
          price: 9_900,
          is_listed: false,
          listing_description: null,
          stock_change: 0,
        })
      ).status,
    ).toBe(409);
    expect((await admin('GET', `products/${drop.id}`)).body.variants[0]).toMatchObject({
      sku: `${variant.sku}-X`,
      stock_quantity: 4,
      listing_description: 'The black one, small.',
    });

    const added = await admin('POST', `products/${drop.id}/variants`, {
      colour: 'Olive',
      size: 'XL',
      sku: `OLIVE-${made}`,
      price: 9_500,
      stock: 7,
    });
    expect(added.status).toBe(201);
    expect(added.body.variants.at(-1)).toMatchObject({ sku: `OLIVE-${made}`, description: 'Olive, XL', stock_quantity: 7 });
    expect(
      (await admin('POST', `products/${drop.id}/variants`, { colour: 'olive', size: 'xl', sku: `OLIVE-${made}-2`, price: 9_500, stock: 1 }))
        .body,
    ).toEqual({ detail: 'The product already has a variant with these options', code: 'already_exists' });
    // Options edited one by one: another variant's are refused, free ones taken, the label follows.
    const olive = added.body.variants.at(-1);
    const base = { sku: olive.sku, price: 9_500, is_listed: false, listing_description: null, stock_change: 0 };
    expect(
      (await admin('PUT', `products/${drop.id}/variants/${olive.id}`, { ...base, options: { colour: 'Black', size: 'S' } })).body.code,
    ).toBe('already_exists');
    const moved = await admin('PUT', `products/${drop.id}/variants/${olive.id}`, {
      ...base,
      options: { colour: 'Olive', size: 'L', material: 'Cotton' },
    });
    expect(moved.body.variants.at(-1)).toMatchObject({
      description: 'Olive, Cotton, L',
      options: { colour: 'OLIVE', size: 'L', material: 'COTTON', treatment: null },
    });
    const audit = (await admin('GET', `audit?subject_type=product&subject_id=${drop.id}`)).body.map((e: { action: string }) => e.action);
    expect(audit.slice(0, 3)).toEqual(['variant.edit', 'variant.add', 'variant.edit']);
  });
});

describe('size charts', () => {
  it('an owner writes a chart as rows; the shop shows it in the spec shape, inches worked out; gaps are named', async () => {
    const drop = await newDrop({ inMs: -1000, limit: null });
    expect((await admin('GET', `products/${drop.id}`)).body).toMatchObject({ size_chart: null, sizes: ['S', 'M', 'L/XL'] });
    const rows = {
      fit_description: 'Boxy, dropped shoulder.',
      sizing_tips: ['Between sizes? Take the smaller one.'],
      model_info: ['Ada is 175 cm and wears M.'],
      points: ['Chest width', 'Body length'],
      sizes: [
        { size: 'S', values: { A: 56, B: 68 } },
        { size: 'M', values: { A: 59, B: 70.5 } },
      ],
    };
    const saved = await admin('PUT', `products/${drop.id}/size-chart`, rows);
    expect(saved.status).toBe(200);
    expect(saved.body.size_chart).toEqual({
      ...rows,
      points: [
        { code: 'A', name: 'Chest width' },
        { code: 'B', name: 'Body length' },
      ],
    });
    const details = await (await api.app.request(`/api/products/details?product_name=${encodeURIComponent(drop.name)}`)).json();
    expect(details.variants[0].size_chart).toMatchObject({
      productName: drop.name,
      fitDescription: 'Boxy, dropped shoulder.',
      sizeChart: {
        measurementPoints: [
          { code: 'A', name: 'Chest width' },
          { code: 'B', name: 'Body length' },
        ],
        sizes: [
          {
            sizeName: 'S',
            measurements: [
              { measurementCode: 'A', value: 56, valueInches: 22 },
              { measurementCode: 'B', value: 68, valueInches: 26.8 },
            ],
          },
          expect.anything(),
        ],
      },
    });
    expect(await admin('PUT', `products/${drop.id}/size-chart`, { ...rows, sizes: [{ size: 'L/XL', values: { A: 62 } }] })).toEqual({
      status: 400,
      body: { detail: 'Enter the Body length of size L/XL', code: 'bad_request' },
    });
    expect(
      (await admin('PUT', `products/${drop.id}/size-chart`, { ...rows, sizes: [{ size: 'S', values: { A: -1, B: 2 } }] })).status,
    ).toBe(422);
    expect((await admin('GET', `products/${drop.id}`)).body.size_chart.sizes).toHaveLength(2);
    const audit = (await admin('GET', `audit?subject_type=product&subject_id=${drop.id}`)).body[0];
    expect(audit).toMatchObject({ action: 'product.size_chart', before: null });
  });
});
