import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../http-errors.js';

export interface LimitRule {
  /** Requests allowed per window. */
  points: number;
  /** Window in seconds. */
  duration: number;
}

/** A redis client as rate-limiter-flexible takes it (ioredis or node-redis). */
export type RedisLike = object;

export interface RateLimits {
  /** Counts one request for each key; 429 with a detail and the wait when any is over its limit. */
  consume(name: string, keys: string[]): Promise<void>;
}

/**
 * Named limits, each keyed (per IP, per email...). Memory store by default; Redis when a client is
 * given, so several API instances share the counts.
 */
export function createRateLimits(rules: Record<string, LimitRule>, redis?: RedisLike): RateLimits {
  const limiters = new Map<string, { consume(key: string): Promise<unknown> }>();
  for (const [name, rule] of Object.entries(rules)) {
    const options = { keyPrefix: `shop:${name}`, points: rule.points, duration: rule.duration };
    limiters.set(name, redis ? new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: false }) : new RateLimiterMemory(options));
  }
  return {
    async consume(name, keys) {
      const limiter = limiters.get(name);
      if (!limiter) throw new Error(`No rate limit named ${name}`);
      for (const key of keys) {
        try {
          await limiter.consume(key);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          const wait = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
          throw new ApiError(429, `Too many requests. Please try again in ${wait} seconds.`);
        }
      }
    },
  };
}

/** The limits the shop runs with; tests pass their own. */
export function shopLimits(options: { authPerIpPerMinute: number }): Record<string, LimitRule> {
  return {
    // Every auth endpoint, per client IP and per email address.
    'auth-ip': { points: options.authPerIpPerMinute, duration: 60 },
    'auth-email': { points: 20, duration: 60 },
  };
}
