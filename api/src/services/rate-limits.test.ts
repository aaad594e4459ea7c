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
