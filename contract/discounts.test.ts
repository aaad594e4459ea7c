import { describe, expect, it } from 'vitest';

import { allocate, discountFor, type DiscountLine, normaliseDiscountCode } from './discounts';

const tee: DiscountLine = { product_id: 'tee', category_ids: ['tops'], unit_price: 4_500, quantity: 2 };
const cap: DiscountLine = { product_id: 'cap', category_ids: ['accessories'], unit_price: 2_999, quantity: 1 };

describe('discount codes', () => {
  it('are compared in capitals without spaces', () => {
    expect(normaliseDiscountCode(' summer 10 ')).toBe('SUMMER10');
  });

  it('take a percentage of every item, rounded half up, shared over the lines to the cent', () => {
    const outcome = discountFor({ kind: 'percent', value: 15, product_ids: [], category_ids: [] }, [tee, cap]);
    // 15% of €119.99 = €17.9985 → €18.00.
    expect(outcome.discount).toBe(1_800);
    expect(outcome.line_discounts.reduce((a, b) => a + b, 0)).toBe(1_800);
    expect(outcome.line_discounts).toEqual([1_350, 450]);
  });

  it('apply only to the products or categories they are limited to', () => {
    const byCategory = discountFor({ kind: 'percent', value: 10, product_ids: [], category_ids: ['accessories'] }, [tee, cap]);
    expect(byCategory).toMatchObject({ discount: 300, line_discounts: [0, 300], eligible_total: 2_999 });
    const byProduct = discountFor({ kind: 'amount', value: 10_000, product_ids: ['tee'], category_ids: [] }, [tee, cap]);
    expect(byProduct).toMatchObject({ discount: 9_000, line_discounts: [9_000, 0] });
    const none = discountFor({ kind: 'free_shipping', value: 0, product_ids: ['hoodie'], category_ids: [] }, [tee, cap]);
    expect(none).toMatchObject({ discount: 0, free_shipping: false, eligible_total: 0 });
  });

  it('share an amount in proportion, the odd cents to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
  });
});
