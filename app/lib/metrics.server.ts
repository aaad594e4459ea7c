/**
 * What the storefront counts for the operator (ADR 030). The Node server (server.mjs) plugs in its
 * Prometheus counters when METRICS_PORT is set; elsewhere (tests, the edge build) nothing is kept.
 * This module imports nothing, so neither route modules nor the edge bundle carry a metrics library.
 */
export interface StorefrontRecorder {
  /** A read of the page cache (anonymous reads only) or the catalogue cache: fresh hit, stale hit, or miss. */
  cacheRead(cache: 'page' | 'catalogue' | 'render', result: 'hit' | 'stale' | 'miss'): void;
  /** One call to the shop API, timed to its answer's headers: its status, or why there was none. */
  apiCall(method: string, path: string, outcome: string, seconds: number): void;
}

let recorder: StorefrontRecorder | undefined;

/** Plugs the server's counters in (or takes them out, with no argument). */
export function setMetricsRecorder(next?: StorefrontRecorder): void {
  recorder = next;
}

export function recordCacheRead(cache: 'page' | 'catalogue' | 'render', result: 'hit' | 'stale' | 'miss'): void {
  recorder?.cacheRead(cache, result);
}

export function recordApiCall(method: string, path: string, outcome: string, seconds: number): void {
  recorder?.apiCall(method, path, outcome, seconds);
}

// A segment of a path the storefront writes itself: lower-case words, hyphens, one extension (face.png).
const FIXED_SEGMENT = /^[a-z][a-z-]{0,39}(\.[a-z]{1,5})?$/;

/**
 * An API path as a label: `/api/` and the fixed words kept, every other segment (a purchase id, an
 * order number, a cart line) replaced by `:id`, so labels stay few whatever the ids.
 */
export function apiPathLabel(path: string): string {
  const segments = path.split('?')[0].split('/').filter(Boolean);
  return `/api/${segments.map((segment) => (FIXED_SEGMENT.test(segment) ? segment : ':id')).join('/')}`;
}
