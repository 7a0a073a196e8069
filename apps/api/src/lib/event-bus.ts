import { EventEmitter } from 'node:events';
import { type LiveEvent, liveEventSchema } from '@learnbuild/domain/schemas/dashboard';
import type { ClusterBus } from './cluster-bus';

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

/** The cluster bus channel of the live events. */
const LIVE_CHANNEL = 'live';

/**
 * Several instances: an event goes to this instance's streams at once and through the cluster bus to the
 * streams the other instances hold. When Redis cannot take it, this instance's own streams still get it.
 */
export function clusterEventBus(cluster: ClusterBus): EventBus {
  const local = localFanOut();
  const stop = cluster.subscribe(LIVE_CHANNEL, (message) => {
    const { topic, event } = (message ?? {}) as { topic?: unknown; event?: unknown };
    const parsed = liveEventSchema.safeParse(event);
    if (typeof topic === 'string' && parsed.success) local.emit(topic, parsed.data);
  });
  return {
    publish(topic, type) {
      const event: LiveEvent = { type, at: new Date().toISOString() };
      local.emit(topic, event);
      void cluster.publish(LIVE_CHANNEL, { topic, event });
    },
    subscribe: local.subscribe,
    async close() {
      stop();
    },
  };
}
