/**
 * Pages kept as rendered (ADR 083). A shopper's own page (the cart, the orders, the profile) is
 * drawn by React from its address and its loaders' data alone, so the same address with the same
 * data is the same document but for the CSP nonce. The loaders still run on every request (the data
 * is always fresh: the key is the data); what is kept is React's render of it, which was the largest
 * part of the storefront's work on those pages (issue #36).
 *
 * The key is the whole of what the render reads: the full address and Remix's server handoff, which
 * holds every loader's data, the action data and the errors. A hit is therefore the document that
 * rendering would have produced for this request, whoever made the entry: two shoppers share an
 * entry only when everything their page shows is the same. A route opts in through its handle
 * (`rendersFromData: true`) once its render reads nothing else (no clock, no randomness); pages with
 * errors, action data, deferred data or a status other than 200 are never kept. Web APIs only.
 */

import type { EntryContext } from '@remix-run/server-runtime';

import { recordCacheRead } from './metrics.server';

/** A route handle's promise that its render, and its parents', is a function of the address and the data. */
export interface RenderMemoHandle {
  rendersFromData?: boolean;
}

export interface RenderMemoOptions {
  /** Most pages kept at once; the least recently used goes first. */
  maxEntries?: number;
  /** Most characters kept at once, keys and pages together. */
  maxChars?: number;
  /** Counts its lookups in the operator's metrics (the process's one memo). */
  counted?: boolean;
}

interface Entry {
  /** The page split where its nonce was: joined again with the next request's nonce. */
  parts: string[];
  chars: number;
}

/**
 * The key of a document request whose render may be kept, or null. Everything the render reads is in
 * it: the address (with its host: canonical links are absolute) and the server handoff.
 */
export function renderMemoKey(request: Request, statusCode: number, context: EntryContext): string | null {
  if (request.method !== 'GET' || statusCode !== 200 || !context.serverHandoffString) return null;
  const handler = context.staticHandlerContext;
  if (handler.errors || handler.actionData) return null;
  if (handler.activeDeferreds && Object.keys(handler.activeDeferreds).length > 0) return null;
  const leaf = handler.matches.at(-1);
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as RenderMemoHandle | undefined) : undefined;
  if (handle?.rendersFromData !== true) return null;
  return `${request.url}\n${context.serverHandoffString}`;
}

export function createRenderMemo({ maxEntries = 400, maxChars = 16 * 1024 * 1024, counted = false }: RenderMemoOptions = {}) {
  const entries = new Map<string, Entry>();
  let chars = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.chars;
  };

  return {
    /** The kept page for `key`, its nonce attributes carrying `nonce`; undefined on a miss. */
    lookup(key: string, nonce: string): string | undefined {
      const entry = entries.get(key);
      if (counted) recordCacheRead('render', entry ? 'hit' : 'miss');
      if (!entry) return undefined;
      // Map keeps insertion order: moved to the end, it is the last to go.
      entries.delete(key);
      entries.set(key, entry);
      return entry.parts.join(nonce);
    },

    /** Keeps `html`, rendered for `key` with `nonce` (a random value no page content repeats). */
    remember(key: string, html: string, nonce: string): void {
      const size = key.length + html.length;
      if (size > maxChars / 8) return;
      forget(key);
      for (const oldest of entries.keys()) {
        if (entries.size < maxEntries && chars + size <= maxChars) break;
        forget(oldest);
      }
      entries.set(key, { parts: html.split(nonce), chars: size });
      chars += size;
    },

    clear(): void {
      entries.clear();
      chars = 0;
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type RenderMemo = ReturnType<typeof createRenderMemo>;

/** The process's (or the isolate's) one memo of rendered pages. */
export const renderMemo = createRenderMemo({ counted: true });
