import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';
import { nextCommunitySearch, readCommunityParams } from './use-community-params';

const NOW = Date.parse('2026-03-12T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;

describe('relative times of the community', () => {
  it('reads as a forum does, from just now to days ago', () => {
    expect(relativeTime(ago(20_000), NOW)).toBe('just now');
    expect(relativeTime(ago(MINUTE), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * MINUTE), NOW)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 60 * MINUTE), NOW)).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 60 * MINUTE), NOW)).toBe('yesterday');
    expect(relativeTime(ago(4 * 24 * 60 * MINUTE), NOW)).toBe('4 days ago');
  });

  it('gives the date itself from 30 days on, and just now for a clock running ahead', () => {
    expect(relativeTime('2026-01-05T10:00:00.000Z', NOW)).toBe('Jan 5, 2026');
    expect(relativeTime(new Date(NOW + 5000).toISOString(), NOW)).toBe('just now');
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('the community address', () => {
  const read = (query: string) => readCommunityParams(new URLSearchParams(query));

  it('opens on the latest threads of every category, page 1', () => {
    expect(read('')).toEqual({ category: undefined, sort: 'latest', q: undefined, page: 1 });
  });

  it('reads the category, sort, search and page', () => {
    expect(read('category=dsa-help&sort=unanswered&q=%20heap%20&page=3')).toEqual({
      category: 'dsa-help',
      sort: 'unanswered',
      q: 'heap',
      page: 3,
    });
  });

  it('ignores values it does not know instead of sending them to the server', () => {
    expect(read('category=gossip&sort=random&page=-2&q=%20')).toEqual({
      category: undefined,
      sort: 'latest',
      q: undefined,
      page: 1,
    });
  });

  it('goes back to page 1 on any change but the page, and leaves the defaults out', () => {
    const current = new URLSearchParams('category=careers&page=4');
    expect(nextCommunitySearch(current, { sort: 'top' }).toString()).toBe('category=careers&sort=top');
    expect(nextCommunitySearch(current, { page: '5' }).toString()).toBe('category=careers&page=5');
    expect(nextCommunitySearch(new URLSearchParams('sort=top'), { sort: 'latest' }).toString()).toBe('');
    expect(nextCommunitySearch(current, { category: undefined, page: '1' }).toString()).toBe('');
  });
});
