/**
 * The storefront's page cache (ADR 015): a page that is the same for every visitor without a session
 * is rendered once and then sent from memory, for as long as the route allows, to requests that carry
 * no cookie and no credentials. Routes opt in with `Storefront-Cache-Control`, a cache-control field
 * targeted at this cache (RFC 9213); the field never leaves the server.
 *
 * A stored page cannot carry a fresh CSP nonce, so it is stored with a policy that allows its own
 * inline scripts by hash instead, and without nonce attributes. Web APIs only (the runtime seam).
 */

import { acceptedEncoding } from '@contract/accept-encoding';

import { preferredLocale } from './accept-language';
import { recordCacheRead } from './metrics.server';

/** The one coding the page cache keeps a page in besides the page itself. */
const GZIP_ONLY = ['gzip'] as const;

type Bytes = Uint8Array<ArrayBuffer>;

/** The field a route sets to let this cache keep its answer: `max-age=<seconds>`. */
export const PAGE_CACHE_FIELD = 'Storefront-Cache-Control';

/**
 * Headers of a page every visitor without a session sees alike: browsers and shared caches
 * revalidate it (its header and cart badge follow the session), the page cache keeps it `seconds`.
 */
export function shareablePageHeaders(seconds: number): Record<string, string> {
  return { 'Cache-Control': 'no-cache', [PAGE_CACHE_FIELD]: `max-age=${seconds}` };
}

/** A route's `headers` for its document: the caching its loader (or thrown response) decided. */
export function cachingHeaders(from: Headers): Record<string, string> {
  const headers: Record<string, string> = { 'Cache-Control': from.get('Cache-Control') ?? 'no-store' };
  const shared = from.get(PAGE_CACHE_FIELD);
  if (shared) headers[PAGE_CACHE_FIELD] = shared;
  const vary = from.get('Vary');
  if (vary) headers.Vary = vary;
  return headers;
}

/**
 * How long the catalogue and product pages are kept: short beside the catalogue cache's 30 s, so a
 * sale shows about as soon as it did without the page cache; a restock clears both at once.
 */
export const SHARED_PAGE_SECONDS = 10;

/** What the cache needs of a request: Node's incoming request fits (lower-case header names). */
export interface PageRequest {
  method?: string;
  /** Path and query, as sent. */
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A stored answer, ready to write: status, headers with the length and encoding, and the body. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: Bytes;
}

interface Variant {
  headers: Record<string, string>;
  body: Bytes;
}

interface Entry {
  status: number;
  identity: Variant;
  gzip: Variant;
  storedAt: number;
  expiresAt: number;
  bytes: number;
}

export interface PageCacheOptions {
  /** Most pages kept at once; the oldest goes first. */
  maxEntries?: number;
  /** Most bytes kept at once (both encodings of every page). */
  maxBytes?: number;
  /** Largest page body kept. */
  maxBodyBytes?: number;
  now?: () => number;
  /** Counts its lookups in the operator's metrics (the process's one page cache). */
  counted?: boolean;
}

/** Headers a stored answer does not replay: per-connection, or set per answer when it is sent. */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'vary',
  PAGE_CACHE_FIELD.toLowerCase(),
]);

/** A stored answer's Vary: the page's own fields with Accept-Encoding, as the page was sent. */
function varyOf(headers: Headers): string {
  const own = (headers.get('Vary') ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field && field.toLowerCase() !== 'accept-encoding');
  return ['Accept-Encoding', ...own].join(', ');
}

const header = (request: PageRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

/**
 * Whether a request may be answered from the cache, and stored: GET or HEAD with no cookie and no
 * credentials. Any cookie counts, since the page may depend on it (the cookie notice does).
 */
export function isAnonymousRead(request: PageRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !header(request, 'cookie') && !header(request, 'authorization');
}

/**
 * Everything of a request a shared page is drawn from: the address it was reached at and the path;
 * for `/`, also the language `Accept-Language` prefers, since `/` sends Italian visitors to `/it`
 * (ADR 046) and must never answer them with the English page kept for someone else.
 */
function keyOf(request: PageRequest): string {
  const url = request.url ?? '/';
  const home = url === '/' || url.startsWith('/?');
  const language = home ? preferredLocale(header(request, 'accept-language') || null) : '';
  return [header(request, 'host'), header(request, 'x-forwarded-host'), header(request, 'x-forwarded-proto'), url, language].join('\n');
}

/** Seconds the page cache may keep an answer, from its targeted field; 0 when it may not. */
export function storableSeconds(response: Response): number {
  const field = response.headers.get(PAGE_CACHE_FIELD);
  const seconds = Number(/(?:^|,)\s*max-age=(\d+)\s*(?:,|$)/i.exec(field ?? '')?.[1] ?? 0);
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  if (response.status !== 200 || response.headers.has('Set-Cookie') || !response.body) return 0;
  if (/no-store|private/i.test(field ?? '')) return 0;
  return seconds;
}

const encoder = new TextEncoder();

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** Whether a script element's attributes make it run (JSON-LD and other data blocks do not). */
function runsAsScript(attributes: string): boolean {
  const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1].trim().toLowerCase();
  return !type || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
}

/**
 * A page as the cache keeps it: its nonce attributes removed, and in its policy the nonce replaced
 * by the hashes of the inline scripts it carries, so the same bytes are valid for every visitor and
 * an injected script still runs nowhere. A page without a nonce policy is kept as it is.
 */
export async function withoutNonce(html: string, policy: string | null): Promise<{ html: string; policy: string | null }> {
  const nonce = policy ? /'nonce-([^']+)'/.exec(policy)?.[1] : undefined;
  if (!policy || !nonce) return { html, policy };
  const page = html.split(` nonce="${nonce}"`).join('');
  const hashes = new Set<string>();
  for (const [, attributes, content] of page.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || !runsAsScript(attributes)) continue;
    hashes.add(`'sha256-${await sha256Base64(content)}'`);
  }
  const sources = [...hashes].join(' ');
  return { html: page, policy: policy.replace(`'nonce-${nonce}'`, sources).replace(/ {2,}/g, ' ').replace(/ ;/g, ';') };
}

async function gzip(body: Bytes): Promise<Bytes> {
  const stream = new Blob([body]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export function createPageCache(options: PageCacheOptions = {}) {
  const { maxEntries = 500, maxBytes = 32 * 1024 * 1024, maxBodyBytes = 1024 * 1024, now = Date.now, counted = false } = options;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function makeRoom(bytes: number) {
    for (const key of entries.keys()) {
      if (entries.size < maxEntries && totalBytes + bytes <= maxBytes) return;
      forget(key);
    }
  }

  return {
    /** The stored answer for an anonymous read, encoded for its client; undefined on a miss. */
    lookup(request: PageRequest): StoredAnswer | undefined {
      if (!isAnonymousRead(request)) return undefined;
      const key = keyOf(request);
      const entry = entries.get(key);
      const at = now();
      if (entry && at >= entry.expiresAt) forget(key);
      if (!entry || at >= entry.expiresAt) {
        if (counted) recordCacheRead('page', 'miss');
        return undefined;
      }
      if (counted) recordCacheRead('page', 'hit');
      const { headers, body } = acceptedEncoding(header(request, 'accept-encoding'), GZIP_ONLY) ? entry.gzip : entry.identity;
      return { status: entry.status, headers: { ...headers, Age: String(Math.floor((at - entry.storedAt) / 1000)) }, body };
    },

    /**
     * Keeps `response` when the request was an anonymous GET and the route allowed it, and returns
     * what to send: the stored form of the page, or the response itself. The targeted field is
     * removed either way.
     */
    async remember(request: PageRequest, response: Response): Promise<Response> {
      const seconds = request.method === 'GET' && isAnonymousRead(request) ? storableSeconds(response) : 0;
      if (!response.headers.has(PAGE_CACHE_FIELD)) return response;
      const headers = new Headers(response.headers);
      headers.delete(PAGE_CACHE_FIELD);
      if (!seconds) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });

      let body = new Uint8Array(await response.arrayBuffer());
      if (/^text\/html\b/i.test(headers.get('Content-Type') ?? '')) {
        const page = await withoutNonce(new TextDecoder().decode(body), headers.get('Content-Security-Policy'));
        body = encoder.encode(page.html);
        if (page.policy) headers.set('Content-Security-Policy', page.policy);
      }
      if (body.byteLength <= maxBodyBytes) {
        const gzipped = await gzip(body);
        const key = keyOf(request);
        const bytes = body.byteLength + gzipped.byteLength;
        forget(key);
        makeRoom(bytes);
        const storedAt = now();
        // Set-Cookie never gets here (storableSeconds), so Headers holds one value per name.
        const replayed = Object.fromEntries([...headers].filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase())));
        const variant = (encoded: Bytes, encoding?: string): Variant => ({
          headers: {
            ...replayed,
            ...(encoding ? { 'Content-Encoding': encoding } : {}),
            'Content-Length': String(encoded.byteLength),
            Vary: varyOf(response.headers),
          },
          body: encoded,
        });
        entries.set(key, {
          status: response.status,
          identity: variant(body),
          gzip: variant(gzipped, 'gzip'),
          storedAt,
          expiresAt: storedAt + seconds * 1000,
          bytes,
        });
        totalBytes += bytes;
      }
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    },

    /** Drops every stored page (the catalogue changed). */
    clear() {
      entries.clear();
      totalBytes = 0;
    },

    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The storefront process's one page cache: filled and read by server.mjs, cleared by the catalogue hook. */
export const pageCache = createPageCache({ counted: true });
