import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { PAID_CARD, shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { inTransaction } from '../db/transaction';
import { claimBoughtGiftCards, restoreBoughtGiftCards } from '../services/refunds/gift-cards-bought';

/** A gift card bought and then refunded or cancelled by the owner (ADR 064): unspent only, and it stops paying. */
const api = useTestApi();
const urls = {
  success_url: 'http://shop.test/order-success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://shop.test/',
  metadata: {},
};
const codeIn = (text: string) => /FILO(-[0-9A-Z]{4}){5}/.exec(text)?.[0] ?? null;

async function admin(path: string, body: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method: 'POST',
    headers: { ...cliHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A €50 card bought for a friend whose email waits for next week; answers the order, the card and its code. */
async function boughtCard() {
  const name = `Refunded Gift Card ${randomUUID().slice(0, 6)}`;
  expect((await admin('gift-cards/products', { name, amounts: [5_000] })).status).toBe(201);
  const buyer = shopper(api);
  await buyer.register();
  const products = (await buyer.get('/api/gift-cards/products')).body.products as { name: string; amounts: { variant_id: string }[] }[];
  const nextWeek = new Date(api.clock.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  const opened = await buyer.post('/api/checkout/gift-card', {
    ...urls,
    product_variant_id: products.find((p) => p.name === name)!.amounts[0].variant_id,
    recipient: { name: 'Bea', email: `bea-${randomUUID().slice(0, 8)}@example.com`, message: null, send_on: nextWeek },
  });
  expect(opened.status, opened.text).toBe(200);
  expect((await buyer.request('POST', new URL(opened.body.checkout_url).pathname, undefined, { form: PAID_CARD })).status).toBe(303);
  const order = await api.database.db.selectFrom('purchases').select('id').where('email', '=', buyer.email!).executeTakeFirstOrThrow();
  const card = await api.database.db.selectFrom('gift_cards').selectAll().where('purchase_id', '=', order.id).executeTakeFirstOrThrow();
  const mail = await api.database.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to', '=', buyer.email!)
    .where('subject', 'like', '%gift card%')
    .executeTakeFirstOrThrow();
  return { orderId: order.id, card, code: codeIn(mail.text)! };
}

const cardNow = (id: string) =>
  api.database.db.selectFrom('gift_cards').select(['balance', 'disabled_at']).where('id', '=', id).executeTakeFirstOrThrow();
const ledgerSum = async (id: string) =>
  (
    await api.database.db
      .selectFrom('balance_ledger')
      .select(sql<number>`coalesce(sum(amount), 0)::int`.as('n'))
      .where('gift_card_id', '=', id)
      .executeTakeFirstOrThrow()
  ).n;
const queuedFor = (email: string) =>
  api.database.db
    .selectFrom('jobs')
    .select('id')
    .where('done_at', 'is', null)
    .where(sql<boolean>`payload->>'to' = ${email}`)
    .execute();

describe('a bought gift card, refunded', () => {
  it('cancelling the order of an unspent card disables it, empties it in the ledger and drops the email waiting for its day', async () => {
    const { orderId, card, code } = await boughtCard();
    expect(await queuedFor(card.recipient_email!)).toHaveLength(1);
    const cancelled = await admin('orders/cancel', { order: orderId, idempotency_key: `cancel-${randomUUID()}` });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.refunded_total).toBe(5_000);
    expect(await cardNow(card.id)).toEqual({ balance: 0, disabled_at: expect.any(Date) });
    expect(await ledgerSum(card.id)).toBe(0);
    expect(await queuedFor(card.recipient_email!)).toEqual([]);
    // The code pays nothing now.
    const s = shopper(api);
    await s.register();
    expect((await s.post('/api/gift-cards/balance', { code })).status).toBeGreaterThanOrEqual(400);
  });

  it('refuses to refund a card already spent in part, and changes nothing', async () => {
    const { orderId, card, code } = await boughtCard();
    const friend = shopper(api);
    await friend.register();
    expect((await friend.post('/api/cart/add', { variant_id: api.stocked[0].id, quantity: 1 })).status).toBe(200);
    expect((await friend.post('/api/checkout/', { ...urls, gift_card_code: code })).status).toBe(200);
    const spent = await cardNow(card.id);
    expect(spent.balance).toBeLessThan(5_000);
    const refused = await admin('orders/refund', { order: orderId, idempotency_key: `refund-${randomUUID()}`, full: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'conflict', detail: expect.stringContaining('has been spent') });
    expect(await cardNow(card.id)).toEqual(spent);
    const order = await api.database.db
      .selectFrom('purchases')
      .select('refunded_total')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.refunded_total).toBe(0);
  });

  it('a refund the provider refuses gives the card back its balance, and pays again', async () => {
    const { orderId, card } = await boughtCard();
    const [line] = await api.database.db.selectFrom('purchase_items').select('id').where('purchase_id', '=', orderId).execute();
    const claimedAt = api.clock.now();
    await inTransaction(api.database.db, (trx) =>
      claimBoughtGiftCards(trx, claimedAt, { id: orderId, number: 'test' }, [{ item_id: line.id }]),
    );
    expect(await cardNow(card.id)).toEqual({ balance: 0, disabled_at: claimedAt });
    await inTransaction(api.database.db, (trx) =>
      restoreBoughtGiftCards(trx, api.clock.now(), { purchase_id: orderId, created_at: claimedAt }),
    );
    expect(await cardNow(card.id)).toEqual({ balance: 5_000, disabled_at: null });
    expect(await ledgerSum(card.id)).toBe(5_000);
  });
});
