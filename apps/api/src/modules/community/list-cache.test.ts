import { describe, expect, it } from 'vitest';
import { cachedList, forgetLists, LIST_CACHE_MAX_AGE_MS, LIST_CACHE_STALE_MS } from './list-cache';

/** A load that counts its calls and answers the count. */
function counter() {
  let loads = 0;
  return {
    load: async () => {
      loads += 1;
      return loads;
    },
    get loads() {
      return loads;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the list cache', () => {
  it('shares one load between concurrent readers and answers from memory while fresh', async () => {
    const db = {};
    const source = counter();
    const [a, b] = await Promise.all([
      cachedList(db, 'k', source.load, 1_000),
      cachedList(db, 'k', source.load, 1_000),
    ]);
    expect([a, b, source.loads]).toEqual([1, 1, 1]);
    expect(await cachedList(db, 'k', source.load, 1_000 + LIST_CACHE_MAX_AGE_MS - 1)).toBe(1);
    expect(await cachedList(db, 'other', source.load, 1_000)).toBe(2);
  });

  it('answers a stale entry at once while one reload runs, then the reloaded one', async () => {
    const db = {};
    await cachedList(db, 'k', async () => 'old', 0);
    let reloads = 0;
    let finish: (value: string) => void = () => {};
    const reload = () => {
      reloads += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const stale = LIST_CACHE_MAX_AGE_MS + 1;
    expect(await cachedList(db, 'k', reload, stale)).toBe('old');
    expect(await cachedList(db, 'k', reload, stale + 1)).toBe('old');
    expect(reloads).toBe(1);
    finish('new');
    await settle();
    expect(await cachedList(db, 'k', reload, stale + 2)).toBe('new');
    expect(reloads).toBe(1);
  });

  it('waits for a fresh load once an entry is older than the stale window', async () => {
    const db = {};
    const source = counter();
    await cachedList(db, 'k', source.load, 0);
    expect(await cachedList(db, 'k', source.load, LIST_CACHE_MAX_AGE_MS + LIST_CACHE_STALE_MS)).toBe(2);
  });

  it('forgets everything after a write, drops a reload that began before it, and never keeps a failure', async () => {
    const db = {};
    const source = counter();
    await cachedList(db, 'k', source.load, 0);
    let finish: (value: string) => void = () => {};
    const slow = () => new Promise<string>((resolve) => (finish = resolve));
    expect(await cachedList(db, 'k', slow, LIST_CACHE_MAX_AGE_MS + 1)).toBe(1);
    forgetLists(db);
    finish('from before the write');
    await settle();
    expect(await cachedList(db, 'k', async () => 'after the write', LIST_CACHE_MAX_AGE_MS + 2)).toBe('after the write');
    await expect(cachedList(db, 'bad', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cachedList(db, 'bad', async () => 'up')).toBe('up');
  });

  it('keeps one cache per database', async () => {
    const first = {};
    const second = {};
    await cachedList(first, 'k', async () => 'first');
    expect(await cachedList(second, 'k', async () => 'second')).toBe('second');
    forgetLists(second);
    expect(await cachedList(first, 'k', async () => 'reloaded')).toBe('first');
  });
});
