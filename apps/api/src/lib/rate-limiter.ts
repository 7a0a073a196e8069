import type { Redis } from 'ioredis';
import { tooManyRequests } from './http-errors';

export interface RateLimitRule {
  /** Requests allowed within the window. */
  limit: number;
  windowMs: number;
  message?: string;
}

export interface RateLimiter {
  /** Counts one hit on `key`; throws 429 with Retry-After when the rule is exceeded. */
  hit(key: string, rule: RateLimitRule): Promise<void>;
  /** Takes back one hit on `key` (a try that turned out not to count), never below zero. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One API instance: counters in memory (fixed windows). */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let calls = 0;
  return {
    async hit(key, rule) {
      const time = now();
      if (++calls % 1000 === 0) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + rule.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > rule.limit) throw tooManyRequests((window.resetAt - time) / 1000, rule.message);
    },
    async release(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

const RELEASE_SCRIPT =
  "local count = tonumber(redis.call('get', KEYS[1])) if count and count > 0 then return redis.call('decr', KEYS[1]) end return 0";

/** Several API instances: counters shared in Redis under `prefix`. */
export function redisRateLimiter(redis: Redis, prefix = 'lb:rl:'): RateLimiter {
  return {
    async hit(key, rule) {
      const redisKey = prefix + key;
      const results = await redis.multi().incr(redisKey).pttl(redisKey).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      let ttl = Number(results?.[1]?.[1] ?? -1);
      if (ttl < 0) {
        await redis.pexpire(redisKey, rule.windowMs);
        ttl = rule.windowMs;
      }
      if (count > rule.limit) throw tooManyRequests(ttl / 1000, rule.message);
    },
    async release(key) {
      // Only an existing counter is lowered: DECR on a vanished key would create one with no expiry.
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

/** The limits we chose (docs/decisions.md lists them). */
export const LIMITS = {
  /** Failed logins only: a success costs nothing. */
  loginPerIp: { limit: 30, windowMs: 15 * 60_000, message: 'Too many login attempts, please try again later' },
  loginPerAccount: { limit: 10, windowMs: 15 * 60_000, message: 'Too many login attempts, please try again later' },
  registerPerIp: {
    limit: 10,
    windowMs: 60 * 60_000,
    message: 'Too many registrations from this network, please try again later',
  },
  resendPerEmail: { limit: 1, windowMs: 60_000, message: 'Please wait a minute before asking for another code' },
  forgotPerEmail: { limit: 1, windowMs: 60_000, message: 'Please wait a minute before asking for another reset email' },
  forgotPerIp: { limit: 20, windowMs: 60 * 60_000 },
  otpPerIp: { limit: 30, windowMs: 15 * 60_000, message: 'Too many attempts, please try again later' },
  contactPerIp: {
    limit: 5,
    windowMs: 60 * 60_000,
    message: 'You have sent several messages already, please try again later',
  },
  uploadPerUser: { limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;
