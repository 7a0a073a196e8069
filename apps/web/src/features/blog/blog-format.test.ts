import { describe, expect, it } from 'vitest';
import { isLive, placeholderHue, postHref, shareLinks, tagHref } from './blog-format';

describe('blog addresses', () => {
  it('encodes slugs and tags', () => {
    expect(postHref('dp-step-by-step')).toBe('/blog/dp-step-by-step');
    expect(tagHref('c++ & go')).toBe('/blog?tag=c%2B%2B%20%26%20go');
  });
});

describe('shareLinks', () => {
  it('builds plain https share addresses and a mail link, all encoded', () => {
    const links = shareLinks('https://learnbuild.dev/blog/a?b=1', 'SQL & "joins"');
    expect(links.map((link) => link.href)).toEqual([
      'https://x.com/intent/post?url=https%3A%2F%2Flearnbuild.dev%2Fblog%2Fa%3Fb%3D1&text=SQL%20%26%20%22joins%22',
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Flearnbuild.dev%2Fblog%2Fa%3Fb%3D1',
      'mailto:?subject=SQL%20%26%20%22joins%22&body=SQL%20%26%20%22joins%22%0A%0Ahttps%3A%2F%2Flearnbuild.dev%2Fblog%2Fa%3Fb%3D1',
    ]);
  });
});

describe('isLive', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('is true for published posts and scheduled ones whose time has come', () => {
    expect(isLive({ status: 'published', publishedAt: '2026-01-01T00:00:00Z' }, now)).toBe(true);
    expect(isLive({ status: 'scheduled', publishedAt: '2026-11-24T11:59:00Z' }, now)).toBe(true);
    expect(isLive({ status: 'scheduled', publishedAt: '2026-11-25T00:00:00Z' }, now)).toBe(false);
    expect(isLive({ status: 'draft', publishedAt: null }, now)).toBe(false);
  });
});

describe('placeholderHue', () => {
  it('is stable per slug and varies between posts', () => {
    expect(placeholderHue('a-post')).toBe(placeholderHue('a-post'));
    const hues = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((slug) => placeholderHue(`post-${slug}`)));
    expect(hues.size).toBeGreaterThan(3);
  });
});
