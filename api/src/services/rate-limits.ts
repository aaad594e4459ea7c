import { circuitBreaker, ConsecutiveBreaker, handleAll } from 'cockatiel';
import type { Context } from 'hono';
import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

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
  // A shopper's data export is read whole from the database: a few per hour is plenty (issue 39).
  dataExport: { name: 'data-export', points: 5, durationSeconds: 60 * 60, detail: tryAgainIn },
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
  declare readonly retryAfterSeconds: number;
  constructor(detail: string, retryAfterSeconds: number) {
    super(429, detail, 'rate_limited', retryAfterSeconds);
  }
}

/** How long one Redis command may take before memory answers instead: a frozen Redis must not hold sign-ins. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** After a failed or slow Redis command, memory counts alone this long before Redis is tried again. */
export const REDIS_BREAK_MS = 5_000;
/** While Redis stays away, its outage is logged again at most this often. */
const OUTAGE_LOG_EVERY_MS = 60_000;

/**
 * Counters in memory (one API process), or in Redis when `redisUrl` is set so that every instance
 * shares them. If Redis is unreachable, refuses connections or stops answering (every command has a
 * short timeout), the in-memory counters stand in rather than refusing or holding everyone, and a
 * circuit breaker keeps requests off Redis for a few seconds before one of them tries it again.
 * `points` overrides a rule's budget by name (operators tune it; tests raise or lower it); `keyPrefix`
 * goes before every Redis key, so several shops or test runs can share one server.
 */
export function createRateLimits(
  options: {
    redisUrl?: string;
    log?: Logger;
    points?: Record<string, number>;
    keyPrefix?: string;
    /** Tests shorten these; see REDIS_COMMAND_TIMEOUT_MS and REDIS_BREAK_MS. */
    commandTimeoutMs?: number;
    breakMs?: number;
  } = {},
): RateLimits {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
        connectTimeout: 2_000,
      })
    : null;
  const outage = outageLog(options.log, 'rate limits: Redis');
  redis?.on('error', (error) => outage.failed(error));
  redis?.on('ready', () => outage.recovered());
  // One failure opens the circuit: while it is open no request waits on Redis; after breakMs one tries it.
  const breaker = circuitBreaker(handleAll, { halfOpenAfter: options.breakMs ?? REDIS_BREAK_MS, breaker: new ConsecutiveBreaker(1) });
  breaker.onBreak((reason) => outage.failed('error' in reason ? reason.error : 'no answer'));
  breaker.onReset(() => outage.recovered());
  const limiters = new Map<string, { memory: RateLimiterMemory; shared: RateLimiterRedis | null }>();

  const limiterFor = (rule: RateRule) => {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      const common = {
        keyPrefix: `${options.keyPrefix ?? ''}rl:${rule.name}`,
        points: options.points?.[rule.name] ?? rule.points,
        duration: rule.durationSeconds,
      };
      limiter = {
        memory: new RateLimiterMemory(common),
        shared: redis ? new RateLimiterRedis({ ...common, storeClient: redis, rejectIfRedisNotReady: true }) : null,
      };
      limiters.set(rule.name, limiter);
    }
    return limiter;
  };

  /** Runs `work` on Redis through the breaker; memory answers when Redis fails, is slow, or the circuit is open. */
  async function shared<T>(rule: RateRule, work: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
    const { memory, shared: onRedis } = limiterFor(rule);
    if (!onRedis) return work(memory);
    let answer: { value: T } | { refused: RateLimiterRes };
    try {
      // A spent budget is Redis answering, not failing: it comes out as a value so the breaker stays closed.
      answer = await breaker.execute(() =>
        work(onRedis).then(
          (value) => ({ value }),
          (error: unknown) => {
            if (error instanceof RateLimiterRes) return { refused: error };
            throw error;
          },
        ),
      );
    } catch {
      return work(memory);
    }
    if ('refused' in answer) throw answer.refused;
    return answer.value;
  }

  return {
    async consume(rule, key) {
      try {
        await shared(rule, (limiter) => limiter.consume(key.toLowerCase()));
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          const wait = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          throw new RateLimitedError(typeof rule.detail === 'function' ? rule.detail(wait) : rule.detail, wait);
        }
        throw rejection;
      }
    },
    async reward(rule, key) {
      await shared(rule, (limiter) => limiter.reward(key.toLowerCase(), 1));
    },
    async reset(rule, key) {
      await shared(rule, (limiter) => limiter.delete(key.toLowerCase()));
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

/**
 * An outage of a service logged as an operator wants it: one line when it starts (the message, no
 * stack: every reconnect attempt fails the same way), one every minute while it lasts, one when it ends.
 */
export function outageLog(log: Logger | undefined, what: string, everyMs = OUTAGE_LOG_EVERY_MS) {
  let since: number | null = null;
  let lastLogged = 0;
  let failures = 0;
  const text = (error: unknown) => (error instanceof Error ? error.message : String(error));
  return {
    failed(error: unknown) {
      const now = Date.now();
      failures += 1;
      if (since === null) {
        since = lastLogged = now;
        log?.error(`${what} unavailable (${text(error)}); counting in memory until it is back`);
      } else if (now - lastLogged >= everyMs) {
        lastLogged = now;
        log?.error(`${what} still unavailable after ${Math.round((now - since) / 1000)} s (${failures} failures; last: ${text(error)})`);
      }
    },
    recovered() {
      if (since === null) return;
      log?.info(`${what} back after ${Math.round((Date.now() - since) / 1000)} s`);
      since = null;
      failures = 0;
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
