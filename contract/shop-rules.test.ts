import { describe, expect, it } from 'vitest';

import { orderNumber } from '@contract/order-number';

import { includedTax, shippingCostFor, totalsFor } from './totals';

describe('shop rules', () => {
  it('ships free only above €150', () => {
    expect(shippingCostFor(15_000)).toBe(2_000);
    expect(shippingCostFor(15_001)).toBe(0);
    expect(shippingCostFor(0)).toBe(2_000);
  });

  it('computes the included 22% VAT in cents, rounded to the nearest cent', () => {
    for (const total of [1, 61, 100, 4_500, 4_501, 12_345, 15_000, 15_001, 999_999]) {
      expect(includedTax(total)).toBe(Math.round(total - total / 1.22));
    }
    expect(includedTax(4_500)).toBe(811); // 811.48
    expect(includedTax(4_501)).toBe(812); // 811.66
  });

  it('adds shipping to the cart total', () => {
    expect(totalsFor(15_000)).toEqual({ subtotal: 15_000, discount: 0, shipping_cost: 2_000, tax: 2_705, total: 17_000 });
    expect(totalsFor(15_001)).toEqual({ subtotal: 15_001, discount: 0, shipping_cost: 0, tax: 2_705, total: 15_001 });
  });

  it('derives the order number from the UTC date and the purchase id', () => {
    expect(orderNumber('3f2a9c1e-aaaa-bbbb-cccc-000000000000', new Date('2026-03-05T23:30:00Z'))).toBe('ORD-2026-03-05-3F2A9C1E');
  });
});
