import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedPublicReply, forgetPublicCourseReplies, PUBLIC_COURSE_CACHE_FRESH_MS } from './public-cache';

const text = async (reply: Promise<Buffer>) => (await reply).toString();

describe('the public course reply cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares one load between callers and serves it while fresh', async () => {
    const db = {} as never;
    let loads = 0;
    const loader = async () => `reply ${++loads}`;
    const [a, b] = await Promise.all([
      text(cachedPublicReply(db, 'k', loader)),
      text(cachedPublicReply(db, 'k', loader)),
    ]);
    expect([a, b, loads]).toEqual(['reply 1', 'reply 1', 1]);
    expect(await text(cachedPublicReply(db, 'other', loader))).toBe('reply 2');
  });

  it('serves a stale reply while one reload runs, then the new one; too old, it waits', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    const db = {} as never;
    let loads = 0;
    const loader = async () => `reply ${++loads}`;
    await cachedPublicReply(db, 'k', loader);
    vi.setSystemTime(PUBLIC_COURSE_CACHE_FRESH_MS + 1);
    const first = cachedPublicReply(db, 'k', loader);
    const second = cachedPublicReply(db, 'k', loader);
    expect([await text(first), await text(second)]).toEqual(['reply 1', 'reply 1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await text(cachedPublicReply(db, 'k', loader))).toBe('reply 2');
    expect(loads).toBe(2);
    vi.setSystemTime(10 * PUBLIC_COURSE_CACHE_FRESH_MS);
    expect(await text(cachedPublicReply(db, 'k', loader))).toBe('reply 3');
  });

  it('drops every reply on a write, and never keeps a load that began before it', async () => {
    const db = {} as never;
    let loads = 0;
    let release: () => void = () => undefined;
    const slow = () =>
      new Promise<string>((resolve) => {
        loads += 1;
        const n = loads;
        release = () => resolve(`reply ${n}`);
      });
    const pending = cachedPublicReply(db, 'k', slow);
    forgetPublicCourseReplies(db);
    release();
    expect(await text(pending)).toBe('reply 1');
    const next = cachedPublicReply(db, 'k', slow);
    release();
    expect(await text(next)).toBe('reply 2');
  });

  it('does not keep a failed load', async () => {
    const db = {} as never;
    await expect(cachedPublicReply(db, 'k', async () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    await Promise.resolve();
    expect(await text(cachedPublicReply(db, 'k', async () => 'found'))).toBe('found');
  });
});
