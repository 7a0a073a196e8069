import { describe, expect, it } from 'vitest';
import { cachedList, forgetLists, LIST_CACHE_MAX_AGE_MS } from './list-cache';

describe('the list cache', () => {
  it('shares one load between concurrent readers and answers from memory until it is too old', async () => {
    const db = {};
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    const [a, b] = await Promise.all([cachedList(db, 'k', load, 1_000), cachedList(db, 'k', load, 1_000)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cachedList(db, 'k', load, 1_000 + LIST_CACHE_MAX_AGE_MS - 1)).toBe(1);
    expect(await cachedList(db, 'k', load, 1_000 + LIST_CACHE_MAX_AGE_MS)).toBe(2);
    expect(await cachedList(db, 'other', load, 1_000)).toBe(3);
  });

  it('forgets everything after a write, and never keeps a failed load', async () => {
    const db = {};
    let loads = 0;
    await cachedList(db, 'k', async () => ++loads);
    forgetLists(db);
    expect(await cachedList(db, 'k', async () => ++loads)).toBe(2);
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
