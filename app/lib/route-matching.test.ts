import { type AgnosticRouteObject, matchRoutes, resolveTo } from '@remix-run/router';
import { describe, expect, it, vi } from 'vitest';

// The storefront's Node server matches every request against the same route tables three times
// (server routes, the static handler's data routes, React's render). The router is patched at
// install (patches/@remix-run+router+*.patch, ADR 036) to flatten and rank a table once, to
// compile each pattern once, to keep each pathname's matches, and to resolve a link to a path from
// the root once.

/** A table shaped like the app's: a root layout, index, static and dynamic segments, a splat, nesting. */
function table(): AgnosticRouteObject[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'index', index: true },
        { id: 'cart', path: 'cart' },
        { id: 'product', path: 'product/:productName' },
        { id: 'orders', path: 'orders' },
        { id: 'order-receipt', path: 'orders/:purchaseId/receipt' },
        {
          id: 'admin',
          path: 'admin',
          children: [
            { id: 'admin-index', index: true },
            { id: 'admin-order', path: 'orders/:order' },
          ],
        },
        { id: 'cards', path: 'cards/*' },
        { id: 'robots', path: 'robots.txt' },
      ],
    },
  ];
}

const PATHS = [
  '/',
  '/cart',
  '/CART/',
  '/product/Tracer%20Tee',
  '/orders',
  '/orders/abc/receipt',
  '/admin',
  '/admin/orders/42',
  '/cards/a/b.webp',
  '/robots.txt',
  '/nowhere/at/all',
];
const ids = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname })) ?? null;

describe('route matching with the installed router', () => {
  it('answers a kept table exactly as a new table of the same routes', () => {
    const kept = table();
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) expect(ids(matchRoutes(kept, path)), path).toEqual(ids(matchRoutes(table(), path)));
    }
    expect(ids(matchRoutes(kept, '/product/Tracer%20Tee'))?.at(-1)).toEqual({
      id: 'product',
      params: { productName: 'Tracer Tee' },
      pathname: '/product/Tracer Tee',
    });
    expect(matchRoutes(kept, '/nowhere/at/all')).toBeNull();
  });

  it('ranks a table once: one changed after its first match keeps its first ranking (tables are made once)', () => {
    const kept = table();
    expect(matchRoutes(kept, '/late')).toBeNull();
    kept[0].children!.push({ id: 'late', path: 'late' });
    // Patched: the table's branches were kept from the first match. Unpatched, this would match.
    expect(matchRoutes(kept, '/late')).toBeNull();
    expect(ids(matchRoutes([...kept], '/late'))?.at(-1)?.id).toBe('late');
  });

  it("keeps a pathname's matches, and gives every caller copies of its own", () => {
    const kept = table();
    const first = matchRoutes(kept, '/product/Tracer%20Tee')!;
    const [, product] = first;
    (product.params as Record<string, string>).productName = 'changed';
    product.pathname = '/changed';
    first.pop();
    const second = matchRoutes(kept, '/product/Tracer%20Tee')!;
    expect(ids(second)?.at(-1)).toEqual({ id: 'product', params: { productName: 'Tracer Tee' }, pathname: '/product/Tracer Tee' });
    expect(second[1]).not.toBe(product);
    expect(second[1].route).toBe(product.route);
  });

  it('matches a pathname once: a second request for it is answered from what was kept', () => {
    const kept = table();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // The router warns each time it works on a pathname it cannot decode; a kept answer skips the work.
      const bad = '/product/%E0%A4%A';
      const first = ids(matchRoutes(kept, bad));
      expect(ids(matchRoutes(kept, bad))).toEqual(first);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(first?.at(-1)?.id).toBe('product');
    } finally {
      warn.mockRestore();
    }
  });

  it('resolves a link from the root as before, from any route and location, and never shares the answer', () => {
    for (const to of ['/cart', '/product/Tracer%20Tee?colour=BLACK#sizes', '/orders/', '/a/../b']) {
      const fromOrders = resolveTo(to, ['/', '/orders'], '/orders');
      const fromProduct = resolveTo(to, ['/', '/product/x'], '/product/x/');
      expect(fromOrders).toEqual(fromProduct);
      fromOrders.pathname = '/changed';
      expect(resolveTo(to, ['/'], '/').pathname).not.toBe('/changed');
    }
    expect(resolveTo('/product/Tracer%20Tee?colour=BLACK#sizes', ['/'], '/')).toEqual({
      pathname: '/product/Tracer%20Tee',
      search: '?colour=BLACK',
      hash: '#sizes',
    });
    expect(resolveTo('/orders/', ['/'], '/').pathname).toBe('/orders/');
    expect(resolveTo('/a/../b', ['/'], '/').pathname).toBe('/b');
    // Relative links still depend on where they are.
    expect(resolveTo('details', ['/', '/orders'], '/orders').pathname).toBe('/orders/details');
    expect(resolveTo('..', ['/', '/orders'], '/orders').pathname).toBe('/');
  });
});
