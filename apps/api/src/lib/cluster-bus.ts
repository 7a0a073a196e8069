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
  /**
   * Settles once every publish started so far has reached Redis and come back to this instance (or failed, or
   * waited too long); null when none is pending.
   */
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
const PUBLISH_WAIT_MS = 3_000;

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
  // Our own messages come back to our subscriber too: hearing one means Redis has handed it to every
  // subscriber in the same pass (the PUBLISH reply alone may be written before the others'); a reply waits
  // for that, so the next request on another instance finds its cache already dropped.
  let lastId = 0;
  const echoes = new Map<number, () => void>();
  const heard = (id: number) => {
    echoes.get(id)?.();
    echoes.delete(id);
  };
  const echoOf = (id: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => heard(id), PUBLISH_WAIT_MS);
      echoes.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
    });
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
    for (const id of [...echoes.keys()]) heard(id);
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
      const parsed = JSON.parse(message) as { sender?: unknown; id?: unknown; channel?: unknown; payload?: unknown };
      if (parsed.sender === self) {
        if (typeof parsed.id === 'number') heard(parsed.id);
        return;
      }
      if (typeof parsed.channel !== 'string') return;
      local.emit(parsed.channel, parsed.payload);
    } catch {
      log.warn('cluster bus: ignored a malformed message');
    }
  });

  return {
    publish(name, payload) {
      const id = ++lastId;
      const echo = listening ? echoOf(id) : Promise.resolve();
      const sent = publisher
        .publish(channel, JSON.stringify({ sender: self, id, channel: name, payload }))
        .then(
          () => {
            publishFailing = false;
            return echo;
          },
          (error) => {
            // One warning per outage, not one per write.
            if (!publishFailing)
              log.warn({ err: error }, 'cluster bus: Redis publish failed; other instances not told');
            publishFailing = true;
            heard(id);
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
/** Caches built from what a shared forget's cache is built from: dropped whenever it is, wherever it is. */
const followers = new Map<string, Set<Forget<object>>>();
const busOfDatabase = new WeakMap<object, ClusterBus>();
const FORGET_CHANNEL = 'forget';

function forgetFollowers(name: string, db: object, key?: string): void {
  for (const follow of followers.get(name) ?? []) follow(db, key);
}

/** Runs the forget named `name` here: its own cache's and its followers'. */
function forgetHereByName(name: string, db: object, key?: string): void {
  forgetters.get(name)?.(db, key);
  forgetFollowers(name, db, key);
}

/**
 * Drops another cache (`forgetHere`) with the shared forget `name`, here and on every instance that hears it,
 * and after a reconnect: for a cache made from what that one is made from, whose writers do not know of it.
 */
export function followForget<D extends object>(name: string, forgetHere: Forget<D>): void {
  let set = followers.get(name);
  if (!set) {
    set = new Set();
    followers.set(name, set);
  }
  set.add(forgetHere as Forget<object>);
}

/**
 * Makes an in-memory cache's invalidation reach every instance. `forgetHere(db, key)` drops this instance's
 * entries for `key` (every entry when `key` is undefined); the function returned runs it here and tells the
 * other instances to run it too. Caches are kept per database object, so the bus is found from `db`.
 */
export function sharedForget<D extends object>(name: string, forgetHere: Forget<D>): Forget<D> {
  forgetters.set(name, forgetHere as Forget<object>);
  return (db, key) => {
    forgetHere(db, key);
    forgetFollowers(name, db, key);
    void busOfDatabase.get(db)?.publish(FORGET_CHANNEL, key === undefined ? { name } : { name, key });
  };
}

/** Connects the shared forgets of the caches kept for `db` to `bus`; returns how to disconnect them. */
export function attachClusterBus(db: object, bus: ClusterBus): () => void {
  busOfDatabase.set(db, bus);
  const stopMessages = bus.subscribe(FORGET_CHANNEL, (message) => {
    const { name, key } = (message ?? {}) as { name?: unknown; key?: unknown };
    if (typeof name !== 'string') return;
    forgetHereByName(name, db, typeof key === 'string' ? key : undefined);
  });
  const stopResync = bus.onResync(() => {
    for (const name of new Set([...forgetters.keys(), ...followers.keys()])) forgetHereByName(name, db);
  });
  return () => {
    stopMessages();
    stopResync();
    if (busOfDatabase.get(db) === bus) busOfDatabase.delete(db);
  };
}
