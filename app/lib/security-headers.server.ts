import { getEnv } from './env.server';

/** Hosted payment pages a checkout post may be answered with a redirect to (form-action covers redirects). */
const HOSTED_PAYMENT_PAGES = ['https://checkout.stripe.com'];

/** Headers every storefront answer carries. */
const BASELINE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // For browsers without CSP frame-ancestors.
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** For answers that are not pages (loader data, resource routes): nothing loads from them and nobody frames them. */
export const NON_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const NONCE_BYTES = 16;
/** Random bytes drawn 4 KB at a time (one call to the system's generator per 256 nonces), each used once. */
const randomPool = new Uint8Array(4096);
let poolUsed = randomPool.length;

/** A fresh nonce for one page's inline scripts (128 random bits, base64). */
export function createNonce(): string {
  if (poolUsed + NONCE_BYTES > randomPool.length) {
    crypto.getRandomValues(randomPool);
    poolUsed = 0;
  }
  const bytes = randomPool.subarray(poolUsed, poolUsed + NONCE_BYTES);
  poolUsed += NONCE_BYTES;
  return btoa(String.fromCharCode(...bytes));
}

const originOf = (url: string) => new URL(url).origin;

/**
 * The Content-Security-Policy of a page. Scripts: the shop's own bundles and the inline ones Remix
 * writes, carrying `nonce`. Images: the shop and the API's object storage. Forms: the shop, and the
 * payment page a checkout post redirects to. Inline styles stay allowed: React `style` props, and
 * the `<style>` html2canvas writes into its copy of the page when Share Card exports a card (ADR 013).
 */
export function documentPolicy(nonce: string): string {
  const env = getEnv();
  const api = [...new Set([originOf(env.PUBLIC_API_URL), originOf(env.STORAGE_URL)])];
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${api.join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${[originOf(env.PUBLIC_API_URL), ...HOSTED_PAYMENT_PAGES].join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets the security headers on `headers`, keeping any a route set itself. */
export function applySecurityHeaders(headers: Headers, policy: string): void {
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', policy);
}

/**
 * Every answer of the storefront server on its way out: pages keep the policy entry.server gave
 * them; data, resource routes and files get the one for non-documents. A response whose headers
 * are immutable (a passed-through fetch answer) is copied.
 */
export function withSecurityHeaders(response: Response, policy = NON_DOCUMENT_POLICY): Response {
  try {
    applySecurityHeaders(response.headers, policy);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    applySecurityHeaders(copy.headers, policy);
    return copy;
  }
}
