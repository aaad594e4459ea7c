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
