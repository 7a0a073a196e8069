import { randomBytes } from 'node:crypto';
import type { LiveEvent } from '@learnbuild/domain/schemas/dashboard';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { memoryClusterBus, redisClusterBus } from './cluster-bus';
import { clusterEventBus, type EventBus, userTopic } from './event-bus';

/** The bus only warns. */
const log = { warn() {} } as unknown as FastifyBaseLogger;

async function waitFor(condition: () => boolean, timeoutMs = 3_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the in-process event bus', () => {
  it('hands an event to the listeners of its topic only, until they unsubscribe', () => {
    const bus = clusterEventBus(memoryClusterBus());
    const mine: LiveEvent[] = [];
    const theirs: LiveEvent[] = [];
    const stop = bus.subscribe(userTopic('me'), (event) => mine.push(event));
    bus.subscribe(userTopic('them'), (event) => theirs.push(event));
    bus.publish(userTopic('me'), 'dsa.progress');
    expect(mine.map((event) => event.type)).toEqual(['dsa.progress']);
    expect(theirs).toEqual([]);
    stop();
    bus.publish(userTopic('me'), 'subjects.progress');
    expect(mine).toHaveLength(1);
  });
});

describe('role changes on the event bus (issue 26)', () => {
  it('tells the listeners of that user only, until they stop', () => {
    const bus = clusterEventBus(memoryClusterBus());
    const heard: string[] = [];
    const stop = bus.onRoleChange('me', () => heard.push('me'));
    bus.onRoleChange('them', () => heard.push('them'));
    bus.roleChanged('me');
    expect(heard).toEqual(['me']);
    stop();
    bus.roleChanged('me');
    expect(heard).toEqual(['me']);
  });
});

describe('the Redis event bus', () => {
  it('still delivers to this instance when Redis cannot be reached', async () => {
    const cluster = redisClusterBus('redis://127.0.0.1:1', 'lb:test:unreachable', log);
    const bus = clusterEventBus(cluster);
    const seen: string[] = [];
    bus.subscribe(userTopic('me'), (event) => seen.push(event.type));
    bus.publish(userTopic('me'), 'dsa.progress');
    await waitFor(() => seen.length === 1, 10_000);
    expect(seen).toEqual(['dsa.progress']);
    await bus.close();
    await cluster.close();
  });

  it.skipIf(!process.env.REDIS_URL)('carries an event from one bus to another on the same channel', async () => {
    const channel = `lb:test:bus:${randomBytes(6).toString('hex')}`;
    const clusters = [1, 2].map(() => redisClusterBus(process.env.REDIS_URL!, channel, log));
    const [one, two] = clusters.map(clusterEventBus) as [EventBus, EventBus];
    try {
      const seen: string[] = [];
      two.subscribe('admins', (event) => seen.push(event.type));
      // The subscription is asynchronous: publish until it is in place.
      await waitFor(() => {
        if (seen.length === 0) one.publish('admins', 'platform.changed');
        return seen.length > 0;
      });
      expect(seen[0]).toBe('platform.changed');
    } finally {
      await one.close();
      await two.close();
      for (const cluster of clusters) await cluster.close();
    }
  });
});
