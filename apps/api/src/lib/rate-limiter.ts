import { CODE_RUN_RATE_LIMIT_MESSAGE, CODE_RUNS_PER_MINUTE } from '@learnbuild/domain/schemas/code-editor';
import { SUBMISSION_RATE_LIMIT_MESSAGE, SUBMISSIONS_PER_MINUTE } from '@learnbuild/domain/schemas/judge';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError, tooManyRequests } from './http-errors';

export interface RateLimitRule {
  /** Requests allowed within the window. */
  limit: number;
  windowMs: number;
  message?: string;
}

/** Growing delays (OWASP's throttling): a few tries free, then each further one waits twice as long. */
export interface BackoffRule {
  /** Attempts allowed back to back. */
  free: number;
  /** The wait after the last free attempt; it doubles with each attempt after that. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The record is forgotten this long after its last attempt. */
  forgetAfterMs: number;
  message?: string;
}

/** The wait that follows the `attempts`-th attempt under `rule`. */
export function backoffDelayMs(attempts: number, rule: BackoffRule): number {
  if (attempts < rule.free) return 0;
  return Math.min(rule.baseDelayMs * 2 ** (attempts - rule.free), rule.maxDelayMs);
}

export interface RateLimiter {
  /** Counts one hit on `key`; throws 429 with Retry-After when the rule is exceeded. */
  hit(key: string, rule: RateLimitRule): Promise<void>;
  /**
   * Takes one attempt on `key` under growing delays: throws 429 with Retry-After while the key must
   * still wait, otherwise counts the attempt (in one step, so parallel attempts cannot share a turn).
   * `reset` forgets the key, e.g. after a success.
   */
  attempt(key: string, rule: BackoffRule): Promise<void>;
  /** Adds one to a fixed-window counter on `key` and returns the count within the window. */
  count(key: string, windowMs: number): Promise<number>;
  /** Takes back one hit on `key` (a try that turned out not to count), never below zero. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Whether the shared store answers; only the Redis-backed limiter has one. */
  probe?(): Promise<'ok' | 'down'>;
  close(): Promise<void>;
}

/** One API instance: counters in memory (fixed windows). */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const backoffs = new Map<string, { attempts: number; nextAt: number; forgetAt: number }>();
  let calls = 0;
  const sweep = (time: number) => {
    if (++calls % 1000 !== 0) return;
    for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
    for (const [k, b] of backoffs) if (b.forgetAt <= time) backoffs.delete(k);
  };
  const countInWindow = (key: string, windowMs: number, time: number) => {
    sweep(time);
    let window = windows.get(key);
    if (!window || window.resetAt <= time) {
      window = { count: 0, resetAt: time + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return window;
  };
  return {
    async hit(key, rule) {
      const time = now();
      const window = countInWindow(key, rule.windowMs, time);
      if (window.count > rule.limit) throw tooManyRequests((window.resetAt - time) / 1000, rule.message);
    },
    async attempt(key, rule) {
      const time = now();
      sweep(time);
      let state = backoffs.get(key);
      if (!state || state.forgetAt <= time) state = { attempts: 0, nextAt: 0, forgetAt: 0 };
      if (time < state.nextAt) throw tooManyRequests((state.nextAt - time) / 1000, rule.message);
      state.attempts += 1;
      state.nextAt = time + backoffDelayMs(state.attempts, rule);
      state.forgetAt = time + rule.forgetAfterMs;
      backoffs.set(key, state);
    },
    async count(key, windowMs) {
      return countInWindow(key, windowMs, now()).count;
    },
    async release(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
      backoffs.delete(key);
    },
    async close() {
      windows.clear();
      backoffs.clear();
    },
  };
}

const RELEASE_SCRIPT =
  "local count = tonumber(redis.call('get', KEYS[1])) if count and count > 0 then return redis.call('decr', KEYS[1]) end return 0";

// Returns the milliseconds still to wait, or 0 when the attempt was counted. Times are the caller's clock.
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local attempts = tonumber(redis.call('hget', KEYS[1], 'attempts') or '0')
local nextAt = tonumber(redis.call('hget', KEYS[1], 'nextAt') or '0')
if now < nextAt then return nextAt - now end
attempts = attempts + 1
local delay = 0
if attempts >= tonumber(ARGV[2]) then
  delay = math.min(tonumber(ARGV[3]) * math.pow(2, attempts - tonumber(ARGV[2])), tonumber(ARGV[4]))
end
redis.call('hset', KEYS[1], 'attempts', attempts, 'nextAt', string.format('%.0f', now + delay))
redis.call('pexpire', KEYS[1], ARGV[5])
return 0`;

/** Several API instances: counters shared in Redis under `prefix`. */
export function redisRateLimiter(redis: Redis, prefix = 'lb:rl:'): RateLimiter {
  const countInWindow = async (redisKey: string, windowMs: number) => {
    const results = await redis.multi().incr(redisKey).pttl(redisKey).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    let ttl = Number(results?.[1]?.[1] ?? -1);
    if (ttl < 0) {
      await redis.pexpire(redisKey, windowMs);
      ttl = windowMs;
    }
    return { count, ttl };
  };
  return {
    async hit(key, rule) {
      const { count, ttl } = await countInWindow(prefix + key, rule.windowMs);
      if (count > rule.limit) throw tooManyRequests(ttl / 1000, rule.message);
    },
    async attempt(key, rule) {
      const wait = Number(
        await redis.eval(
          ATTEMPT_SCRIPT,
          1,
          prefix + key,
          Date.now(),
          rule.free,
          rule.baseDelayMs,
          rule.maxDelayMs,
          rule.forgetAfterMs,
        ),
      );
      if (wait > 0) throw tooManyRequests(wait / 1000, rule.message);
    },
    async count(key, windowMs) {
      return (await countInWindow(prefix + key, windowMs)).count;
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

/**
 * The shared counters in Redis, with this instance's memory as the fallback: while Redis is down or not
 * answering, limits are counted here (one warning when that starts, one note when Redis is back) and
 * requests go on. Once the connection is ready again the next call goes back to Redis.
 */
export function sharedRateLimiter(
  redis: Redis,
  log: FastifyBaseLogger,
  prefix?: string,
  local: RateLimiter = memoryRateLimiter(),
): RateLimiter {
  const shared = redisRateLimiter(redis, prefix);
  let degraded = false;
  // A connection that is up but did not answer is tried again after this moment, not on every call.
  let retryAt = 0;
  const fallBack = (error: unknown) => {
    retryAt = Date.now() + REDIS_RETRY_MS;
    if (degraded) return;
    degraded = true;
    log.warn({ err: error }, REDIS_DOWN_WARNING);
  };
  const recovered = () => {
    if (!degraded) return;
    degraded = false;
    log.info('Redis is reachable again: rate limits are shared again');
  };
  // ioredis reconnects on its own; its errors arrive here once per attempt, the warning once per outage.
  redis.on('error', fallBack);
  redis.on('ready', recovered);
  const run = async (operation: (limiter: RateLimiter) => Promise<void>) => {
    if (degraded && (redis.status !== 'ready' || Date.now() < retryAt)) return operation(local);
    try {
      await operation(shared);
      recovered();
    } catch (error) {
      // A 429 is the limiter's answer, and proves Redis answered.
      if (error instanceof HttpError) {
        recovered();
        throw error;
      }
      fallBack(error);
      await operation(local);
    }
  };
  return {
    hit: (key, rule) => run((limiter) => limiter.hit(key, rule)),
    attempt: (key, rule) => run((limiter) => limiter.attempt(key, rule)),
    async count(key, windowMs) {
      let result = 0;
      await run(async (limiter) => {
        result = await limiter.count(key, windowMs);
      });
      return result;
    },
    release: (key) => run((limiter) => limiter.release(key)),
    reset: (key) => run((limiter) => limiter.reset(key)),
    async probe() {
      // While down, no wait; otherwise a PING (the first may wait for the connection, a second at most).
      if (degraded && redis.status !== 'ready') return 'down';
      return redis.ping().then(
        () => 'ok' as const,
        () => 'down' as const,
      );
    },
    async close() {
      await local.close();
      // quit() only while connected: with Redis unreachable it would wait in the offline queue for ever.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

const REDIS_RETRY_MS = 5_000;

export const REDIS_DOWN_WARNING =
  "Redis is unreachable: rate limits are counted in this instance's memory until it is back";

/** The limits we chose (docs/decisions.md lists them). */
export const LIMITS = {
  /** Failed logins only: a success costs nothing. */
  loginPerIp: { limit: 30, windowMs: 15 * 60_000, message: 'Too many login attempts, please try again later' },
  /**
   * Failed logins on one account from every device that holds no device cookie for it, whatever their
   * addresses: past it those devices are refused for the rest of the window (the owner's known devices are not).
   */
  loginUnknownDevicesPerAccount: {
    limit: 20,
    windowMs: 15 * 60_000,
    message:
      'Too many failed logins to this account from new devices. Sign in from a device you used before, or try again later',
  },
  /** Failed logins from one device cookie: its own budget, after which that cookie is refused too. */
  loginPerKnownDevice: {
    limit: 10,
    windowMs: 15 * 60_000,
    message: 'Too many failed login attempts, please wait a little before trying again',
  },
  /** OAuth starts: each one stores a state row until the provider calls back or it expires. */
  oauthStartPerIp: { limit: 30, windowMs: 15 * 60_000, message: 'Too many sign-in attempts, please try again later' },
  /** Public reads that cost real work per call (the whole problem sheet), per signed-in user or per IP. */
  expensiveReadPerClient: {
    limit: 120,
    windowMs: 60_000,
    message: 'Too many requests for this list, please wait a moment',
  },
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
  /** Course media (thumbnails and lesson videos): files for a whole course in one sitting, not a disk-filling loop. */
  mediaUploadPerUser: {
    limit: 100,
    windowMs: 60 * 60_000,
    message: 'You have uploaded many files in the last hour, please try again later',
  },
  /** C++ and Java runs through the judge: each one costs the judge a compile and a run. */
  codeRunPerUser: { limit: CODE_RUNS_PER_MINUTE, windowMs: 60_000, message: CODE_RUN_RATE_LIMIT_MESSAGE },
  submissionPerUser: { limit: SUBMISSIONS_PER_MINUTE, windowMs: 60_000, message: SUBMISSION_RATE_LIMIT_MESSAGE },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Failed logins for one account from one IP: 5 back to back, then waits of 1 s, 2 s, 4 s ... up to
 * 15 minutes. Keyed by account and IP, so nobody else's failures ever delay the owner elsewhere.
 */
export const LOGIN_BACKOFF: BackoffRule = {
  free: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
  message: 'Too many failed login attempts, please wait a little before trying again',
};

/** Failures on one account (from anywhere) within an hour that make us tell its owner by mail, once. */
export const LOGIN_ALERT = { failures: 10, windowMs: 60 * 60_000 } as const;
