import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { attachClusterBus, type ClusterBus, memoryClusterBus, redisClusterBus, sharedForget } from './cluster-bus';

function recordingLog() {
  const warnings: string[] = [];
  const log = {
    warn: (...args: unknown[]) => warnings.push(String(args.at(-1))),
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

async function waitFor(condition: () => boolean, timeoutMs = 3_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A cache per database object, as the app's caches are, and the keys each database forgot. */
const forgotten = new Map<object, (string | undefined)[]>();
const forgetEntry = sharedForget('test.entry', (db: object, key?: string) => {
  forgotten.set(db, [...(forgotten.get(db) ?? []), key]);
});

describe('the in-process cluster bus', () => {
  it('has nobody to tell: publishing does nothing and a forget runs here only', async () => {
    const bus = memoryClusterBus();
    const db = {};
    const detach = attachClusterBus(db, bus);
    expect(bus.listening).toBe(true);
    await bus.publish('anything', { a: 1 });
    expect(bus.settled()).toBeNull();
    forgetEntry(db, 'k');
    expect(forgotten.get(db)).toEqual(['k']);
    detach();
  });
});

describe('the Redis cluster bus', () => {
  it('goes on without Redis: a publish fails fast with one warning, and the bus is not listening', async () => {
    const { log, warnings } = recordingLog();
    const bus = redisClusterBus('redis://127.0.0.1:1', 'lb:test:unreachable', log);
    const started = Date.now();
    for (let i = 0; i < 5; i++) await bus.publish('forget', { name: 'x' });
    expect(Date.now() - started).toBeLessThan(500);
    expect(bus.listening).toBe(false);
    expect(warnings.filter((w) => w.includes('publish failed'))).toHaveLength(1);
    await bus.close();
  });

  const redisUrl = process.env.REDIS_URL;
  it.skipIf(!redisUrl)('carries a forget to the other instances only, and forgets all after a reconnect', async () => {
    const channel = `lb:test:cluster-bus:${randomBytes(6).toString('hex')}`;
    const buses: ClusterBus[] = [1, 2].map(() => redisClusterBus(redisUrl!, channel, recordingLog().log));
    const [one, two] = buses as [ClusterBus, ClusterBus];
    const dbOne = {};
    const dbTwo = {};
    attachClusterBus(dbOne, one);
    attachClusterBus(dbTwo, two);
    try {
      await waitFor(() => one.listening && two.listening);
      forgetEntry(dbOne, 'learner-1');
      // The sender forgot at once; the message is in Redis before the reply would leave.
      expect(forgotten.get(dbOne)).toEqual(['learner-1']);
      await one.settled();
      await waitFor(() => (forgotten.get(dbTwo) ?? []).length === 1);
      expect(forgotten.get(dbTwo)).toEqual(['learner-1']);
      // Its own message does not come back to the sender.
      expect(forgotten.get(dbOne)).toEqual(['learner-1']);

      // Redis drops the subscriber: whatever was said meanwhile is lost, so the caches are dropped whole.
      const admin = new Redis(redisUrl!);
      try {
        const clients = (await admin.client('LIST')) as string;
        const ids = clients
          .split('\n')
          .filter((line) => line.includes(`name=cluster-bus:${channel} `))
          .map((line) => /id=(\d+)/.exec(line)![1]!);
        expect(ids).toHaveLength(2);
        await admin.client('KILL', 'ID', ids[1]!);
      } finally {
        await admin.quit();
      }
      await waitFor(() => (forgotten.get(dbOne) ?? []).length + (forgotten.get(dbTwo) ?? []).length === 3, 5_000);
      expect([...(forgotten.get(dbOne) ?? []), ...(forgotten.get(dbTwo) ?? [])]).toContain(undefined);
      await waitFor(() => one.listening && two.listening, 5_000);
    } finally {
      for (const bus of buses) await bus.close();
    }
  });
});
