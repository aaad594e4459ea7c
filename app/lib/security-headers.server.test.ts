import { afterEach, describe, expect, it } from 'vitest';

import { applySecurityHeaders, createNonce, documentPolicy, withSecurityHeaders } from './security-headers.server';

const saved = { PUBLIC_API_URL: process.env.PUBLIC_API_URL, STORAGE_URL: process.env.STORAGE_URL };
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('page Content-Security-Policy', () => {
  it('allows scripts from the shop and inline ones with this page’s nonce only', () => {
    const nonce = createNonce();
    const policy = directives(documentPolicy(nonce));
    expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // Styles may be inline (React style props, html2canvas's copy of the page); scripts may not.
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it('allows images from the API and object storage, and forms to the payment page', () => {
    process.env.PUBLIC_API_URL = 'https://api.shop.example';
    process.env.STORAGE_URL = 'https://cdn.shop.example/base';
    const policy = directives(documentPolicy('n'));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://api.shop.example', 'https://cdn.shop.example']);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://api.shop.example', 'https://checkout.stripe.com']);
  });

  it('uses a new 128-bit nonce every time, across refills of its random pool', () => {
    const nonces = new Set(Array.from({ length: 600 }, createNonce));
    expect(nonces.size).toBe(600);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

describe('security headers on every answer', () => {
  it('adds nosniff, the referrer policy, frame protection and a policy, keeping what a route set', () => {
    const headers = new Headers({ 'Content-Security-Policy': "default-src 'self'", 'Referrer-Policy': 'no-referrer' });
    applySecurityHeaders(headers, "default-src 'none'");
    expect(headers.get('Content-Security-Policy')).toBe("default-src 'self'");
    expect(headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('gives answers that are not pages a policy that loads and frames nothing', () => {
    const response = withSecurityHeaders(new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
    expect(response.headers.get('Content-Security-Policy')).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
  });

  it('copies an answer whose headers cannot change', async () => {
    const immutable = Response.redirect('http://shop.test/cart', 303);
    const response = withSecurityHeaders(immutable);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('http://shop.test/cart');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
