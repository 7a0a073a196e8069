import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type ClusterListener = (payload: unknown) => void;

/**
 * Messages between the API instances that share one PostgreSQL (DESIGN: several instances behind a load
 * balancer). A message goes to every OTHER instance: the sender applies its own change itself, at once.
 * Without Redis there are no other instances and publishing does nothing.
 */
export interface ClusterBus {
  /**
   * Sends `payload` to the listeners of `channel` on every other instance. Never throws: when Redis cannot
   * take it, the message is lost and a warning logged (the other instances are then not listening either,
   * see `listening`).
   */
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, listener: ClusterListener): () => void;
  /** Called after this instance may have missed messages (Redis came back): every cache must be dropped. */
  onResync(listener: () => void): () => void;
  /** True while this instance hears every message; a cache that relies on messages is not trusted otherwise. */
  readonly listening: boolean;
  /** Settles once every publish started so far has reached Redis (or failed); null when none is pending. */
  settled(): Promise<void> | null;
  close(): Promise<void>;
}

/** One instance: nobody else to tell. */
export function memoryClusterBus(): ClusterBus {
  return {
    async publish() {},
    subscribe: () => () => {},
    onResync: () => () => {},
    listening: true,
    settled: () => null,
    async close() {},
  };
}

/** How long a reply waits for its messages to reach Redis before it goes anyway. */
const PUBLISH_WAIT_MS = 1_000;

/**
 * Several instances: one Redis pub/sub `channel` carries every message, tagged with its sender. A publisher
 * connection (no offline queue: with Redis down a publish fails at once rather than holding a reply) and a
 * subscriber connection that subscribes again each time it reconnects.
 */
export function redisClusterBus(redisUrl: string, channel: string, log: FastifyBaseLogger): ClusterBus {
  const self = randomUUID();
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const resyncs = new Set<() => void>();
  const inFlight = new Set<Promise<void>>();
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
  const subscriber = new Redis(redisUrl, {
    maxRetriesPerRequest: null,
    autoResubscribe: false,
    connectionName: `cluster-bus:${channel}`,
  });
  let listening = false;
  let everListened = false;
  let publishFailing = false;

  for (const connection of [publisher, subscriber]) {
    // One warning per outage and connection: ioredis reports every failed reconnect.
    let warned = false;
    connection.on('error', (error) => {
      if (!warned) log.warn({ err: error }, 'cluster bus: Redis connection error');
      warned = true;
    });
    connection.on('ready', () => {
      warned = false;
    });
  }
  subscriber.on('close', () => {
    listening = false;
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        listening = true;
        // Messages sent while we were away are lost: start again from the database.
        if (everListened) for (const resync of resyncs) resync();
        everListened = true;
      },
      (error) => log.warn({ err: error }, 'cluster bus: could not subscribe to Redis'),
    );
  });
  subscriber.on('message', (from, message) => {
    if (from !== channel) return;
    try {
      const parsed = JSON.parse(message) as { sender?: unknown; channel?: unknown; payload?: unknown };
      if (parsed.sender === self || typeof parsed.channel !== 'string') return;
      local.emit(parsed.channel, parsed.payload);
    } catch {
      log.warn('cluster bus: ignored a malformed message');
    }
  });

  return {
    publish(name, payload) {
      const sent = publisher
        .publish(channel, JSON.stringify({ sender: self, channel: name, payload }))
        .then(
          () => {
            publishFailing = false;
          },
          (error) => {
            // One warning per outage, not one per write.
            if (!publishFailing)
              log.warn({ err: error }, 'cluster bus: Redis publish failed; other instances not told');
            publishFailing = true;
          },
        )
        .finally(() => inFlight.delete(sent));
      inFlight.add(sent);
      return sent;
    },
    subscribe(name, listener) {
      local.on(name, listener);
      return () => {
        local.off(name, listener);
      };
    },
    onResync(listener) {
      resyncs.add(listener);
      return () => {
        resyncs.delete(listener);
      };
    },
    get listening() {
      return listening;
    },
    settled() {
      if (inFlight.size === 0) return null;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, PUBLISH_WAIT_MS);
      });
      return Promise.race([Promise.all(inFlight).then(() => undefined), timeout]).finally(() => clearTimeout(timer));
    },
    async close() {
      listening = false;
      // Not quit(): with Redis unreachable a quit waits in the offline queue for ever.
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

type Forget<D extends object> = (db: D, key?: string) => void;

const forgetters = new Map<string, Forget<object>>();
const busOfDatabase = new WeakMap<object, ClusterBus>();
const FORGET_CHANNEL = 'forget';

/**
 * Makes an in-memory cache's invalidation reach every instance. `forgetHere(db, key)` drops this instance's
 * entries for `key` (every entry when `key` is undefined); the function returned runs it here and tells the
 * other instances to run it too. Caches are kept per database object, so the bus is found from `db`.
 */
export function sharedForget<D extends object>(name: string, forgetHere: Forget<D>): Forget<D> {
  forgetters.set(name, forgetHere as Forget<object>);
  return (db, key) => {
    forgetHere(db, key);
    void busOfDatabase.get(db)?.publish(FORGET_CHANNEL, key === undefined ? { name } : { name, key });
  };
}

/** Connects the shared forgets of the caches kept for `db` to `bus`; returns how to disconnect them. */
export function attachClusterBus(db: object, bus: ClusterBus): () => void {
  busOfDatabase.set(db, bus);
  const stopMessages = bus.subscribe(FORGET_CHANNEL, (message) => {
    const { name, key } = (message ?? {}) as { name?: unknown; key?: unknown };
    if (typeof name !== 'string') return;
    forgetters.get(name)?.(db, typeof key === 'string' ? key : undefined);
  });
  const stopResync = bus.onResync(() => {
    for (const forget of forgetters.values()) forget(db);
  });
  return () => {
    stopMessages();
    stopResync();
    if (busOfDatabase.get(db) === bus) busOfDatabase.delete(db);
  };
}
