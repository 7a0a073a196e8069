import type { DbOrTx } from '../../db/client';
import { sharedForget } from '../../lib/cluster-bus';

/**
 * A learner's stats and activity replies, kept in memory (DESIGN: cache is the only state an instance
 * keeps). A reply is dropped on the learner's next progress write on any instance (the cluster bus tells the
 * others), on any change to the bank, when the learner's day changes (the day is part of the key) and at the
 * latest after MAX_AGE_MS, which bounds how long a write can go unseen while Redis is unreachable.
 *
 * A read that started before a write finished is never stored: every forget takes a new number from
 * `clock`, and a load is kept only when nothing that concerns it was forgotten after it began.
 */
export const LEARNER_CACHE_MAX_AGE_MS = 5_000;
const MAX_LEARNERS = 20_000;

interface Learner {
  forgottenAt: number;
  replies: Map<string, { storedAt: number; reply: Promise<unknown> }>;
}

interface Cache {
  /** Set by the benchmark for its cold reads (`keepLearnerReplies`): every read loads, nothing is kept. */
  bypassed: boolean;
  clock: number;
  allForgottenAt: number;
  learners: Map<string, Learner>;
}

/** One cache per database (tests run several apps in one process). */
const caches = new WeakMap<object, Cache>();

function cacheFor(db: DbOrTx): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { bypassed: false, clock: 0, allForgottenAt: 0, learners: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/** The cached reply for this learner and key, or `load()` shared by every caller until it settles. */
export function cachedForLearner<T>(db: DbOrTx, userId: string, key: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheFor(db);
  if (cache.bypassed) return load();
  let learner = cache.learners.get(userId);
  const hit = learner?.replies.get(key);
  if (hit && Date.now() - hit.storedAt < LEARNER_CACHE_MAX_AGE_MS) return hit.reply as Promise<T>;

  if (!learner) {
    if (cache.learners.size >= MAX_LEARNERS) forgetAllLearners(db);
    learner = { forgottenAt: 0, replies: new Map() };
    cache.learners.set(userId, learner);
  }
  const startedAt = cache.clock;
  const storedAt = Date.now();
  const reply = load();
  const current = learner;
  current.replies.set(key, { storedAt, reply });
  const stillValid = () => current.forgottenAt <= startedAt && cache.allForgottenAt <= startedAt;
  // A failed load, or one overtaken by a write, is not kept.
  reply.then(
    () => {
      if (!stillValid() && current.replies.get(key)?.reply === reply) current.replies.delete(key);
    },
    () => {
      if (current.replies.get(key)?.reply === reply) current.replies.delete(key);
    },
  );
  return reply;
}

/**
 * Whether replies are kept at all (default yes). The benchmark turns keeping off to measure what a crowd of
 * learners each opening their sheet once costs: at tens of thousands of reads a second, 20,000 learners taken
 * in turn would otherwise come round again within the replies' 5 s.
 */
export function keepLearnerReplies(db: DbOrTx, keep: boolean): void {
  const cache = cacheFor(db);
  cache.bypassed = !keep;
  if (!keep) forgetAllLearners(db);
}

/** After a learner's progress changed (call once the transaction has committed): on every instance. */
export const forgetLearner = sharedForget('dsa.learner', (db: DbOrTx, userId?: string) =>
  userId === undefined ? forgetAllLearners(db) : forgetLearnerHere(db, userId),
);

function forgetLearnerHere(db: DbOrTx, userId: string): void {
  const cache = cacheFor(db);
  const learner = cache.learners.get(userId);
  cache.clock += 1;
  if (learner) {
    learner.forgottenAt = cache.clock;
    learner.replies.clear();
  }
}

/** After a change to the bank: every learner's totals may differ. */
export function forgetAllLearners(db: DbOrTx): void {
  const cache = cacheFor(db);
  cache.clock += 1;
  cache.allForgottenAt = cache.clock;
  cache.learners.clear();
}
