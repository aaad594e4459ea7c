import { describe, expect, it } from 'vitest';

import { openDataArchive } from '../../../tests/support/data-archive';
import { buyThroughCheckout, shopper, variants } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';

const api = useTestApi();

/** A shopper with an order, a line in the cart, a back-in-stock request, a message and a staff note. */
async function busyShopper() {
  const s = shopper(api);
  const me = await s.register();
  const [first, second] = await variants(api);
  const purchaseId = await buyThroughCheckout(api, s, [{ id: first.id, quantity: 2 }]);
  expect((await s.post('/api/cart/add', { variant_id: second.id, quantity: 1 })).status).toBe(200);
  expect(
    (await s.post('/api/products/wishlist', { email: me.user.email, product_id: null, product_variant_id: second.id })).status,
  ).toBeLessThan(300);
  await api.database.db
    .insertInto('contact_messages')
    .values({
      name: 'Ada Rossi',
      email: me.user.email,
      reason: 'general',
      subject: 'Sizes',
      message: 'Do the jorts run small?',
      client_ip: null,
    })
    .execute();
  await api.database.db
    .insertInto('customer_notes')
    .values({ user_id: me.user.id, author: 'owner@brand.example', body: 'Prefers GLS', created_at: new Date() })
    .execute();
  return { s, me, purchaseId, first, second };
}

describe('a shopper’s data export', () => {
  it('holds everything the database has about them, field by field, and nobody else’s', async () => {
    const { s, me, purchaseId, first, second } = await busyShopper();
    const other = await busyShopper();
    // The shop's records of their visits: a cart reminder sent (its link followed) and a checkout left unpaid.
    const at = api.clock.now();
    await api.database.db
      .insertInto('cart_reminders')
      .values({
        cart_id: null,
        user_id: me.user.id,
        round: 1,
        step: 1,
        created_at: at,
        sent_at: at,
        expires_at: new Date(at.getTime() + 86_400_000),
        opened_at: at,
      })
      .execute();
    const opened = await s.post('/api/checkout/', {
      success_url: 'http://shop.test/ok?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/cart',
      metadata: {},
    });
    expect(opened.status).toBe(200);

    const res = await s.get('/api/user/data-export');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="filo-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const archive = openDataArchive(res.bytes);
    expect(archive.names).toEqual(['README.txt', 'data.json']);
    const data = archive.data;
    const db = api.database.db;

    const user = await db.selectFrom('users').selectAll().where('id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(data.account).toEqual({
      id: user.id,
      email: user.email,
      user_type: 'registered',
      first_name: 'Ada',
      last_name: 'Rossi',
      phone: user.phone,
      address: user.address,
      email_verified_at: user.email_verified_at!.toISOString(),
      created_at: user.created_at.toISOString(),
      updated_at: user.updated_at.toISOString(),
    });
    expect(JSON.stringify(data)).not.toContain(user.password_hash!);

    const purchase = await db.selectFrom('purchases').selectAll().where('id', '=', purchaseId).executeTakeFirstOrThrow();
    expect(data.orders).toHaveLength(1);
    const [order] = data.orders;
    expect(order).toMatchObject({
      purchase_id: purchaseId,
      status: purchase.status,
      email: purchase.email,
      subtotal: purchase.subtotal,
      shipping_cost: purchase.shipping_cost,
      tax: purchase.tax,
      total: purchase.total,
      payment_method: purchase.payment_method,
      shipping_address: purchase.shipping_address,
      refunds: [],
      returns: [],
    });
    expect(order.order_number).toBe(`ORD-${purchase.created_at.toISOString().slice(0, 10)}-${purchaseId.slice(0, 8).toUpperCase()}`);
    const lines = await db.selectFrom('purchase_items').selectAll().where('purchase_id', '=', purchaseId).execute();
    expect(order.items).toEqual(
      lines.map((line) => ({
        name: line.name,
        sku: line.sku,
        variant: line.variant_description,
        quantity: 2,
        unit_price: line.unit_price,
        discount: line.discount,
        refunded_quantity: 0,
        returned_quantity: 0,
      })),
    );
    expect(order.items[0].sku).toBe(first.sku);

    expect(data.cart).toEqual([{ sku: second.sku, quantity: 1, added_at: expect.any(String) }]);
    expect(data.back_in_stock_requests).toEqual([{ product: null, sku: second.sku, created_at: expect.any(String), notified_at: null }]);
    const cards = await db.selectFrom('user_cards').select(['serial']).where('user_id', '=', me.user.id).execute();
    expect(data.collectible_cards.map((card: { serial: string }) => card.serial)).toEqual(cards.map((card) => card.serial));
    expect(data.collectible_cards.length).toBeGreaterThan(0);
    expect(data.contact_messages).toEqual([
      { reason: 'general', subject: 'Sizes', message: 'Do the jorts run small?', created_at: expect.any(String) },
    ]);
    const mails = await db.selectFrom('mail_outbox').select(['subject']).where('to', '=', me.user.email).execute();
    expect(data.emails_sent.map((m: { subject: string }) => m.subject).sort()).toEqual(mails.map((m) => m.subject).sort());
    expect(data.emails_sent.length).toBeGreaterThan(0);
    expect(data.notes_by_the_shop).toEqual([{ body: 'Prefers GLS', created_at: expect.any(String) }]);
    expect(data.cart_reminders).toEqual([
      {
        step: 1,
        created_at: at.toISOString(),
        sent_at: at.toISOString(),
        link_opened_at: at.toISOString(),
        order_placed_at: null,
        order_total: null,
      },
    ]);
    expect(data.unpaid_checkouts).toEqual([{ status: 'open', total: expect.any(Number), opened_at: expect.any(String), closed_at: null }]);
    // Their sign-in, as when it began and whether it lasts: never a token or its hash.
    expect(data.sign_ins).toContainEqual({ started_at: expect.any(String), expires_at: expect.any(String), active: true });
    const tokens = await db.selectFrom('refresh_tokens').select('token_hash').where('user_id', '=', me.user.id).execute();
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(JSON.stringify(data)).not.toContain(token.token_hash);

    // Nothing of the other shopper, who has the same kinds of rows.
    const text = JSON.stringify(data);
    expect(text).not.toContain(other.me.user.email);
    expect(text).not.toContain(other.me.user.id);
    expect(text).not.toContain(other.purchaseId);
  });

  it('comes with a README that explains every part of data.json, in the language asked in', async () => {
    const s = shopper(api);
    await s.register();
    const english = openDataArchive((await s.get('/api/user/data-export')).bytes);
    expect(english.readme).toMatch(/^Your data at FILO\n=+\n/);
    expect(english.readme).toContain(english.data.generated_at);
    expect(english.readme).toContain('Amounts are in euro cents');
    // One line per part of the file, in its order, and nothing the file does not have.
    const parts = [...english.readme.matchAll(/^- (\w+): /gm)].map((match) => match[1]);
    expect(parts).toEqual(Object.keys(english.data));
    expect(english.readme).toContain('/profile)');

    const italian = shopper(api, { locale: 'it' });
    await italian.signInAsGuest();
    const file = openDataArchive((await italian.get('/api/user/data-export')).bytes);
    expect(file.readme).toMatch(/^I tuoi dati da FILO\n/);
    expect(file.readme).toContain('Gli importi sono in centesimi di euro');
    expect([...file.readme.matchAll(/^- (\w+): /gm)].map((match) => match[1])).toEqual(Object.keys(file.data));
    // A guest has no profile: the README sends them to their orders, on the Italian pages.
    expect(file.readme).toContain('/it/orders)');
    expect(file.data.account.user_type).toBe('guest');
  });

  it('is a guest’s too, is refused without a sign-in, and is limited to a few an hour', async () => {
    const guest = shopper(api);
    await guest.signInAsGuest();
    const first = await guest.get('/api/user/data-export');
    expect(first.status).toBe(200);
    const { data } = openDataArchive(first.bytes);
    expect(data.account.user_type).toBe('guest');
    expect(data.orders).toEqual([]);

    const anonymous = shopper(api);
    const refused = await anonymous.get('/api/user/data-export');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBeTruthy();

    for (let i = 0; i < 4; i++) expect((await guest.get('/api/user/data-export')).status).toBe(200);
    const limited = await guest.get('/api/user/data-export');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
