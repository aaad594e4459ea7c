import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { shopDay } from '@contract/shop-time';

import { upstreamFetch } from './api.server';
import { getEnv } from './env.server';

/**
 * The funnel's product page views (issue 41, ADR 056), counted by the storefront's server as it
 * answers them (from the page cache too, which the API never sees): a page served is one more for its
 * product and day, kept in memory and sent to the API in one batch every FUNNEL_FLUSH_MS (10 s unless
 * set; or sooner when MAX_KEYS products are waiting). Nothing about the visitor is read: no cookie, no
 * address, no id. Views of a batch the API could not take, or of an instance stopped before its next
 * batch, are lost: at most one batch time of views, which the funnel's documented aggregation allows.
 */
const MAX_KEYS = 500;
const PRODUCT_PAGE = /^(?:\/it)?\/product\/([^/]+?)(?:\.data)?\/?$/;

const pending = new Map<string, number>();
/** The next batch's timer, and the promise kept until that batch has gone (what an edge host waits for). */
let nextBatch: { timer: ReturnType<typeof setTimeout>; sent: Promise<void>; done: () => void } | undefined;

/** The product a page path shows, or null: `/product/Tracer%20Tee` and `/it/product/...` (and their `.data`). */
export function productOfPath(path: string): string | null {
  const match = PRODUCT_PAGE.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** A page the storefront answered, as both hosts see it: `purpose` is the Sec-Purpose and Purpose headers together. */
export interface AnsweredPage {
  method: string;
  path: string;
  purpose: string;
  status: number;
}

/**
 * The one rule of both hosts (server.mjs on Node, edge/worker.ts on workerd), for pages from Remix
 * and from the page cache alike: a GET of a product page answered 200 that is not a prefetch is one
 * view. Answers the promise of the batch it joined when it started one, to be kept alive until sent
 * (an edge request's `waitUntil`: a worker's timers end with the request that set them); Node's
 * timer runs on its own, so server.mjs lets it be.
 */
export function noteProductView(page: AnsweredPage, now = new Date()): Promise<void> | undefined {
  if (page.method !== 'GET' || page.status !== 200 || /prefetch/i.test(page.purpose)) return undefined;
  return countProductView(page.path, now);
}

/**
 * Counts one view of the product page at `path`; answers the batch's promise when this view
 * started the batch (or sent it, at MAX_KEYS products).
 */
export function countProductView(path: string, now = new Date()): Promise<void> | undefined {
  const product = productOfPath(path);
  if (!product) return undefined;
  const key = `${shopDay(now)}\n${product}`;
  pending.set(key, (pending.get(key) ?? 0) + 1);
  if (pending.size >= MAX_KEYS) return flushProductViews();
  if (nextBatch) return undefined;
  let done!: () => void;
  const sent = new Promise<void>((resolve) => (done = resolve));
  const timer = setTimeout(() => void flushProductViews(), getEnv().FUNNEL_FLUSH_MS);
  timer.unref?.();
  nextBatch = { timer, sent, done };
  return sent;
}

/** Sends the waiting views to the API now (the timer does it on its own; tests and shutdown call it). */
export async function flushProductViews(): Promise<void> {
  const batch = nextBatch;
  nextBatch = undefined;
  if (batch) clearTimeout(batch.timer);
  try {
    await sendViews();
  } finally {
    batch?.done();
  }
}

async function sendViews(): Promise<void> {
  if (!pending.size) return;
  const views = [...pending].map(([key, n]) => {
    const [day, product] = key.split('\n') as [string, string];
    return { day, product, n };
  });
  pending.clear();
  const env = getEnv();
  const file = join(env.DATA_DIR, 'admin-token');
  const token = env.ADMIN_TOKEN ?? (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');
  if (!token) return;
  try {
    // Never the global fetch: the polyfill's abort of a request with a body stops the process (api.server.ts).
    const res = await upstreamFetch(new URL('/api/admin/funnel/views', env.API_URL), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ views }),
      signal: AbortSignal.timeout(env.API_TIMEOUT_MS),
    });
    // Read to its end, so the connection goes back to the pool.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) console.error(`The funnel's product views were refused: ${res.status}`);
  } catch (error) {
    console.error("The funnel's product views could not be sent:", error);
  }
}
