import { Outlet, Scripts, useLoaderData } from '@remix-run/react';
import { createRequestHandler, type ServerBuild } from '@remix-run/server-runtime';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import handleRequest, { handleError } from '../entry.server';
import { useNonce } from './nonce';
import { createRenderMemo, renderMemo } from './render-memo.server';

// A small app through Remix's own request handler and the shop's real document entry: what a kept
// page must equal is what rendering it again gives.
let renders = 0;
const data = new Map<string, { name: string; orders: number }>([
  ['ada', { name: 'Ada', orders: 2 }],
  ['bo', { name: 'Bo', orders: 5 }],
]);
const shopperOf = (request: Request) => /shopper=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1] ?? 'ada';

function Root() {
  return (
    <html lang="en">
      <head>
        <title>Shop</title>
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

function Orders() {
  renders += 1;
  const shopper = useLoaderData<{ name: string; orders: number }>();
  const nonce = useNonce();
  return (
    <main>
      <h1>{shopper.name}</h1>
      <p>{shopper.orders} orders</p>
      <script nonce={nonce}>{'window.__kept = 1;'}</script>
    </main>
  );
}

const route = (id: string, path: string, module: Record<string, unknown>, parentId?: string) => ({
  id,
  path,
  parentId,
  module: module as unknown as ServerBuild['routes'][string]['module'],
});
const entryRoute = (id: string, path: string, parentId?: string) => ({
  id,
  path,
  parentId,
  module: `/build/${id}.js`,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: false,
});

const build: ServerBuild = {
  mode: 'production',
  entry: { module: { default: handleRequest, handleError } },
  routes: {
    root: route('root', '', { default: Root, loader: () => null }),
    'routes/orders': route(
      'routes/orders',
      'orders',
      { default: Orders, loader: ({ request }: { request: Request }) => data.get(shopperOf(request)), handle: { rendersFromData: true } },
      'root',
    ),
    'routes/plain': route(
      'routes/plain',
      'plain',
      { default: Orders, loader: ({ request }: { request: Request }) => data.get(shopperOf(request)) },
      'root',
    ),
  },
  assets: {
    entry: { imports: [], module: '/build/entry.client.js' },
    routes: {
      root: entryRoute('root', ''),
      'routes/orders': entryRoute('routes/orders', 'orders', 'root'),
      'routes/plain': entryRoute('routes/plain', 'plain', 'root'),
    },
    url: '/build/manifest.js',
    version: 'test',
  },
  publicPath: '/build/',
  assetsBuildDirectory: 'public/build',
  future: {} as ServerBuild['future'],
  isSpaMode: false,
};
const handle = createRequestHandler(build, 'production');

async function open(path: string, shopper = 'ada') {
  const answer = await handle(new Request(`http://shop.test${path}`, { headers: { Cookie: `shopper=${shopper}` } }));
  const html = await answer.text();
  const nonce = /'nonce-([^']+)'/.exec(answer.headers.get('Content-Security-Policy') ?? '')?.[1];
  return { answer, html, nonce };
}

describe('pages kept as rendered', () => {
  beforeEach(() => {
    renderMemo.clear();
    renders = 0;
    data.set('ada', { name: 'Ada', orders: 2 });
  });

  it('answers the same address and data with the page it rendered, under the new nonce', async () => {
    const first = await open('/orders');
    const second = await open('/orders');
    expect(renders).toBe(1);
    expect(second.answer.status).toBe(200);
    expect(second.answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(second.answer.headers.get('Cache-Control')).toBe('private, no-store');
    expect(second.nonce).toBeTruthy();
    expect(second.nonce).not.toBe(first.nonce);
    // Every script carries this answer's nonce, none the first one's: the policy lets them run.
    expect(second.html).not.toContain(first.nonce);
    expect(second.html).toContain(`<script nonce="${second.nonce}">window.__kept = 1;</script>`);
    expect(second.html.split(second.nonce!).length).toBe(first.html.split(first.nonce!).length);
    expect(second.html.replaceAll(second.nonce!, 'N')).toBe(first.html.replaceAll(first.nonce!, 'N'));
  });

  it('renders again as soon as the data differs, and each shopper sees their own', async () => {
    await open('/orders');
    data.set('ada', { name: 'Ada', orders: 3 });
    const changed = await open('/orders');
    expect(changed.html).toContain('<p>3<!-- --> orders</p>');
    const other = await open('/orders', 'bo');
    expect(other.html).toContain('<h1>Bo</h1>');
    expect(other.html).not.toContain('Ada');
    expect(renders).toBe(3);
    // Both kept apart: each shopper's next visit is a hit on their own page.
    expect((await open('/orders')).html).toContain('<h1>Ada</h1>');
    expect((await open('/orders', 'bo')).html).toContain('<h1>Bo</h1>');
    expect(renders).toBe(3);
  });

  it('keeps the address in the key: another query is another page', async () => {
    await open('/orders');
    await open('/orders?status=shipped');
    expect(renders).toBe(2);
  });

  it('renders every time a route that has not said its render is drawn from its data', async () => {
    await open('/plain');
    await open('/plain');
    expect(renders).toBe(2);
    expect(renderMemo.size).toBe(0);
  });

  it('keeps no page that is not a plain success', async () => {
    // React Router warns of an address no route matches; the page is the 404 all the same.
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const missing = await handle(new Request('http://shop.test/nowhere'));
    warned.mockRestore();
    expect(missing.status).toBe(404);
    await missing.text();
    expect(renderMemo.size).toBe(0);
  });
});

describe('the memo of rendered pages', () => {
  it('lets the least recently used page go first, within its count and its size', () => {
    const memo = createRenderMemo({ maxEntries: 2, maxChars: 10_000 });
    memo.remember('a', '<p nonce="n1">a</p>', 'n1');
    memo.remember('b', '<p nonce="n1">b</p>', 'n1');
    expect(memo.lookup('a', 'n2')).toBe('<p nonce="n2">a</p>');
    memo.remember('c', 'c', 'n1');
    expect(memo.lookup('b', 'n2')).toBeUndefined();
    expect(memo.lookup('a', 'n3')).toBe('<p nonce="n3">a</p>');
    expect(memo.size).toBe(2);

    const small = createRenderMemo({ maxChars: 800 });
    small.remember('one', 'x'.repeat(90), 'n');
    // A page over an eighth of the whole is not kept at all.
    small.remember('big', 'x'.repeat(200), 'n');
    expect(small.lookup('big', 'n')).toBeUndefined();
    for (const key of ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']) small.remember(key, 'x'.repeat(90), 'n');
    expect(small.lookup('one', 'n')).toBeUndefined();
    expect(small.lookup('nine', 'n')).toBe('x'.repeat(90));
  });
});
