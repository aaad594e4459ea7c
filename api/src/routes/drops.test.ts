// A drop: shown before its launch, its list mailed at the launch, then sold; a per-customer cap held everywhere.
import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { buyThroughCheckout, shopper } from '../../../tests/support/shopper';
import { claimUnits, dropJobHandlers, launchJobKey } from '../services/drops';
import { pendingJobs, runDueJobs } from '../services/jobs';
import type { Mailer } from '../services/mail';
import { readOutbox } from '../services/mail';
import { useDropsApi } from './drops.test-support';

const { api, admin, newDrop, runJobs } = useDropsApi();

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
