import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app';
import { TEST_PASSWORD } from '../test/factories';
import { HttpError } from './http-errors';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limiter';

async function exerciseLimiter(limiter: RateLimiter, advance: (ms: number) => Promise<void>) {
  const rule = { limit: 2, windowMs: 1000, message: 'Slow down' };
  await limiter.hit('k', rule);
  await limiter.hit('k', rule);
  const refused = await limiter.hit('k', rule).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).statusCode).toBe(429);
  expect((refused as HttpError).message).toBe('Slow down');
  expect(Number((refused as HttpError).headers['retry-after'])).toBeGreaterThanOrEqual(1);
  await limiter.hit('other', rule);
  await limiter.reset('k');
  await limiter.hit('k', rule);
  await advance(1100);
  await limiter.hit('k', rule);
  await limiter.hit('k', rule);
  // A released hit frees its place once; releasing never goes below zero.
  await limiter.release('k');
  await limiter.hit('k', rule);
  await expect(limiter.hit('k', rule)).rejects.toMatchObject({ statusCode: 429 });
  await limiter.release('fresh');
  await limiter.release('fresh');
  await limiter.hit('fresh', rule);
  await limiter.hit('fresh', rule);
  await expect(limiter.hit('fresh', rule)).rejects.toMatchObject({ statusCode: 429 });
}

describe('rate limiter', () => {
  it('counts hits per key in memory within a fixed window', async () => {
    let now = 0;
    const limiter = memoryRateLimiter(() => now);
    await exerciseLimiter(limiter, async (ms) => {
      now += ms;
    });
  });

  it.skipIf(!process.env.REDIS_URL)('shares counters in Redis across instances', async () => {
    const prefix = `lb:test:${randomBytes(4).toString('hex')}:`;
    const a = redisRateLimiter(new Redis(process.env.REDIS_URL!), prefix);
    const b = redisRateLimiter(new Redis(process.env.REDIS_URL!), prefix);
    try {
      const rule = { limit: 2, windowMs: 5000 };
      await a.hit('shared', rule);
      await b.hit('shared', rule);
      await expect(a.hit('shared', rule)).rejects.toMatchObject({ statusCode: 429 });
      await exerciseLimiter(a, (ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    } finally {
      // Releasing a key that is gone leaves nothing behind (no counter without an expiry).
      const redis = new Redis(process.env.REDIS_URL!);
      await a.release('never-hit');
      expect(await redis.exists(`${prefix}never-hit`)).toBe(0);
      await redis.quit();
      await a.reset('shared');
      await a.reset('k');
      await a.reset('other');
      await a.reset('fresh');
      await a.close();
      await b.close();
    }
  });
});

describe('growing delays', () => {
  it.skipIf(!process.env.REDIS_URL)('are shared in Redis across instances, and so is the failure count', async () => {
    const prefix = `lb:test:${randomBytes(4).toString('hex')}:`;
    const a = redisRateLimiter(new Redis(process.env.REDIS_URL!), prefix);
    const b = redisRateLimiter(new Redis(process.env.REDIS_URL!), prefix);
    const rule = { free: 2, baseDelayMs: 300, maxDelayMs: 600, forgetAfterMs: 5000, message: 'Wait' };
    try {
      await a.attempt('pair', rule);
      await b.attempt('pair', rule);
      await expect(a.attempt('pair', rule)).rejects.toMatchObject({ statusCode: 429, message: 'Wait' });
      await new Promise((resolve) => setTimeout(resolve, 350));
      await b.attempt('pair', rule);
      await expect(a.attempt('pair', rule)).rejects.toMatchObject({ statusCode: 429 });
      await a.reset('pair');
      await a.attempt('pair', rule);
      expect(await a.count('failures', 5000)).toBe(1);
      expect(await b.count('failures', 5000)).toBe(2);
    } finally {
      await a.reset('pair');
      await a.reset('failures');
      await a.close();
      await b.close();
    }
  });
});

describe('the API app', () => {
  it.skipIf(!process.env.REDIS_URL)(
    'keeps its limits in Redis under its own prefix when REDIS_URL is set',
    async () => {
      const t = await buildTestApp();
      const prefix = t.rateLimitKeyPrefix!;
      expect(prefix).toMatch(/^lb:test:\d+:[0-9a-f]{12}:$/);
      const redis = new Redis(process.env.REDIS_URL!);
      try {
        const reply = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '10.44.0.1',
          payload: { name: 'Shared', email: `redis-${Date.now()}@example.com`, password: TEST_PASSWORD },
        });
        expect(reply.statusCode).toBe(201);
        const key = `${prefix}register:ip:10.44.0.1`;
        expect(await redis.get(key)).toBe('1');
        expect(await redis.pttl(key)).toBeGreaterThan(59 * 60_000);
      } finally {
        await t.close();
      }
      // Closing the test app removes its keys.
      expect(await redis.keys(`${prefix}*`)).toEqual([]);
      await redis.quit();
    },
  );
});
