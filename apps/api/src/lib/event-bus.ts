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
  /**
   * The user's role changed: their open streams hear it at once on this instance and through the cluster bus
   * on every other, so none keeps the old role's topics (issue 26). Call it once the change is committed.
   */
  roleChanged(userId: string): void;
  /** Calls `listener` each time `userId`'s role changes; returns how to stop. */
  onRoleChange(userId: string, listener: () => void): () => void;
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

/** The cluster bus channels of the live events and of role changes. */
const LIVE_CHANNEL = 'live';
const ROLE_CHANNEL = 'live-role';

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
  // Keyed by user id; one listener per open stream, like the topics.
  const roleChanges = new EventEmitter();
  roleChanges.setMaxListeners(0);
  const stopRoles = cluster.subscribe(ROLE_CHANNEL, (message) => {
    const { userId } = (message ?? {}) as { userId?: unknown };
    if (typeof userId === 'string') roleChanges.emit(userId);
  });
  return {
    publish(topic, type) {
      const event: LiveEvent = { type, at: new Date().toISOString() };
      local.emit(topic, event);
      void cluster.publish(LIVE_CHANNEL, { topic, event });
    },
    subscribe: local.subscribe,
    roleChanged(userId) {
      roleChanges.emit(userId);
      void cluster.publish(ROLE_CHANNEL, { userId });
    },
    onRoleChange(userId, listener) {
      roleChanges.on(userId, listener);
      return () => {
        roleChanges.off(userId, listener);
      };
    },
    async close() {
      stop();
      stopRoles();
    },
  };
}
