import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReplyCache } from './reply-cache';

const db = {};
let cache: ReturnType<typeof createReplyCache>;
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
  cache = createReplyCache({ maxAgeMs: 2_000, staleMs: 10_000, maxEntries: 100 });
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

  it('forgets everything at once, and keeps no load that started before', async () => {
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

  it('keeps one cache per database', async () => {
    const other = {};
    cache.get(db, 'k', load);
    await settle();
    const elsewhere = cache.get(other, 'k', load);
    await settle();
    expect(await elsewhere).toBe('v2');
  });
});
