import { describe, expect, it } from 'vitest';

import { createSwrCache } from './cache.server';

function clock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('stale-while-revalidate cache', () => {
  it('shares one load between concurrent misses, unless told not to (the edge), and keeps the value either way', async () => {
    for (const [shareInFlight, expectedLoads] of [
      [true, 1],
      [false, 2],
    ] as const) {
      const cache = createSwrCache({ shareInFlight });
      let loads = 0;
      const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
      const opts = { ttlMs: 1000, staleMs: 5000 };
      await Promise.all([cache.get('k', load, opts), cache.get('k', load, opts)]);
      expect(loads).toBe(expectedLoads);
      await cache.get('k', load, opts);
      expect(loads).toBe(expectedLoads);
    }
  });

  it('serves a fresh value without loading again', async () => {
    const cache = createSwrCache();
    const time = clock();
    let loads = 0;
    const load = async () => ++loads;
    const opts = { ttlMs: 1000, staleMs: 5000, now: time.now };
    expect(await cache.get('k', load, opts)).toBe(1);
    time.advance(999);
    expect(await cache.get('k', load, opts)).toBe(1);
    expect(loads).toBe(1);
  });

  it('serves a stale value at once and refreshes it in the background, once', async () => {
    const cache = createSwrCache();
    const time = clock();
    let loads = 0;
    let release: () => void = () => undefined;
    const load = () =>
      new Promise<number>((resolve) => {
        loads++;
        const value = loads;
        if (value === 1) resolve(value);
        else release = () => resolve(value);
      });
    const opts = { ttlMs: 1000, staleMs: 5000, now: time.now };
    await cache.get('k', load, opts);
    time.advance(2000);
    expect(await cache.get('k', load, opts)).toBe(1);
    expect(await cache.get('k', load, opts)).toBe(1);
    expect(loads).toBe(2);
    release();
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', load, opts)).toBe(2);
  });

  it('waits for a new value past the stale window, and never caches a failure', async () => {
    const cache = createSwrCache();
    const time = clock();
    let fail = true;
    const load = async () => {
      if (fail) throw new Error('down');
      return 'up';
    };
    const opts = { ttlMs: 1000, staleMs: 1000, now: time.now };
    await expect(cache.get('k', load, opts)).rejects.toThrow('down');
    fail = false;
    expect(await cache.get('k', load, opts)).toBe('up');
    time.advance(5000);
    fail = true;
    await expect(cache.get('k', load, opts)).rejects.toThrow('down');
  });

  it('keeps the stale value when a background refresh fails', async () => {
    const cache = createSwrCache();
    const time = clock();
    let fail = false;
    const load = async () => {
      if (fail) throw new Error('down');
      return 'v1';
    };
    const opts = { ttlMs: 1000, staleMs: 10_000, now: time.now };
    await cache.get('k', load, opts);
    time.advance(1500);
    fail = true;
    expect(await cache.get('k', load, opts)).toBe('v1');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', load, opts)).toBe('v1');
  });

  it('keeps at most its bound, dropping the entry stored longest ago', async () => {
    const cache = createSwrCache({ maxEntries: 2 });
    const loads: string[] = [];
    const load = (key: string) => async () => (loads.push(key), key);
    const opts = { ttlMs: 1000, staleMs: 5000 };
    for (const key of ['a', 'b', 'c']) await cache.get(key, load(key), opts);
    // 'a' went when 'c' came; 'b' and 'c' are still kept.
    await cache.get('b', load('b'), opts);
    await cache.get('c', load('c'), opts);
    expect(loads).toEqual(['a', 'b', 'c']);
    await cache.get('a', load('a'), opts);
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });
});
