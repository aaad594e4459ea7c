import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { buyThroughCheckout, type Json, setVariant, type Shopper, shopper, uniqueEmail } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { CARD_ANIMATION_LENGTH, CARD_DESIGNS } from '../seed/card-data';
import { seedCards } from '../seed/database';
import { fulfilCheckoutSession } from '../services/checkout-fulfilment';

const api = useTestApi();

/** Two in-stock variants of one product, and one variant of each of two other products. */
function pick() {
  const byProduct = new Map<string, typeof api.stocked>();
  for (const v of api.stocked) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);
  const [first, second, third] = [...byProduct.values()].filter((list) => list.length >= 2);
  return { a1: first[0], a2: first[1], b: second[0], c: third[0] };
}

const cardsOf = (s: Shopper) => s.get('/api/cards/user-cards');
const productIdsOf = (cards: { product_id: string }[]) => cards.map((card) => card.product_id).sort();
const successOf = (s: Shopper, purchaseId: string) => s.get(`/api/user/purchase-success/${purchaseId}`);

/** The static image of a variant's card in that variant's colour (padded-jorts/v2/black/static.webp). */
async function imageOfColour(variant: { id: string; product_id: string }) {
  const [{ image_path: image }] = await api.database.db
    .selectFrom('card_colours as cc')
    .innerJoin('cards as c', 'c.id', 'cc.card_id')
    .innerJoin('variant_attributes as a', (join) => join.onRef('a.value', '=', 'cc.colour').on('a.attribute_name', '=', 'color'))
    .select('cc.image_path')
    .where('c.product_id', '=', variant.product_id)
    .where('a.variant_id', '=', variant.id)
    .execute();
  return image;
}

async function member() {
  const s = shopper(api);
  await s.register(uniqueEmail('cards'));
  return s;
}

describe('card catalogue', () => {
  it('has one card per catalogue product with every field of docs/product.md#data-card', async () => {
    const s = await member();
    const res = await s.get('/api/cards/cards?per_page=100');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.total).toBe(CARD_DESIGNS.length);
    expect(res.body.cards).toHaveLength(CARD_DESIGNS.length);
    expect(new Set(res.body.cards.map((card: { product_id: string }) => card.product_id)).size).toBe(CARD_DESIGNS.length);
    const tee = res.body.cards.find((card: { product_name: string }) => card.product_name === 'Tracer Tee');
    expect(tee).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      product_id: expect.any(String),
      product_name: 'Tracer Tee',
      name: 'Tracer Tee',
      rarity: 'common',
      animation_folder_path: 'tracer-tee/v2/red',
      animation_file_name: 'frame_',
      animation_file_format: 'webp',
      animation_length: CARD_ANIMATION_LENGTH,
      image_path: 'tracer-tee/v2/red/static.webp',
      text_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      accent_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      bg_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      unlocked_at: null,
      created_at: expect.any(String),
      serial: null,
    });
    expect(new Set(res.body.cards.map((card: { rarity: string }) => card.rarity))).toEqual(
      new Set(['common', 'rare', 'epic', 'legendary']),
    );
  });

  it('pages through the catalogue with a stable order and the total on every page', async () => {
    const s = await member();
    const all = (await s.get('/api/cards/cards?per_page=100')).body.cards.map((card: { id: string }) => card.id);
    const paged: string[] = [];
    for (let page = 1; page <= all.length; page++) {
      const res = await s.get(`/api/cards/cards?per_page=1&page=${page}`);
      expect(res.body).toMatchObject({ total: all.length, page, per_page: 1 });
      paged.push(...res.body.cards.map((card: { id: string }) => card.id));
    }
    expect(paged).toEqual(all);
    const twos = await s.get('/api/cards/cards?per_page=3&page=2');
    expect(twos.body.cards.map((card: { id: string }) => card.id)).toEqual(all.slice(3, 6));
    const beyond = await s.get(`/api/cards/cards?per_page=3&page=${all.length + 1}`);
    expect(beyond.body).toMatchObject({ cards: [], total: all.length });
    expect((await s.get('/api/cards/cards')).body).toMatchObject({ page: 1, per_page: 20, total: all.length });
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['per_page=2.5', 'per_page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=x', 'page'],
  ])('answers 422 for %s', async (query, field) => {
    const s = await member();
    const res = await s.get(`/api/cards/cards?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      expect.objectContaining({ loc: ['query', field], msg: expect.any(String), type: expect.any(String) }),
    ]);
  });

  it('needs a bearer token for both calls', async () => {
    const s = shopper(api);
    for (const path of ['/api/cards/cards', '/api/cards/user-cards']) {
      const res = await s.get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Not authenticated', code: 'not_authenticated' });
    }
  });
});

describe('unlocking', () => {
  it('unlocks the card of each product bought for the first time, once per product, and only then', async () => {
    const { a1, a2, b, c } = pick();
    const s = await member();
    expect((await cardsOf(s)).body).toEqual({ unlocked_cards: [] });

    const first = await buyThroughCheckout(api, s, [{ id: a1.id }, { id: a2.id }, { id: b.id }]);
    const success = await successOf(s, first);
    const unlocked = success.body.first_time_purchase_info.unlocked_cards;
    expect(productIdsOf(unlocked)).toEqual([a1.product_id, b.product_id].sort());
    expect(unlocked[0].unlocked_at).toBe(success.body.date);
    const mine = (await cardsOf(s)).body.unlocked_cards;
    expect(productIdsOf(mine)).toEqual([a1.product_id, b.product_id].sort());
    expect(mine.map((card: { id: string }) => card.id).sort()).toEqual(unlocked.map((card: { id: string }) => card.id).sort());

    // Buying a again (another variant even) unlocks nothing; c is new.
    const second = await buyThroughCheckout(api, s, [{ id: a2.id }, { id: c.id }]);
    const again = (await successOf(s, second)).body.first_time_purchase_info;
    expect(productIdsOf(again.unlocked_cards)).toEqual([c.product_id]);
    expect(again.new_items).toEqual([c.name]);
    const third = await buyThroughCheckout(api, s, [{ id: b.id }]);
    expect((await successOf(s, third)).body.first_time_purchase_info).toEqual({ has_new_items: false, new_items: [], unlocked_cards: [] });

    // Newest first; the first purchase still shows what it unlocked.
    const all = (await cardsOf(s)).body.unlocked_cards;
    expect(all.map((card: { product_id: string }) => card.product_id)[0]).toBe(c.product_id);
    expect(all).toHaveLength(3);
    expect(productIdsOf((await successOf(s, first)).body.first_time_purchase_info.unlocked_cards)).toEqual(
      [a1.product_id, b.product_id].sort(),
    );

    // The catalogue marks the unlocked ones for this user only.
    const catalogue = (await s.get('/api/cards/cards?per_page=100')).body.cards;
    expect(catalogue.filter((card: { unlocked_at: string | null }) => card.unlocked_at)).toHaveLength(3);
    const other = await member();
    expect(
      (await other.get('/api/cards/cards?per_page=100')).body.cards.every(
        (card: { unlocked_at: string | null }) => card.unlocked_at === null,
      ),
    ).toBe(true);
    expect((await cardsOf(other)).body.unlocked_cards).toEqual([]);
  });

  it('shows each buyer the card in the colour they bought, wherever the card is read (issue 45)', async () => {
    const variantOf = async (sku: string) =>
      (await api.database.db.selectFrom('product_variants').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;
    const [black, grey, beige] = await Promise.all(['PJ-BLK-SM', 'PJ-GRY-SM', 'PJ-BEI-SM'].map(variantOf));
    for (const id of [black, grey, beige]) await setVariant(api, id, { stock_quantity: 100 });
    const art = (colour: string) => ({
      animation_folder_path: `padded-jorts/v2/${colour}`,
      image_path: `padded-jorts/v2/${colour}/static.webp`,
    });
    const jortsOf = (cards: { name: string }[]) => cards.filter((card) => card.name === 'Padded Jorts');

    // Locked, the card shows the colour it was designed in.
    const looking = await member();
    expect(jortsOf((await looking.get('/api/cards/cards?per_page=100')).body.cards)).toEqual([expect.objectContaining(art('grey'))]);

    const [inBlack, inGrey, inTwo] = [await member(), await member(), await member()];
    const orders = [
      { s: inBlack, colour: 'black', order: await buyThroughCheckout(api, inBlack, [{ id: black }]) },
      { s: inGrey, colour: 'grey', order: await buyThroughCheckout(api, inGrey, [{ id: grey }]) },
      // Two colours in one order: the card shows the order's first line of the product (lines go by SKU: beige first).
      { s: inTwo, colour: 'beige', order: await buyThroughCheckout(api, inTwo, [{ id: grey }, { id: beige }]) },
    ];
    for (const { s, colour, order } of orders) {
      const expected = [expect.objectContaining({ name: 'Padded Jorts', ...art(colour) })];
      expect((await cardsOf(s)).body.unlocked_cards).toEqual(expected);
      expect(jortsOf((await s.get('/api/cards/cards?per_page=100')).body.cards)).toEqual(expected);
      expect((await successOf(s, order)).body.first_time_purchase_info.unlocked_cards).toEqual(expected);
      expect((await s.get(`/api/user/purchase/${order}`)).body.first_time_purchase_info.unlocked_cards).toEqual(expected);
      expect((await s.get('/api/user/overview?purchases=1')).body.unlocked_cards).toEqual(expected);
    }

    // The card's face is drawn over its colour's image; another card's image is still refused.
    const [card] = (await cardsOf(inBlack)).body.unlocked_cards;
    const face = { v: 1, id: card.id, n: card.name, r: card.rarity, o: 'Ada Rossi', u: card.unlocked_at, i: card.image_path };
    const colours = { tc: card.text_color, ac: card.accent_color, bc: card.bg_color };
    expect((await inBlack.post('/api/cards/face.png', { ...face, ...colours })).status).toBe(200);
    expect((await inBlack.post('/api/cards/face.png', { ...face, ...colours, i: 'tracer-tee/v2/black/static.webp' })).status).toBe(404);
  });

  it('gives each buyer a card with a serial of its own', async () => {
    const { a1 } = pick();
    await setVariant(api, a1.id, { stock_quantity: 100 });
    const [one, two] = [await member(), await member()];
    await buyThroughCheckout(api, one, [{ id: a1.id }]);
    await buyThroughCheckout(api, two, [{ id: a1.id }]);
    const [mine] = (await cardsOf(one)).body.unlocked_cards;
    const [theirs] = (await cardsOf(two)).body.unlocked_cards;
    expect(mine.id).toBe(theirs.id);
    expect(mine.serial).toMatch(/^[0-9a-f-]{36}$/);
    expect(theirs.serial).toMatch(/^[0-9a-f-]{36}$/);
    expect(mine.serial).not.toBe(theirs.serial);
  });

  it('takes a card back when every unit of its product in the order is refunded, unless another order still holds the product', async () => {
    const { a1, a2, b } = pick();
    for (const variant of [a1, a2, b]) await setVariant(api, variant.id, { stock_quantity: 100 });
    const s = await member();
    const admin = async (path: string, body?: unknown) => {
      const res = await api.app.request(`/api/admin/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { ...cliHeaders, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await res.json()) as Json;
    };
    const first = await admin(`orders/${await buyThroughCheckout(api, s, [{ id: a1.id }, { id: b.id }])}`);
    const second = await admin(`orders/${await buyThroughCheckout(api, s, [{ id: a2.id }])}`);
    const held = async () =>
      Object.fromEntries(
        ((await cardsOf(s)).body.unlocked_cards as { product_id: string; serial: string }[]).map((card) => [card.product_id, card.serial]),
      );
    const before = await held();
    expect(Object.keys(before).sort()).toEqual([a1.product_id, b.product_id].sort());

    // The first order is cancelled: b's card goes; a's stays, the second order still holding that product.
    expect((await admin('orders/cancel', { order: first.order_number, idempotency_key: randomUUID() })).status).toBe('Cancelled');
    expect(await held()).toEqual({ [a1.product_id]: before[a1.product_id] });
    // Now unlocked by the second order, it shows the colour bought there.
    expect((await cardsOf(s)).body.unlocked_cards[0].image_path).toBe(await imageOfColour(a2));
    // Refunding the second order's unit too: nothing left of the product, so its card goes as well.
    const line = second.lines[0] as { item_id: string };
    expect(
      (
        await admin('orders/refund', {
          order: second.order_number,
          idempotency_key: randomUUID(),
          lines: [{ item_id: line.item_id, quantity: 1 }],
        })
      ).status,
    ).toBeTruthy();
    expect(await held()).toEqual({});
  });

  it('unlocks once when the same session is fulfilled again and again, also all at once', async () => {
    const { a1 } = pick();
    const s = await member();
    await s.post('/api/cart/add', { variant_id: a1.id, quantity: 1 });
    const started = await s.post('/api/checkout/', {
      success_url: 'http://shop.test/s?id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/cart',
      email: s.email,
      metadata: {},
    });
    const sessionId = new URL(started.body.checkout_url).pathname.split('/').pop()!;
    const payment = { paymentMethod: 'Credit Card', shippingAddress: null, billingAddress: null };
    const results = await Promise.all(Array.from({ length: 4 }, () => fulfilCheckoutSession(api.deps, sessionId, payment)));
    results.push(await fulfilCheckoutSession(api.deps, sessionId, payment));
    expect(new Set(results.map((r) => r.purchaseId)).size).toBe(1);
    const rows = await api.database.db
      .selectFrom('user_cards')
      .selectAll()
      .where('user_id', '=', (await s.get('/api/auth/me')).body.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].purchase_id).toBe(results[0].purchaseId);
    expect((await successOf(s, results[0].purchaseId)).body.first_time_purchase_info.unlocked_cards).toHaveLength(1);
  });

  it('gives a card to exactly one of two purchases of the same product fulfilled at the same time', async () => {
    const { b } = pick();
    const s = await member();
    const quick = () =>
      s.post('/api/checkout/quick', {
        product_variant_id: b.id,
        quantity: 1,
        success_url: 'http://shop.test/s?id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://shop.test/cart',
        metadata: {},
      });
    const sessions = [(await quick()).body.checkout_url, (await quick()).body.checkout_url].map((url: string) =>
      new URL(url).pathname.split('/').pop()!,
    );
    const payment = { paymentMethod: 'Credit Card', shippingAddress: null, billingAddress: null };
    const results = await Promise.all(sessions.map((id) => fulfilCheckoutSession(api.deps, id, payment)));
    expect(new Set(results.map((r) => r.purchaseId)).size).toBe(2);
    const shown = await Promise.all(
      results.map(async (r) => (await successOf(s, r.purchaseId)).body.first_time_purchase_info.unlocked_cards.length),
    );
    expect(shown.sort()).toEqual([0, 1]);
    expect((await cardsOf(s)).body.unlocked_cards).toHaveLength(1);
  });

  it('keeps a guest’s cards when they register with the same email', async () => {
    const { c } = pick();
    const s = shopper(api);
    const email = uniqueEmail('guest-cards');
    await s.signInAsGuest(email);
    const purchase = await buyThroughCheckout(api, s, [{ id: c.id }]);
    expect(productIdsOf((await successOf(s, purchase)).body.first_time_purchase_info.unlocked_cards)).toEqual([c.product_id]);
    const asGuest = (await cardsOf(s)).body.unlocked_cards;
    expect(asGuest).toHaveLength(1);

    s.signOut();
    await s.register(email);
    expect((await s.get('/api/auth/me')).body.user_type).toBe('registered');
    expect((await cardsOf(s)).body.unlocked_cards).toEqual(asGuest);
    const fresh = shopper(api);
    await fresh.login(email);
    expect((await cardsOf(fresh)).body.unlocked_cards).toEqual(asGuest);
  });

  it('grants a card created after its product was sold to those who bought it, once', async () => {
    const { a1 } = pick();
    const s = await member();
    const card = await api.database.db.selectFrom('cards').selectAll().where('product_id', '=', a1.product_id).executeTakeFirstOrThrow();
    await api.database.db.deleteFrom('cards').where('id', '=', card.id).execute();
    const purchase = await buyThroughCheckout(api, s, [{ id: a1.id }]);
    expect((await successOf(s, purchase)).body.first_time_purchase_info.unlocked_cards).toEqual([]);

    expect((await seedCards(api.database.db)).inserted).toEqual([card.name]);
    expect((await seedCards(api.database.db)).inserted).toEqual([]);
    const [granted] = (await cardsOf(s)).body.unlocked_cards;
    expect(granted).toMatchObject({ product_id: a1.product_id, unlocked_at: (await successOf(s, purchase)).body.date });
    expect(granted.image_path).toBe(await imageOfColour(a1));
    // Not shown as unlocked by that purchase, which happened before the card existed.
    expect((await successOf(s, purchase)).body.first_time_purchase_info.unlocked_cards).toEqual([]);
  });
});

describe('POST /api/cards/face.png', () => {
  async function ownFace() {
    const s = await member();
    const card = (await s.get('/api/cards/cards?per_page=1')).body.cards[0];
    return {
      s,
      face: {
        v: 1,
        id: card.id,
        n: card.name,
        r: card.rarity ?? null,
        o: 'Ada Rossi',
        u: '2026-11-22T10:00:00.000Z',
        i: card.image_path,
        tc: card.text_color,
        ac: card.accent_color,
        bc: card.bg_color,
      },
    };
  }

  it('draws one of the shop’s cards as a 600 x 800 PNG', async () => {
    const { s, face } = await ownFace();
    const res = await s.post('/api/cards/face.png', face);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a face the shop never made (404) and a malformed one (422), with the error shape', async () => {
    const { s, face } = await ownFace();
    for (const forged of [
      { ...face, n: 'Not A Card' },
      { ...face, i: 'cards/../secret.png' },
      { ...face, bc: '#000001' },
      { ...face, id: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const res = await s.post('/api/cards/face.png', forged);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', detail: 'Card not found' });
    }
    const bad = await s.post('/api/cards/face.png', { ...face, id: 'nope', o: 'x'.repeat(500) });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('invalid_request');
  });
});
