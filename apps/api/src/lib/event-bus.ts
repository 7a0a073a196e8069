import { EventEmitter } from 'node:events';
import { type LiveEvent, liveEventSchema } from '@learnbuild/domain/schemas/dashboard';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Who an event is for: one user's streams, or every admin's. */
export type LiveTopic = `user:${string}` | 'admins';

export const userTopic = (userId: string): LiveTopic => `user:${userId}`;

export type LiveListener = (event: LiveEvent) => void;

/**
 * Live events for the dashboards. Publishing never fails the request that made the change: the
 * event is a hint to refetch, and the dashboards' 30 s poll covers a lost one.
 */
export interface EventBus {
  publish(topic: LiveTopic, type: LiveEvent['type']): void;
  subscribe(topic: LiveTopic, listener: LiveListener): () => void;
  close(): Promise<void>;
}

function localFanOut() {
  const emitter = new EventEmitter();
  // One listener per open stream; a busy instance holds thousands.
  emitter.setMaxListeners(0);
  return {
    emit(topic: string, event: LiveEvent) {
      emitter.emit(topic, event);
    },
    subscribe(topic: LiveTopic, listener: LiveListener) {
      emitter.on(topic, listener);
      return () => {
        emitter.off(topic, listener);
      };
    },
  };
}

/** One process: events reach the streams held by this instance. */
export function memoryEventBus(): EventBus {
  const local = localFanOut();
  return {
    publish(topic, type) {
      local.emit(topic, { type, at: new Date().toISOString() });
    },
    subscribe: local.subscribe,
    async close() {},
  };
}

/**
 * Several instances: every event goes through one Redis pub/sub channel and each instance hands it
 * to the streams it holds. When Redis cannot take a publish, this instance's own streams still get it.
 */
export function redisEventBus(redisUrl: string, channel: string, log: FastifyBaseLogger): EventBus {
  const local = localFanOut();
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error) => log.warn({ err: error }, 'live events: Redis connection error'));
  }
  subscriber.subscribe(channel).catch((error) => {
    log.warn({ err: error }, 'live events: could not subscribe to Redis');
  });
  subscriber.on('message', (from, message) => {
    if (from !== channel) return;
    try {
      const { topic, event } = JSON.parse(message) as { topic: unknown; event: unknown };
      const parsed = liveEventSchema.safeParse(event);
      if (typeof topic === 'string' && parsed.success) local.emit(topic, parsed.data);
    } catch {
      log.warn('live events: ignored a malformed message');
    }
  });
  return {
    publish(topic, type) {
      const event: LiveEvent = { type, at: new Date().toISOString() };
      publisher.publish(channel, JSON.stringify({ topic, event })).catch((error) => {
        log.warn({ err: error }, 'live events: Redis publish failed; delivered on this instance only');
        local.emit(topic, event);
      });
    },
    subscribe: local.subscribe,
    async close() {
      // Not quit(): with Redis unreachable a quit waits in the offline queue for ever.
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
