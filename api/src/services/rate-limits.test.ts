import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';

import { redisServerInstalled, startRedisServer } from '../../../scripts/lib/redis-server.mjs';
import { createRateLimits, outageLog, RateLimitedError, type RateRule } from './rate-limits';

const rule: RateRule = { name: 'test', points: 2, durationSeconds: 60, detail: 'Slow down' };

async function spendUntilRefused(limits: ReturnType<typeof createRateLimits>, key: string) {
  await limits.consume(rule, key);
  await limits.consume(rule, key);
  return limits.consume(rule, key).then(
    () => null,
    (error: unknown) => error,
  );
}

describe('rate limits', () => {
  it('refuses a key once its points are spent, per key, case-insensitively', async () => {
    const limits = createRateLimits();
    const refusal = await spendUntilRefused(limits, 'Ada@Example.com');
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect(refusal).toMatchObject({ status: 429, detail: 'Slow down' });
    expect((refusal as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    await expect(limits.consume(rule, 'ada@example.com')).rejects.toBeInstanceOf(RateLimitedError);
    await expect(limits.consume(rule, 'someone@example.com')).resolves.toBeUndefined();
    await limits.reset(rule, 'ada@example.com');
    await expect(limits.consume(rule, 'ada@example.com')).resolves.toBeUndefined();
  });

  it('counts in memory when Redis cannot be reached, instead of refusing everyone', async () => {
    const limits = createRateLimits({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      expect(await spendUntilRefused(limits, 'key')).toBeInstanceOf(RateLimitedError);
    } finally {
      await limits.close();
    }
  });
});

/** The local Redis (CI has one), if it answers. */
const redisUrl = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';
const redisUp = await (async () => {
  const probe = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();

describe.runIf(redisUp)('rate limits in Redis', () => {
  it('are one budget for every API instance, and a key prefix keeps two shops apart', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const first = createRateLimits({ redisUrl, keyPrefix: prefix });
    const second = createRateLimits({ redisUrl, keyPrefix: prefix });
    const otherShop = createRateLimits({ redisUrl, keyPrefix: `${prefix}other:` });
    try {
      expect(await Promise.all([first.ready(), second.ready(), otherShop.ready()])).toEqual([true, true, true]);
      await first.consume(rule, 'shared');
      await second.consume(rule, 'shared');
      await expect(first.consume(rule, 'shared')).rejects.toBeInstanceOf(RateLimitedError);
      const refusal = await second.consume(rule, 'shared').catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(RateLimitedError);
      expect((refusal as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
      await expect(otherShop.consume(rule, 'shared')).resolves.toBeUndefined();
    } finally {
      await first.reset(rule, 'shared');
      await otherShop.reset(rule, 'shared');
      await Promise.all([first.close(), second.close(), otherShop.close()]);
    }
  });
});

describe.runIf(redisServerInstalled())('rate limits when Redis hangs', () => {
  it('answer from memory within the command timeout, skip Redis while the circuit is open, and share again once it is back', async () => {
    const server = await startRedisServer();
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line), request: () => undefined };
    const first = createRateLimits({ redisUrl: server.url, log, commandTimeoutMs: 200, breakMs: 1_000 });
    const second = createRateLimits({ redisUrl: server.url, log, commandTimeoutMs: 200, breakMs: 1_000 });
    try {
      expect(await Promise.all([first.ready(), second.ready()])).toEqual([true, true]);
      server.freeze();
      // The first call waits out the timeout once; the calls after it do not wait at all.
      let started = performance.now();
      await first.consume(rule, 'frozen');
      expect(performance.now() - started).toBeLessThan(1_000);
      started = performance.now();
      await Promise.all(Array.from({ length: 20 }, (_, i) => first.consume(rule, `frozen-${i}`)));
      expect(performance.now() - started).toBeLessThan(100);
      // Memory still counts: the budget is kept while Redis is away.
      await first.consume(rule, 'frozen');
      await expect(first.consume(rule, 'frozen')).rejects.toBeInstanceOf(RateLimitedError);
      expect(lines.filter((line) => /unavailable/.test(line))).toHaveLength(1);

      server.thaw();
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      // Half-open: one call tries Redis, succeeds, and the two instances share one budget again.
      await first.consume(rule, 'thawed');
      await second.consume(rule, 'thawed');
      await expect(first.consume(rule, 'thawed')).rejects.toBeInstanceOf(RateLimitedError);
      expect(lines.some((line) => /back after/.test(line))).toBe(true);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await server.stop();
    }
  });
});

describe('outageLog', () => {
  it('logs an outage once when it starts, then at most once per interval, and once when it ends', () => {
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line), request: () => undefined };
    const outage = outageLog(log, 'Redis', 60_000);
    for (let i = 0; i < 50; i += 1) outage.failed(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    expect(lines).toEqual(['Redis unavailable (connect ECONNREFUSED 127.0.0.1:6379); counting in memory until it is back']);
    outage.recovered();
    outage.recovered();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Redis back after \d+ s$/);
  });
});
