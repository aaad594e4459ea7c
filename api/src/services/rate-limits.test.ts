import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createRateLimits, RateLimitedError, type RateRule } from './rate-limits';

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
