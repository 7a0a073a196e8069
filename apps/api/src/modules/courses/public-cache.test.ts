import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_COURSE_CACHE_FRESH_MS, publicCourseReplies } from './public-cache';

const text = async (reply: Promise<Buffer>) => (await reply).toString();

describe('the public course reply cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves a stale reply while one reload runs, then the new one; too old, it waits', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    const db = {};
    let loads = 0;
    const loader = async () => Buffer.from(`reply ${++loads}`);
    await publicCourseReplies.get(db, 'k', loader);
    vi.setSystemTime(PUBLIC_COURSE_CACHE_FRESH_MS + 1);
    const first = publicCourseReplies.get(db, 'k', loader);
    const second = publicCourseReplies.get(db, 'k', loader);
    expect([await text(first), await text(second)]).toEqual(['reply 1', 'reply 1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await text(publicCourseReplies.get(db, 'k', loader))).toBe('reply 2');
    expect(loads).toBe(2);
    vi.setSystemTime(10 * PUBLIC_COURSE_CACHE_FRESH_MS);
    expect(await text(publicCourseReplies.get(db, 'k', loader))).toBe('reply 3');
  });

  it('is fresh for PUBLIC_COURSE_CACHE_FRESH_MS and waits for a reload from twice that age', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    const db = {};
    let loads = 0;
    const loader = async () => Buffer.from(`reply ${++loads}`);
    await publicCourseReplies.get(db, 'k', loader);
    vi.setSystemTime(PUBLIC_COURSE_CACHE_FRESH_MS - 1);
    expect(await text(publicCourseReplies.get(db, 'k', loader))).toBe('reply 1');
    expect(loads).toBe(1);
    vi.setSystemTime(2 * PUBLIC_COURSE_CACHE_FRESH_MS);
    expect(await text(publicCourseReplies.get(db, 'k', loader))).toBe('reply 2');
  });
});
