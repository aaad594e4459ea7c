import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import {
  cachingHeaders,
  createPageCache,
  PAGE_CACHE_FIELD,
  type PageRequest,
  shareablePageHeaders,
  withoutNonce,
} from './page-cache.server';

const NONCE = 'r4nd0mN0nce+/==';
const POLICY = `default-src 'self'; script-src 'self' 'nonce-${NONCE}'; style-src 'self' 'unsafe-inline'`;
const SCRIPTS = ['window.__remixContext = {"state":{"loaderData":{}}};', 'import "/build/entry.client.js";'];
const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><link rel="modulepreload" href="/build/entry.client.js"/></head><body>',
  '<h1>Shop</h1>',
  `<script nonce="${NONCE}">${SCRIPTS[0]}</script>`,
  `<script nonce="${NONCE}" type="module" async="">${SCRIPTS[1]}</script>`,
  `<script nonce="${NONCE}" src="/build/manifest.js"></script>`,
  '<script type="application/ld+json">{"@type":"Product"}</script>',
  '</body></html>',
].join('');

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function read(overrides: Partial<PageRequest> & { headers?: PageRequest['headers'] } = {}): PageRequest {
  return { method: 'GET', url: '/', ...overrides, headers: { host: 'shop.test', ...overrides.headers } };
}

function page(init: { status?: number; headers?: Record<string, string>; body?: string } = {}) {
  return new Response(init.body ?? PAGE, {
    status: init.status ?? 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': POLICY,
      ...shareablePageHeaders(10),
      ...init.headers,
    },
  });
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('page cache: what it keeps', () => {
  it('keeps an anonymous read the route allowed, and answers the next one from memory in both encodings', async () => {
    const cache = createPageCache();
    const sent = await cache.remember(read(), page());
    expect(sent.status).toBe(200);
    expect(sent.headers.has(PAGE_CACHE_FIELD)).toBe(false);
    expect(sent.headers.get('Cache-Control')).toBe('no-cache');
    const first = await sent.text();

    const plain = cache.lookup(read())!;
    expect(plain.status).toBe(200);
    expect(text(plain.body)).toBe(first);
    expect(plain.headers['Content-Length']).toBe(String(plain.body.byteLength));
    expect(plain.headers['Content-Encoding']).toBeUndefined();
    expect(plain.headers['Vary']).toBe('Accept-Encoding');
    expect(plain.headers['Age']).toBe('0');
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Object.keys(plain.headers).map((name) => name.toLowerCase())).not.toContain(PAGE_CACHE_FIELD.toLowerCase());

    const gzipped = cache.lookup(read({ headers: { 'accept-encoding': 'gzip, deflate, br' } }))!;
    expect(gzipped.headers['Content-Encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(first);
    expect(gzipped.body.byteLength).toBeLessThan(plain.body.byteLength);
  });

  it('stores the page without its nonce: the policy allows exactly its inline scripts by hash', async () => {
    const cache = createPageCache();
    const html = await (await cache.remember(read(), page())).text();
    expect(html).not.toContain(NONCE);
    for (const script of SCRIPTS) expect(html).toContain(script);
    const policy = cache.lookup(read())!.headers['content-security-policy'];
    expect(policy).toBe(`default-src 'self'; script-src 'self' ${SCRIPTS.map(hashOf).join(' ')}; style-src 'self' 'unsafe-inline'`);
    expect(policy).not.toContain('nonce');
  });

  it('a request with any cookie or credentials is neither answered from memory nor stored', async () => {
    const cache = createPageCache();
    await cache.remember(read(), page());
    expect(cache.lookup(read({ headers: { cookie: 'cookie-consent=1' } }))).toBeUndefined();
    expect(cache.lookup(read({ headers: { authorization: 'Bearer x' } }))).toBeUndefined();
    expect(cache.lookup(read({ method: 'POST' }))).toBeUndefined();
    expect(cache.lookup(read({ method: 'HEAD' }))?.status).toBe(200);

    const personal = createPageCache();
    const sent = await personal.remember(read({ url: '/about', headers: { cookie: '__session=abc' } }), page());
    // The field is private to the server whoever asked.
    expect(sent.headers.has(PAGE_CACHE_FIELD)).toBe(false);
    expect(await sent.text()).toContain(`nonce="${NONCE}"`);
    await personal.remember(read({ method: 'HEAD', url: '/about' }), page());
    expect(personal.size).toBe(0);
  });

  it.each<[string, { status?: number; headers?: Record<string, string> }]>([
    ['the route did not allow it', { headers: { [PAGE_CACHE_FIELD]: '' } }],
    ['for no time', { headers: { [PAGE_CACHE_FIELD]: 'max-age=0' } }],
    ['the field is nonsense', { headers: { [PAGE_CACHE_FIELD]: 'max-age=soon' } }],
    ['the answer sets a cookie', { headers: { 'Set-Cookie': '__session=abc; Path=/' } }],
    ['the answer is not a 200', { status: 503 }],
  ])('an answer is not kept when %s', async (_, init) => {
    const cache = createPageCache();
    const sent = await cache.remember(read(), page(init));
    expect(sent.status).toBe(init.status ?? 200);
    expect(sent.headers.has(PAGE_CACHE_FIELD)).toBe(false);
    expect(cache.size).toBe(0);
    expect(cache.lookup(read())).toBeUndefined();
  });

  it('an answer the route did not mark passes through untouched', async () => {
    const cache = createPageCache();
    const response = new Response('{}', { headers: { 'Content-Type': 'application/json' } });
    expect(await cache.remember(read(), response)).toBe(response);
    expect(cache.size).toBe(0);
  });

  it('keeps a page for the seconds the route gave, then renders it again', async () => {
    let now = 1_000_000;
    const cache = createPageCache({ now: () => now });
    await cache.remember(read(), page({ headers: { [PAGE_CACHE_FIELD]: 'max-age=10' } }));
    now += 9_500;
    expect(cache.lookup(read())?.headers['Age']).toBe('9');
    now += 500;
    expect(cache.lookup(read())).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps each address apart: path, query, host and the proxy headers', async () => {
    const cache = createPageCache();
    await cache.remember(read({ url: '/?auth=email' }), page({ body: '<p>modal</p>' }));
    await cache.remember(read({ url: '/' }), page({ body: '<p>shop</p>' }));
    await cache.remember(read({ url: '/', headers: { host: 'other.test' } }), page({ body: '<p>other</p>' }));
    expect(text(cache.lookup(read({ url: '/?auth=email' }))!.body)).toBe('<p>modal</p>');
    expect(text(cache.lookup(read({ url: '/' }))!.body)).toBe('<p>shop</p>');
    expect(text(cache.lookup(read({ url: '/', headers: { host: 'other.test' } }))!.body)).toBe('<p>other</p>');
    expect(cache.lookup(read({ url: '/', headers: { 'x-forwarded-proto': 'https' } }))).toBeUndefined();
    expect(cache.lookup(read({ url: '/?auth=verify' }))).toBeUndefined();
  });

  it('holds a bounded number of pages and bytes, dropping the oldest first; a page too big is sent but not kept', async () => {
    const few = createPageCache({ maxEntries: 2 });
    for (const url of ['/a', '/b', '/c']) await few.remember(read({ url }), page({ body: url }));
    expect(few.size).toBe(2);
    expect(few.lookup(read({ url: '/a' }))).toBeUndefined();
    expect(few.lookup(read({ url: '/c' }))).toBeDefined();

    const small = createPageCache({ maxBodyBytes: 100 });
    const sent = await small.remember(read(), page());
    expect(await sent.text()).toContain('<h1>Shop</h1>');
    expect(small.size).toBe(0);

    const tight = createPageCache({ maxBytes: 3 * 1024 });
    for (const url of ['/1', '/2', '/3']) await tight.remember(read({ url }), page({ body: `${url}${'x'.repeat(1000)}` }));
    expect(tight.size).toBeLessThan(3);
    expect(tight.lookup(read({ url: '/3' }))).toBeDefined();
  });

  it('clear() drops every page', async () => {
    const cache = createPageCache();
    await cache.remember(read(), page());
    cache.clear();
    expect(cache.lookup(read())).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('page cache helpers', () => {
  it('a page without a nonce policy is kept as it is', async () => {
    expect(await withoutNonce('<p>hi</p>', "default-src 'none'")).toEqual({ html: '<p>hi</p>', policy: "default-src 'none'" });
    expect(await withoutNonce('<p>hi</p>', null)).toEqual({ html: '<p>hi</p>', policy: null });
  });

  it('a page with no inline script keeps a policy that allows none', async () => {
    const { policy } = await withoutNonce('<p>hi</p>', POLICY);
    expect(policy).toBe("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'");
  });

  it('route headers carry the caching the loader chose, the targeted field included', () => {
    expect(cachingHeaders(new Headers(shareablePageHeaders(30)))).toEqual({
      'Cache-Control': 'no-cache',
      [PAGE_CACHE_FIELD]: 'max-age=30',
    });
    expect(cachingHeaders(new Headers({ 'Cache-Control': 'private, no-store' }))).toEqual({ 'Cache-Control': 'private, no-store' });
    expect(cachingHeaders(new Headers())).toEqual({ 'Cache-Control': 'no-store' });
  });
});

describe('page cache: two languages (ADR 046)', () => {
  it('never sends the English / kept for one visitor to a visitor whose browser prefers Italian (sent to /it instead)', async () => {
    const cache = createPageCache();
    await (
      await cache.remember(
        read({ headers: { 'accept-language': 'en-GB,en;q=0.9' } }),
        page({ headers: { Vary: 'Accept-Language, Cookie' } }),
      )
    ).text();
    expect(cache.lookup(read({ headers: { 'accept-language': 'en-US' } }))).toBeDefined();
    expect(cache.lookup(read({ headers: {} }))).toBeDefined();
    expect(cache.lookup(read({ headers: { 'accept-language': 'it-IT,it;q=0.9' } }))).toBeUndefined();
    expect(cache.lookup(read({ url: '/?page=2', headers: { 'accept-language': 'it' } }))).toBeUndefined();
    // The stored answer says what it varies with, as the page did.
    expect(cache.lookup(read())!.headers['Vary']).toBe('Accept-Encoding, Accept-Language, Cookie');
    // Any other address is in its own language whatever the browser says: one copy for all.
    await (await cache.remember(read({ url: '/it', headers: { 'accept-language': 'en' } }), page())).text();
    expect(cache.lookup(read({ url: '/it', headers: { 'accept-language': 'it' } }))).toBeDefined();
  });
});
