import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReplyCache, type ReplyCache } from './reply-cache';

const db = {};
let cache: ReplyCache<string>;
let loads: number;
/** A load answering `v<n>` for its n-th call, after the tests let it (each call gets its own gate). */
let gates: ((fail?: boolean) => void)[];
const load = () => {
  loads += 1;
  const n = loads;
  return new Promise<string>((resolve, reject) => {
    gates.push((fail) => (fail ? reject(new Error('not found')) : resolve(`v${n}`)));
  });
};
const settle = async (fail = false) => {
  gates.shift()?.(fail);
  await new Promise((resolve) => setImmediate(resolve));
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  cache = createReplyCache({ freshMs: 2_000, staleUntilMs: 10_000, maxEntries: 100 });
  loads = 0;
  gates = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the reply cache', () => {
  it('shares one load between callers and answers from memory while fresh', async () => {
    const first = cache.get(db, 'k', load);
    const second = cache.get(db, 'k', load);
    await settle();
    expect([await first, await second]).toEqual(['v1', 'v1']);
    vi.advanceTimersByTime(1_999);
    expect(await cache.get(db, 'k', load)).toBe('v1');
    expect(loads).toBe(1);
  });

  it('loads each key on its own', async () => {
    cache.get(db, 'k', load);
    await settle();
    const other = cache.get(db, 'other', load);
    await settle();
    expect(await other).toBe('v2');
    expect(await cache.get(db, 'k', load)).toBe('v1');
  });

  it('answers a stale reply at once while one load refreshes it, then the new one', async () => {
    cache.get(db, 'k', load);
    await settle();
    vi.advanceTimersByTime(3_000);
    expect(await cache.get(db, 'k', load)).toBe('v1');
    expect(await cache.get(db, 'k', load)).toBe('v1');
    expect(loads).toBe(2);
    await settle();
    expect(await cache.get(db, 'k', load)).toBe('v2');
    expect(loads).toBe(2);
  });

  it('shares a load still running past the fresh window instead of starting another', async () => {
    const first = cache.get(db, 'k', load);
    vi.advanceTimersByTime(3_000);
    const second = cache.get(db, 'k', load);
    await settle();
    expect([await first, await second]).toEqual(['v1', 'v1']);
    expect(loads).toBe(1);
  });

  it('waits for the load when the reply is older than the stale limit', async () => {
    cache.get(db, 'k', load);
    await settle();
    vi.advanceTimersByTime(10_000);
    const answer = cache.get(db, 'k', load);
    await settle();
    expect(await answer).toBe('v2');
  });

  it('keeps no failed load, and drops a failed refresh so the next caller asks again', async () => {
    const failed = cache.get(db, 'k', load);
    await settle(true);
    await expect(failed).rejects.toThrow('not found');
    const next = cache.get(db, 'k', load);
    await settle();
    expect(await next).toBe('v2');
    vi.advanceTimersByTime(3_000);
    expect(await cache.get(db, 'k', load)).toBe('v2');
    await settle(true);
    const after = cache.get(db, 'k', load);
    await settle();
    expect(await after).toBe('v4');
  });

  it('forgets everything at once, and keeps no refresh that started before', async () => {
    cache.get(db, 'k', load);
    await settle();
    vi.advanceTimersByTime(3_000);
    cache.get(db, 'k', load); // starts a refresh
    cache.forget(db);
    await settle(); // the refresh lands after the write: not kept
    const fresh = cache.get(db, 'k', load);
    await settle();
    expect(await fresh).toBe('v3');
    expect(await cache.get(db, 'k', load)).toBe('v3');
  });

  it('answers a first load that began before a forget to its own callers, but does not keep it', async () => {
    const pending = cache.get(db, 'k', load);
    cache.forget(db);
    await settle();
    expect(await pending).toBe('v1');
    const next = cache.get(db, 'k', load);
    await settle();
    expect(await next).toBe('v2');
  });

  it('forgets one key, keeping the others, and keeps no load of that key that began before', async () => {
    cache.get(db, 'other', load);
    await settle();
    const pending = cache.get(db, 'k', load);
    cache.forget(db, 'k');
    await settle();
    expect(await pending).toBe('v2');
    const next = cache.get(db, 'k', load);
    await settle();
    expect(await next).toBe('v3');
    expect(await cache.get(db, 'other', load)).toBe('v1');
    expect(loads).toBe(3);
  });

  it('does not let a load overtaken by a newer one replace it', async () => {
    const old = cache.get(db, 'k', load);
    vi.advanceTimersByTime(10_000);
    const newer = cache.get(db, 'k', load);
    gates[1]?.();
    expect(await newer).toBe('v2');
    await settle(); // the first load lands last
    expect(await old).toBe('v1');
    expect(await cache.get(db, 'k', load)).toBe('v2');
    expect(loads).toBe(2);
  });

  it('keeps one cache per database, and forgets one without the other', async () => {
    const other = {};
    cache.get(db, 'k', load);
    await settle();
    const elsewhere = cache.get(other, 'k', load);
    await settle();
    expect(await elsewhere).toBe('v2');
    cache.forget(other);
    expect(await cache.get(db, 'k', load)).toBe('v1');
  });

  it('empties a full store before a new key goes in', async () => {
    const small = createReplyCache({ freshMs: 2_000, staleUntilMs: 10_000, maxEntries: 2 });
    await small.get(db, 'a', async () => 'a1');
    await small.get(db, 'b', async () => 'b1');
    expect(await small.get(db, 'a', async () => 'a2')).toBe('a1');
    await small.get(db, 'c', async () => 'c1');
    expect(await small.get(db, 'a', async () => 'a3')).toBe('a3');
  });

  it('keeps replies of any type', async () => {
    const lists = createReplyCache<unknown>({ freshMs: 2_000, staleUntilMs: 10_000 });
    const categories = [{ slug: 'general', threads: 3 }];
    expect(await lists.get(db, 'categories', async () => categories)).toBe(categories);
    expect(await lists.get(db, 'categories', async () => [])).toBe(categories);
  });
});
