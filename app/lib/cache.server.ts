import { recordCacheRead } from './metrics.server';
import { isEdgeRuntime } from './runtime.server';

/**
 * Stale-while-revalidate cache for upstream reads: a fresh value is served as is; a stale one is
 * served at once while one background refresh runs; past the stale window the caller waits.
 * Failures are never cached.
 */
interface Entry<T> {
  value?: T;
  freshUntil: number;
  staleUntil: number;
  refreshing?: Promise<T>;
}

export interface SwrOptions {
  ttlMs: number;
  staleMs: number;
  now?: () => number;
}

export interface SwrCacheOptions {
  /**
   * Whether concurrent misses wait for one load. Not on the edge: workerd ties a request's I/O to
   * that request, and another request awaiting it may never be woken (docs/decisions/021-edge-target.md).
   */
  shareInFlight?: boolean;
  /** Counts its reads in the operator's metrics under this name. */
  metricName?: 'catalogue';
  /** Most entries kept: past it, the one stored longest ago goes first. */
  maxEntries?: number;
}

export function createSwrCache({ shareInFlight = true, metricName, maxEntries = Infinity }: SwrCacheOptions = {}) {
  const entries = new Map<string, Entry<unknown>>();
  /** Stores `entry` as the newest (a Map keeps insertion order), dropping the oldest past the bound. */
  const store = (key: string, entry: Entry<unknown>) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };

  async function get<T>(key: string, load: () => Promise<T>, options: SwrOptions): Promise<T> {
    const now = (options.now ?? Date.now)();
    const entry = entries.get(key) as Entry<T> | undefined;
    const refresh = () => {
      if (shareInFlight && entry?.refreshing) return entry.refreshing;
      const target: Entry<T> = entry ?? { freshUntil: 0, staleUntil: 0 };
      const pending = load().then(
        (value) => {
          const at = (options.now ?? Date.now)();
          store(key, { value, freshUntil: at + options.ttlMs, staleUntil: at + options.ttlMs + options.staleMs });
          return value;
        },
        (error: unknown) => {
          target.refreshing = undefined;
          if (target.value === undefined) entries.delete(key);
          throw error;
        },
      );
      if (!shareInFlight) return pending;
      target.refreshing = pending;
      if (!entries.has(key)) store(key, target);
      return pending;
    };

    const counted = (result: 'hit' | 'stale' | 'miss') => metricName && recordCacheRead(metricName, result);
    if (entry && entry.value !== undefined) {
      if (now < entry.freshUntil) {
        counted('hit');
        return entry.value;
      }
      if (now < entry.staleUntil) {
        counted('stale');
        refresh().catch(() => undefined); // the stale value stands until a refresh succeeds
        return entry.value;
      }
    }
    counted('miss');
    return refresh();
  }

  return {
    get,
    invalidate(prefix = '') {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}

/** The storefront's one cache for catalogue reads. */
export const catalogueCache = createSwrCache({ shareInFlight: !isEdgeRuntime(), metricName: 'catalogue', maxEntries: 2000 });
