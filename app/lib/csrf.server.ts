import { BRAND } from '@contract/brand';

import { MESSAGES } from './messages';
import { isHttps } from './session.server';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins this storefront answers on for this request: as reached, and over https behind a proxy that says so. */
function ownOrigins(request: Request): Set<string> {
  const url = new URL(request.url);
  const origins = new Set([url.origin]);
  if (isHttps(request)) origins.add(`https://${url.host}`);
  return origins;
}

/**
 * Whether a request comes from somewhere else than this shop's own pages (cross-site request
 * forgery), checked beside the session cookie's SameSite=Lax:
 * - an `Origin` header must be one of ours (`null`, sent from sandboxed and privacy-sensitive contexts, is not);
 * - without one (non-browser clients, old browsers), `Sec-Fetch-Site`, when sent, must say same-origin.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const origin = request.headers.get('Origin');
  if (origin !== null) return !ownOrigins(request).has(origin);
  const site = request.headers.get('Sec-Fetch-Site');
  return site !== null && site !== 'same-origin';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page answering a refused request: 403, what happened, and the way back. */
export function crossSiteRefusal(): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(`${MESSAGES.requestRefused} - ${BRAND.name}`)}</title>
<style>body{margin:0;background:#f4f1ec;color:#1d1d1f;font-family:Helvetica,Arial,sans-serif}main{max-width:36rem;margin:4rem auto;padding:0 1.5rem}a{color:#1d1d1f}</style>
</head><body><main><p><strong>${escapeHtml(BRAND.name)}</strong></p><h1>${escapeHtml(MESSAGES.requestRefused)}</h1>
<p>${escapeHtml(MESSAGES.crossSiteRefused)}</p><p><a href="/">${escapeHtml(MESSAGES.backToHome)}</a></p></main></body></html>`;
  return new Response(html, {
    status: 403,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    },
  });
}

/**
 * The refusal for a request that would change something (any method but GET, HEAD and OPTIONS)
 * and comes from another site; null to go on. The storefront server asks this before Remix sees
 * the request, so no action runs for it, and a new action cannot miss it (ADR 013).
 */
export function refuseCrossSiteRequest(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  return isCrossSiteRequest(request) ? crossSiteRefusal() : null;
}
