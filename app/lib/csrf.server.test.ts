import { describe, expect, it } from 'vitest';

import { isCrossSiteRequest, refuseCrossSiteRequest } from './csrf.server';
import { MESSAGES } from './messages';

const post = (headers: Record<string, string>, url = 'http://shop.test/cart') => new Request(url, { method: 'POST', headers });

describe('cross-site request check', () => {
  it('lets the shop post to itself', () => {
    expect(isCrossSiteRequest(post({ Origin: 'http://shop.test' }))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: 'http://shop.test:8080' }, 'http://shop.test:8080/cart'))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: 'http://shop.test', 'Sec-Fetch-Site': 'same-origin' }))).toBe(false);
  });

  it('accepts the https origin behind a proxy that says so, and only then', () => {
    expect(isCrossSiteRequest(post({ Origin: 'https://shop.test', 'X-Forwarded-Proto': 'https' }))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: 'https://shop.test' }))).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['a look-alike host', 'http://shop.test.evil.example'],
    ['another port', 'http://shop.test:4444'],
    ['a sandboxed or privacy-sensitive context', 'null'],
    ['a sibling subdomain (same site, other origin)', 'http://pay.shop.test'],
  ])('refuses a post from %s', (_, origin) => {
    expect(isCrossSiteRequest(post({ Origin: origin }))).toBe(true);
  });

  it('without an Origin, trusts clients that send no fetch metadata and browsers that say same-origin', () => {
    expect(isCrossSiteRequest(post({}))).toBe(false);
    expect(isCrossSiteRequest(post({ 'Sec-Fetch-Site': 'same-origin' }))).toBe(false);
    for (const site of ['cross-site', 'same-site', 'none']) expect(isCrossSiteRequest(post({ 'Sec-Fetch-Site': site }))).toBe(true);
  });

  it('answers a refused post with a 403 page saying why, and lets reads through', async () => {
    const refusal = refuseCrossSiteRequest(post({ Origin: 'https://evil.example' }));
    expect(refusal?.status).toBe(403);
    expect(refusal?.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(refusal?.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    const page = await refusal!.text();
    expect(page).toContain(`<h1>${MESSAGES.requestRefused}</h1>`);
    expect(page).toContain(MESSAGES.crossSiteRefused);
    expect(page).toContain('<a href="/">Back to Home</a>');

    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(refuseCrossSiteRequest(new Request('http://shop.test/', { method, headers: { Origin: 'https://evil.example' } }))).toBeNull();
    }
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect(
        refuseCrossSiteRequest(new Request('http://shop.test/cart', { method, headers: { Origin: 'https://evil.example' } }))?.status,
      ).toBe(403);
    }
    expect(refuseCrossSiteRequest(post({ Origin: 'http://shop.test' }))).toBeNull();
  });
});
