import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { communityLists, LIST_CACHE_MAX_AGE_MS, LIST_CACHE_STALE_MS } from './list-cache';

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
  beforeEach(() => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers from memory for LIST_CACHE_MAX_AGE_MS', async () => {
    const db = {};
    const source = counter();
    vi.setSystemTime(1_000);
    const [a, b] = await Promise.all([
      communityLists.get(db, 'k', source.load),
      communityLists.get(db, 'k', source.load),
    ]);
    expect([a, b, source.loads]).toEqual([1, 1, 1]);
    vi.setSystemTime(1_000 + LIST_CACHE_MAX_AGE_MS - 1);
    expect(await communityLists.get(db, 'k', source.load)).toBe(1);
  });

  it('answers a stale entry at once while one reload runs, then the reloaded one', async () => {
    const db = {};
    await communityLists.get(db, 'k', async () => 'old');
    let reloads = 0;
    let finish: (value: string) => void = () => {};
    const reload = () => {
      reloads += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const stale = LIST_CACHE_MAX_AGE_MS + 1;
    vi.setSystemTime(stale);
    expect(await communityLists.get(db, 'k', reload)).toBe('old');
    vi.setSystemTime(stale + 1);
    expect(await communityLists.get(db, 'k', reload)).toBe('old');
    expect(reloads).toBe(1);
    finish('new');
    await settle();
    vi.setSystemTime(stale + 2);
    expect(await communityLists.get(db, 'k', reload)).toBe('new');
    expect(reloads).toBe(1);
  });

  it('waits for a fresh load once an entry is older than the stale window', async () => {
    const db = {};
    const source = counter();
    await communityLists.get(db, 'k', source.load);
    vi.setSystemTime(LIST_CACHE_MAX_AGE_MS + LIST_CACHE_STALE_MS);
    expect(await communityLists.get(db, 'k', source.load)).toBe(2);
  });
});
