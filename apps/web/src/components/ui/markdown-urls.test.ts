import { describe, expect, it } from 'vitest';
import { isExternalUrl, safeImageUrl, safeLinkUrl, urlScheme } from './markdown-urls';

describe('safeLinkUrl', () => {
  it.each([
    'https://example.com/a?b=1#c',
    'http://example.com',
    'mailto:team@learnbuild.dev',
    '/blog/post',
    'relative/path',
    '../up',
    '?tag=dsa',
    '#h-setup',
    '//example.com/x',
  ])('keeps %j', (url) => {
    expect(safeLinkUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'jav\tascript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    ' javascript:alert(1)',
    'java\u200bscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
  ])('refuses %j', (url) => {
    expect(safeLinkUrl(url)).toBe('');
  });

  it('reads a colon after a path, query or anchor as part of a relative address', () => {
    expect(urlScheme('/a:b')).toBeNull();
    expect(urlScheme('?q=javascript:1')).toBeNull();
    expect(urlScheme('#javascript:x')).toBeNull();
  });
});

describe('isExternalUrl', () => {
  it('is true for absolute http(s) and scheme-relative addresses only', () => {
    expect(isExternalUrl('https://example.com')).toBe(true);
    expect(isExternalUrl('HTTP://example.com')).toBe(true);
    expect(isExternalUrl('//example.com')).toBe(true);
    expect(isExternalUrl('/\\example.com')).toBe(true);
    expect(isExternalUrl('/blog')).toBe(false);
    expect(isExternalUrl('#h-a')).toBe(false);
    expect(isExternalUrl('mailto:a@b.c')).toBe(false);
  });
});

describe('safeImageUrl', () => {
  it.each(['https://example.com/a.png', '/api/media/0b1c/content', '/media/logo.png'])('shows %j', (url) => {
    expect(safeImageUrl(url)).toBe(url);
  });

  it.each([
    'http://example.com/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'vbscript:x',
    '/uploads/a.png',
    'a.png',
    '//example.com/a.png',
    '/api/media/../auth/me',
    '/api/media/%2e%2e/auth/me',
    '/media/..\\..\\x',
    '/api/media/%E0%A4%A',
  ])('refuses %j', (url) => {
    expect(safeImageUrl(url)).toBe('');
  });
});
