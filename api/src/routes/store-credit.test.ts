import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { formatEuro } from '@contract/money';

import { PAID_CARD, setVariant, type Shopper, shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { readOutbox } from '../services/mail';

const api = useTestApi();

async function admin(method: string, path: string, body?: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method,
    headers: { ...cliHeaders, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

const urls = {
  success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://shop.test/cart',
  metadata: {},
};

/** Cart of `quantity` × a €30 variant, checked out with these balances, paid on the test page when anything is left. */
async function buy(s: Shopper, quantity: number, balances: Record<string, unknown> = {}) {
  const variant = api.stocked[1];
  await setVariant(api, variant.id, { price: 3_000, stock_quantity: 500 });
  expect((await s.post('/api/cart/add', { variant_id: variant.id, quantity })).status).toBe(200);
  const opened = await s.post('/api/checkout/', { ...urls, ...balances });
  expect(opened.status, opened.text).toBe(200);
  const url = new URL(opened.body.checkout_url);
  let sessionId = url.searchParams.get('session_id');
  if (url.pathname.startsWith('/pay/')) {
    const paid = await s.request('POST', url.pathname, undefined, { form: PAID_CARD });
    sessionId = new URL(paid.headers.get('location') ?? 'http://x/').searchParams.get('session_id');
  }
  const success = await s.get(`/api/user/purchase-success/${sessionId}`);
  expect(success.status, success.text).toBe(200);
  return success.body.purchase_id as string;
}

/** The paragraphs of the newest refund or cancellation email to `email`, heading first, without the footer. */
async function refundMail(email: string) {
  const mail = (await readOutbox(api.database.db, email)).find((m) => /refund|rimborso|cancelled|annullato/.test(m.subject));
  return mail!.text.split('\n\n').slice(0, -1);
}

async function deliver(purchaseId: string) {
  expect(
    (await admin('POST', 'orders/ship', { order: purchaseId, carrier: 'BRT', tracking: `BRT ${purchaseId.slice(0, 6)}` })).status,
  ).toBe(200);
  expect((await admin('POST', 'orders/deliver', { order: purchaseId })).status).toBe(200);
}

const balanceOf = async (cardId: string) =>
  (await api.database.db.selectFrom('gift_cards').select('balance').where('id', '=', cardId).executeTakeFirstOrThrow()).balance;

async function ledgerAddsUp(holder: { giftCardId: string } | { userId: string }) {
  const db = api.database.db;
  const sum = await db
    .selectFrom('balance_ledger')
    .select((eb) => eb.fn.sum<number>('amount').as('sum'))
    .where('giftCardId' in holder ? 'gift_card_id' : 'user_id', '=', 'giftCardId' in holder ? holder.giftCardId : holder.userId)
    .executeTakeFirstOrThrow();
  const balance =
    'giftCardId' in holder
      ? await balanceOf(holder.giftCardId)
      : ((await db.selectFrom('store_credits').select('balance').where('user_id', '=', holder.userId).executeTakeFirst())?.balance ?? 0);
  expect(Number(sum.sum ?? 0)).toBe(balance);
  return balance;
}

describe('store credit and refunds with balances', () => {
  it('a return refunded as store credit (with the owner’s 10% bonus) is spent on the next order; the ledger adds up', async () => {
    expect((await admin('POST', 'settings', { store_credit_bonus_percent: 10 })).body.store_credit_bonus_percent).toBe(10);
    const member = shopper(api);
    await member.register();
    const userId = (await api.database.db.selectFrom('users').select('id').where('email', '=', member.email!).executeTakeFirstOrThrow()).id;
    const purchaseId = await buy(member, 2);
    await deliver(purchaseId);
    const options = await member.get(`/api/returns/purchase/${purchaseId}`);
    expect(options.body.store_credit_bonus_percent).toBe(10);
    const requested = await member.post(`/api/returns/purchase/${purchaseId}`, {
      reason: 'changed_mind',
      refund_to: 'store_credit',
      lines: [{ item_id: options.body.lines[0].item_id, quantity: 1 }],
    });
    expect(requested.status, requested.text).toBe(201);
    expect(requested.body.refund_to).toBe('store_credit');
    expect((await admin('POST', 'returns/receive', { return: requested.body.number })).status).toBe(200);
    const refunded = await admin('POST', 'returns/refund', { return: requested.body.number });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // €30 back as credit, and €3 on top: the email says so, and what it comes to.
    expect((await member.get('/api/user/store-credit')).body).toEqual({ balance: 3_300 });
    expect((await refundMail(member.email!)).slice(2, 5)).toEqual([
      '€30.00 as store credit, as you chose.',
      '€3.00 more store credit: your bonus for choosing it.',
      'In all: €33.00.',
    ]);
    expect(await ledgerAddsUp({ userId })).toBe(3_300);

    // Spent on the next order (€30 + €20 shipping): €33 from credit, the rest by card.
    const next = await buy(member, 1, { use_store_credit: true });
    const order = await api.database.db
      .selectFrom('purchases')
      .select(['store_credit_amount', 'total'])
      .where('id', '=', next)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ store_credit_amount: 3_300, total: 5_000 });
    expect(await ledgerAddsUp({ userId })).toBe(0);
  });

  it('a guest cannot take store credit for a return', async () => {
    const guest = shopper(api);
    await guest.signInAsGuest();
    const purchaseId = await buy(guest, 1);
    await deliver(purchaseId);
    const options = await guest.get(`/api/returns/purchase/${purchaseId}`);
    const refused = await guest.post(`/api/returns/purchase/${purchaseId}`, {
      reason: 'changed_mind',
      refund_to: 'store_credit',
      lines: [{ item_id: options.body.lines[0].item_id, quantity: 1 }],
    });
    expect(refused.status).toBe(400);
  });

  it('a refund gives back to the gift card first, then the card payment; a cancelled order returns the card its balance', async () => {
    const issued = await admin('POST', 'gift-cards', { amount: 2_000 });
    const cardId: string = issued.body.card.id;
    const s = shopper(api);
    await s.signInAsGuest();
    // €60 + €20 shipping = €80: €20 from the card, €60 by card payment.
    const purchaseId = await buy(s, 2, { gift_card_code: issued.body.code });
    expect(await balanceOf(cardId)).toBe(0);
    const refund = await admin('POST', 'orders/refund', { order: purchaseId, idempotency_key: randomUUID(), amount: 2_500 });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const row = await api.database.db
      .selectFrom('refunds')
      .select(['to_gift_card', 'to_store_credit', 'amount'])
      .where('purchase_id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ to_gift_card: 2_000, to_store_credit: 0, amount: 2_500 });
    expect(await ledgerAddsUp({ giftCardId: cardId })).toBe(2_000);

    // A second order, paid in full by the card, then cancelled: the card is whole again, no provider asked.
    const again = await buy(s, 1, { gift_card_code: issued.body.code });
    expect(await balanceOf(cardId)).toBe(0);
    const cancelled = await admin('POST', 'orders/cancel', { order: again, idempotency_key: randomUUID() });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await ledgerAddsUp({ giftCardId: cardId })).toBe(2_000);
  });
});

describe('refund emails say where the money went', () => {
  it('English: a refund split between the gift card and the card payment names each part and the sum; one all to the card says so', async () => {
    const issued = await admin('POST', 'gift-cards', { amount: 2_000 });
    const last4 = issued.body.code.slice(-4);
    const s = shopper(api, { locale: 'en' });
    await s.signInAsGuest();
    // €80: €20 from the gift card, €60 by card payment.
    const purchaseId = await buy(s, 2, { gift_card_code: issued.body.code });
    const split = await admin('POST', 'orders/refund', { order: purchaseId, idempotency_key: randomUUID(), amount: 2_500 });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const number = split.body.order_number;
    expect(await refundMail(s.email!)).toEqual([
      'We have refunded €25.00',
      `We have refunded €25.00 on order ${number}.`,
      `€20.00 back on your gift card ····${last4}.`,
      '€5.00 to your payment method.',
      'In all: €25.00.',
      'The part to your payment method reaches it within 5 to 10 working days, depending on your bank.',
      'Your gift card and store credit can be spent at once: they pay at checkout on FILO.',
      'Questions? Reply to this email.',
    ]);
    // The card has had its €20 back: the next refund goes all to the card payment.
    expect((await admin('POST', 'orders/refund', { order: purchaseId, idempotency_key: randomUUID(), amount: 1_000 })).status).toBe(200);
    expect(await refundMail(s.email!)).toEqual([
      'We have refunded €10.00',
      `We have refunded €10.00 on order ${number}.`,
      '€10.00 to your payment method.',
      'It reaches your card within 5 to 10 working days, depending on your bank.',
      'Questions? Reply to this email.',
    ]);
  });

  it('Italian: the same split in Italian; a cancelled order paid by the gift card alone goes all back to it, with no bank to wait for', async () => {
    const it = (cents: number) => formatEuro(cents, 'it');
    const issued = await admin('POST', 'gift-cards', { amount: 10_000 });
    const last4 = issued.body.code.slice(-4);
    const s = shopper(api, { locale: 'it' });
    await s.signInAsGuest();
    // €80 from a €100 card: nothing left to pay, so the shop asks where it goes. Then €80 more: €20 from the card, €60 by card payment.
    const address = { name: 'Bea Bianchi', line1: 'Via Po 1', postal_code: '10124', city: 'Torino', country: 'IT' };
    const first = await buy(s, 2, { gift_card_code: issued.body.code, shipping_address: address });
    const second = await buy(s, 2, { gift_card_code: issued.body.code });
    const split = await admin('POST', 'orders/refund', { order: second, idempotency_key: randomUUID(), amount: 5_000 });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    expect(await refundMail(s.email!)).toEqual([
      `Ti abbiamo rimborsato ${it(5_000)}`,
      `Ti abbiamo rimborsato ${it(5_000)} sull'ordine ${split.body.order_number}.`,
      `${it(2_000)} di nuovo sulla tua carta regalo ····${last4}.`,
      `${it(3_000)} sul metodo di pagamento usato.`,
      `In tutto: ${it(5_000)}.`,
      'La parte sul metodo di pagamento arriva entro 5-10 giorni lavorativi, a seconda della banca.',
      'La carta regalo e il credito del negozio si possono usare subito: pagano al checkout su FILO.',
      'Domande? Rispondi a questa email.',
    ]);
    const cancelled = await admin('POST', 'orders/cancel', { order: first, idempotency_key: randomUUID() });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await refundMail(s.email!)).toEqual([
      'Il tuo ordine è annullato',
      `L'ordine ${cancelled.body.order_number} è stato annullato e ti abbiamo rimborsato ${it(8_000)}.`,
      `${it(8_000)} di nuovo sulla tua carta regalo ····${last4}.`,
      'La carta regalo e il credito del negozio si possono usare subito: pagano al checkout su FILO.',
      'Domande? Rispondi a questa email.',
    ]);
  });
});
