import { describe, expect, it } from 'vitest';

import { productOfPath } from './funnel-views.server';

describe('the product of a page path, for the funnel', () => {
  it('names the product of a product page in either language, and nothing else', () => {
    expect(productOfPath('/product/Tracer%20Tee')).toBe('Tracer Tee');
    expect(productOfPath('/it/product/Tracer%20Tee')).toBe('Tracer Tee');
    expect(productOfPath('/product/Tracer%20Tee.data')).toBe('Tracer Tee');
    expect(productOfPath('/products/Tracer%20Tee')).toBeNull();
    expect(productOfPath('/cart')).toBeNull();
    expect(productOfPath('/product/%E0%A4%A')).toBeNull();
  });
});
