import { describe, expect, it } from 'vitest';

import { ordersCsvHref, ordersHref, readOrdersQuery } from './orders-query';

const read = (search: string) => readOrdersQuery(new URLSearchParams(search));

describe('readOrdersQuery', () => {
  it('defaults to every order, first page, nothing open', () => {
    expect(read('')).toEqual({ q: '', status: '', pages: 1, open: null, orderId: null });
  });

  it('prefills the search and opens the order of order_id', () => {
    expect(read('order_id=abc')).toEqual({ q: 'abc', status: '', pages: 1, open: 'abc', orderId: 'abc' });
    // A search typed afterwards wins over the deep link.
    expect(read('order_id=abc&q=tee').q).toBe('tee');
  });

  it('accepts only known filters, any case, and bounded pages', () => {
    expect(read('status=Shipped').status).toBe('shipped');
    expect(read('status=lost').status).toBe('');
    expect(read('page=3').pages).toBe(3);
    expect(read('page=0').pages).toBe(1);
    expect(read('page=x').pages).toBe(1);
    expect(read('page=100000').pages).toBe(50);
    expect(read(`q=${'x'.repeat(300)}`).q).toHaveLength(100);
  });
});

describe('ordersHref', () => {
  it('keeps only what differs from the default view', () => {
    expect(ordersHref({})).toBe('/orders');
    expect(ordersHref({ q: 'padded tee', status: 'shipped', pages: 2, open: 'id-1' })).toBe(
      '/orders?q=padded+tee&status=shipped&page=2&open=id-1',
    );
    expect(ordersHref({ q: 'x', pages: 1 }, '/orders.csv')).toBe('/orders.csv?q=x');
  });

  it("links the CSV export in the page's language, English without a parameter", () => {
    expect(ordersCsvHref({ q: 'x' }, 'en')).toBe('/orders.csv?q=x');
    expect(ordersCsvHref({}, 'it')).toBe('/orders.csv?lang=it');
    expect(ordersCsvHref({ status: 'shipped' }, 'it')).toBe('/orders.csv?status=shipped&lang=it');
  });
});
