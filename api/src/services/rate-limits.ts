import type { Context } from 'hono';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from '../http-errors.js';
import type { Logger } from './logger.js';

/** A named budget: `points` actions per `durationSeconds`, counted per key (an IP, an email). */
export interface RateRule {
  name: string;
  points: number;
  durationSeconds: number;
  /** The `detail` answered with 429 when the budget is spent (given the seconds to wait). */
  detail: string | ((retryAfterSeconds: number) => string);
}

const tryAgainIn = (seconds: number) => `Too many requests. Please try again in ${seconds} seconds.`;

/** Every rule of the API in one place, so the numbers are easy to find and to tune. */
export const RATE_RULES = {
  // Every sign-in endpoint, per client address and per email; checked before any password is hashed.
  authPerIp: { name: 'auth-ip', points: 60, durationSeconds: 60, detail: tryAgainIn },
  authPerEmail: { name: 'auth-email', points: 20, durationSeconds: 60, detail: tryAgainIn },
  // Discount and gift codes tried and refused, per client address and per shopper (a signed-in user
  // or a cart): a code that works costs nothing, so guessing is slow and shopping is not (ADR 043).
  codePerIp: { name: 'code-ip', points: 30, durationSeconds: 60 * 60, detail: tryAgainIn },
  codePerShopper: { name: 'code-shopper', points: 10, durationSeconds: 60 * 60, detail: tryAgainIn },
  contactPerIp: {
    name: 'contact-ip',
    points: 10,
    durationSeconds: 60 * 60,
    detail: 'Too many messages from this address. Please try again later.',
  },
  contactPerEmail: {
    name: 'contact-email',
    points: 3,
    durationSeconds: 60 * 60,
    detail: 'Too many messages from this email address. Please try again later.',
  },
} satisfies Record<string, RateRule>;

export interface RateLimits {
  /** Spends one point of `rule` for `key`; throws an ApiError 429 (with Retry-After seconds) when none is left. */
  consume(rule: RateRule, key: string): Promise<void>;
  /** Gives back one point of `rule` for `key` (an attempt that turned out not to count). */
  reward(rule: RateRule, key: string): Promise<void>;
  /** Gives back every point of `rule` for `key`. */
  reset(rule: RateRule, key: string): Promise<void>;
  /** Resolves true once the counters are shared through Redis, false without Redis or when it is not reached in time. */
  ready(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Raised by `consume` when a budget is spent. */
export class RateLimitedError extends ApiError {
  constructor(
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, detail, 'rate_limited');
  }
}

/**
 * Counters in memory (one API process), or in Redis when `redisUrl` is set so that every instance
 * shares them. If Redis is unreachable the in-memory counters stand in rather than refusing everyone.
 * `points` overrides a rule's budget by name (operators tune it; tests raise or lower it); `keyPrefix`
 * goes before every Redis key, so several shops or test runs can share one server.
 */
export function createRateLimits(
  options: { redisUrl?: string; log?: Logger; points?: Record<string, number>; keyPrefix?: string } = {},
): RateLimits {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null;
  redis?.on('error', (error) => options.log?.error('rate limits: Redis error', error));
  const limiters = new Map<string, RateLimiterAbstract>();

  const limiterFor = (rule: RateRule) => {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      const common = { keyPrefix: `${options.keyPrefix ?? ''}rl:${rule.name}`, points: options.points?.[rule.name] ?? rule.points, duration: rule.durationSeconds };
      limiter = redis
        ? new RateLimiterRedis({ ...common, storeClient: redis, insuranceLimiter: new RateLimiterMemory(common) })
        : new RateLimiterMemory(common);
      limiters.set(rule.name, limiter);
    }
    return limiter;
  };

  return {
    async consume(rule, key) {
      try {
        await limiterFor(rule).consume(key.toLowerCase());
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          const wait = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          throw new RateLimitedError(typeof rule.detail === 'function' ? rule.detail(wait) : rule.detail, wait);
        }
        throw rejection;
      }
    },
    async reward(rule, key) {
      await limiterFor(rule).reward(key.toLowerCase(), 1);
    },
    async reset(rule, key) {
      await limiterFor(rule).delete(key.toLowerCase());
    },
    ready(timeoutMs = 3000) {
      if (!redis) return Promise.resolve(false);
      if (redis.status === 'ready') return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (value: boolean) => {
          clearTimeout(timer);
          redis.off('ready', onReady);
          resolve(value);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        redis.once('ready', onReady);
      });
    },
    async close() {
      redis?.disconnect();
    },
  };
}

/** `consume` for a route: a spent budget answers 429 with a Retry-After header. */
export async function enforceRateLimit(c: Context, limits: RateLimits, rule: RateRule, key: string): Promise<void> {
  try {
    await limits.consume(rule, key);
  } catch (error) {
    if (error instanceof RateLimitedError) c.header('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}
