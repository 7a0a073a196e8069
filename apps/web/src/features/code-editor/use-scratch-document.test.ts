import { describe, expect, it } from 'vitest';
import { codeEditorHref, readCodeEditorLink } from '@/lib/code-editor-link';
import { starterTemplate } from './languages';
import { scopeOf } from './use-scratch-document';

const scopeOfHref = (href: string) => scopeOf(readCodeEditorLink(href.split('?')[1] ?? ''));

describe('which buffers a link opens', () => {
  it("keeps a DSA problem's code under its key", () => {
    expect(
      scopeOfHref(codeEditorHref({ key: 'dsa:42', title: 'Two Sum', link: 'https://leetcode.com/problems/two-sum/' })),
    ).toBe('dsa:42');
  });

  it("gives each lesson's 'Try it' code its own buffers, the same each time the link is opened", () => {
    const first = scopeOfHref(codeEditorHref({ language: 'python', source: 'print(1)' }));
    expect(first).toMatch(/^code:python:/);
    expect(scopeOfHref(codeEditorHref({ language: 'python', source: 'print(1)' }))).toBe(first);
    expect(scopeOfHref(codeEditorHref({ language: 'python', source: 'print(2)' }))).not.toBe(first);
  });

  it('opens the default buffers without a key or code', () => {
    expect(scopeOfHref('/code-editor')).toBe('default');
  });
});

describe('starter templates', () => {
  it('head the file with the problem it was opened from, in the language’s comment syntax', () => {
    const python = starterTemplate('python', { title: 'Two Sum', link: 'https://leetcode.com/problems/two-sum/' });
    expect(python.split('\n').slice(0, 3)).toEqual(['# Two Sum', '# https://leetcode.com/problems/two-sum/', '']);
    expect(starterTemplate('java')).toContain('public class Main');
  });
});
