import { describe, expect, it } from 'vitest';
import { nextBlogSearch, readBlogParams } from './use-blog-params';

describe('blog list address', () => {
  it('reads tag, search, page and the author view from the query string', () => {
    expect(readBlogParams(new URLSearchParams('tag=DSA&q=%20window%20&page=3&mine=1'))).toEqual({
      tag: 'dsa',
      q: 'window',
      page: 3,
      mine: true,
    });
  });

  it('falls back to page 1 and no filters for missing or odd values', () => {
    expect(readBlogParams(new URLSearchParams('page=-2&q=&mine=yes'))).toEqual({
      tag: undefined,
      q: undefined,
      page: 1,
      mine: false,
    });
    expect(readBlogParams(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('goes back to page 1 when a filter changes, and leaves out empty values', () => {
    const current = new URLSearchParams('tag=dsa&page=4&mine=1');
    expect(nextBlogSearch(current, { q: 'heap' }).toString()).toBe('tag=dsa&mine=1&q=heap');
    expect(nextBlogSearch(current, { tag: undefined }).toString()).toBe('mine=1');
    expect(nextBlogSearch(current, { page: '5' }).toString()).toBe('tag=dsa&page=5&mine=1');
    expect(nextBlogSearch(current, { page: '1' }).toString()).toBe('tag=dsa&mine=1');
  });
});
