import { describe, expect, it } from 'vitest';

import { cartSummary } from './totals';

describe('cartSummary', () => {
  it('charges €20 shipping up to €150 and names the remaining amount plus one cent', () => {
    expect(cartSummary(15000)).toMatchObject({ shipping: 2000, finalTotal: 17000, freeShippingRemaining: 1 });
    expect(cartSummary(4500)).toMatchObject({ shipping: 2000, freeShippingRemaining: 10501 });
  });

  it('ships for free over €150', () => {
    expect(cartSummary(15001)).toMatchObject({ shipping: 0, finalTotal: 15001, freeShippingRemaining: null });
  });

  it('shows the 22% VAT included in the total and the subtotal without it', () => {
    const summary = cartSummary(12200);
    expect(summary.tax).toBe(2200);
    expect(summary.subtotalExcludingTax).toBe(10000);
    expect(cartSummary(4500).tax + cartSummary(4500).subtotalExcludingTax).toBe(4500);
  });
});

describe('totals with a discount', () => {
  it('takes the discount off the items first: tax and the free-shipping threshold follow the discounted total', () => {
    // €160 of items is over the threshold; 10% off leaves €144, which is not.
    const summary = cartSummary(16_000, { discount: 1_600, freeShipping: false });
    expect(summary).toMatchObject({
      itemsTotal: 16_000,
      discount: 1_600,
      total: 14_400,
      shipping: 2_000,
      finalTotal: 16_400,
      freeShippingRemaining: 601,
    });
    // 22% included in €144.00: 144 − 144 / 1.22 = 25.967… → €25.97.
    expect(summary.tax).toBe(2_597);
    expect(summary.subtotalExcludingTax + summary.tax).toBe(14_400);
  });

  it('waives shipping for a free-shipping code, and never takes off more than the items', () => {
    expect(cartSummary(4_500, { discount: 0, freeShipping: true })).toMatchObject({
      shipping: 0,
      finalTotal: 4_500,
      freeShippingRemaining: null,
    });
    expect(cartSummary(1_000, { discount: 5_000, freeShipping: false })).toMatchObject({
      discount: 1_000,
      total: 0,
      tax: 0,
      finalTotal: 2_000,
    });
  });
});
