// What the checkout suites share: return addresses, the declined test card, and a kit over a file's test API.
import { expect } from 'vitest';

import { PAID_CARD, setVariant, type Shopper, shopper } from '../../../tests/support/shopper';
import type { useTestApi } from '../../../tests/support/use-test-api';

export const SUCCESS = 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}';
export const CANCEL = 'http://shop.test/cart';
export const DECLINED_CARD = { ...PAID_CARD, card_number: '4000 0000 0000 0002' };

export const sessionIdOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

/** Checkouts, quick purchases and payments against a file's test API (`useTestApi()`). */
export function checkoutKit(api: ReturnType<typeof useTestApi>) {
  /** A variant of its own for one test, with the given price and stock. */
  let nextVariant = 0;
  async function freshVariant(values: { price?: number; stock_quantity: number }) {
    const variant = api.stocked[nextVariant++ % api.stocked.length];
    await setVariant(api, variant.id, { price: variant.price, ...values });
    return variant;
  }

  async function guestWithCart(items: { id: string; quantity?: number }[]) {
    const s = shopper(api);
    for (const item of items) {
      const res = await s.post('/api/cart/add', { variant_id: item.id, quantity: item.quantity ?? 1 });
      expect(res.status).toBe(200);
    }
    await s.signInAsGuest();
    return s;
  }

  const checkout = (s: Shopper, extra: Record<string, unknown> = {}) =>
    s.post('/api/checkout/', { success_url: SUCCESS, cancel_url: CANCEL, email: s.email, metadata: { source: 'test' }, ...extra });

  const quick = (s: Shopper, variantId: string, quantity = 1) =>
    s.post('/api/checkout/quick', {
      product_variant_id: variantId,
      quantity,
      success_url: SUCCESS,
      cancel_url: CANCEL,
      metadata: { product_name: 'x', selected_attributes: { SIZE: 'S/M' } },
    });

  async function pay(s: Shopper, checkoutUrl: string, card: Record<string, string> = PAID_CARD) {
    return s.request('POST', new URL(checkoutUrl).pathname, undefined, { form: card });
  }

  return { freshVariant, guestWithCart, checkout, quick, pay };
}
