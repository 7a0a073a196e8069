import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../../db/client';
import {
  cachedForLearner,
  forgetAllLearners,
  forgetLearner,
  keepLearnerReplies,
  LEARNER_CACHE_MAX_AGE_MS,
} from './learner-cache';

const newDb = () => ({}) as DbOrTx;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('learner cache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a repeated read from memory and shares one load between concurrent callers', async () => {
    const db = newDb();
    const load = vi.fn(async () => 'reply');
    const [a, b] = await Promise.all([
      cachedForLearner(db, 'u1', 'stats', load),
      cachedForLearner(db, 'u1', 'stats', load),
    ]);
    expect([a, b]).toEqual(['reply', 'reply']);
    await cachedForLearner(db, 'u1', 'stats', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads every read while replies are not kept (cold reads of the benchmark), and keeps them again after', async () => {
    const db = newDb();
    const load = vi.fn(async () => 'reply');
    await cachedForLearner(db, 'u1', 'stats', load);
    keepLearnerReplies(db, false);
    await cachedForLearner(db, 'u1', 'stats', load);
    await cachedForLearner(db, 'u1', 'stats', load);
    expect(load).toHaveBeenCalledTimes(3);
    // Another database keeps its replies meanwhile.
    const other = newDb();
    const otherLoad = vi.fn(async () => 'other');
    await cachedForLearner(other, 'u1', 'stats', otherLoad);
    await cachedForLearner(other, 'u1', 'stats', otherLoad);
    expect(otherLoad).toHaveBeenCalledTimes(1);
    keepLearnerReplies(db, true);
    await cachedForLearner(db, 'u1', 'stats', load);
    await cachedForLearner(db, 'u1', 'stats', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('keeps learners, keys and databases apart', async () => {
    const db = newDb();
    const other = newDb();
    expect(await cachedForLearner(db, 'u1', 'stats', async () => 'u1 stats')).toBe('u1 stats');
    expect(await cachedForLearner(db, 'u2', 'stats', async () => 'u2 stats')).toBe('u2 stats');
    expect(await cachedForLearner(db, 'u1', 'activity', async () => 'u1 activity')).toBe('u1 activity');
    expect(await cachedForLearner(other, 'u1', 'stats', async () => 'other db')).toBe('other db');
  });

  it('loads again after the learner writes, and only for that learner', async () => {
    const db = newDb();
    await cachedForLearner(db, 'u1', 'stats', async () => 'before');
    await cachedForLearner(db, 'u2', 'stats', async () => 'u2');
    forgetLearner(db, 'u1');
    expect(await cachedForLearner(db, 'u1', 'stats', async () => 'after')).toBe('after');
    expect(await cachedForLearner(db, 'u2', 'stats', async () => 'reloaded')).toBe('u2');
  });

  it('does not keep a load that started before a write finished', async () => {
    const db = newDb();
    const slow = deferred<string>();
    const stale = cachedForLearner(db, 'u1', 'stats', () => slow.promise);
    forgetLearner(db, 'u1');
    slow.resolve('read before the write');
    expect(await stale).toBe('read before the write');
    expect(await cachedForLearner(db, 'u1', 'stats', async () => 'fresh')).toBe('fresh');
  });

  it('does not keep a load overtaken by a change to the bank', async () => {
    const db = newDb();
    const slow = deferred<string>();
    const stale = cachedForLearner(db, 'u1', 'stats', () => slow.promise);
    forgetAllLearners(db);
    slow.resolve('old totals');
    await stale;
    expect(await cachedForLearner(db, 'u1', 'stats', async () => 'new totals')).toBe('new totals');
  });

  it('does not keep a failed load', async () => {
    const db = newDb();
    await expect(cachedForLearner(db, 'u1', 'stats', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cachedForLearner(db, 'u1', 'stats', async () => 'recovered')).toBe('recovered');
  });

  it(`reloads after ${LEARNER_CACHE_MAX_AGE_MS} ms, so another instance's writes show up`, async () => {
    vi.useFakeTimers();
    const db = newDb();
    await cachedForLearner(db, 'u1', 'stats', async () => 'first');
    vi.advanceTimersByTime(LEARNER_CACHE_MAX_AGE_MS - 1);
    expect(await cachedForLearner(db, 'u1', 'stats', async () => 'second')).toBe('first');
    vi.advanceTimersByTime(1);
    expect(await cachedForLearner(db, 'u1', 'stats', async () => 'second')).toBe('second');
  });
});
