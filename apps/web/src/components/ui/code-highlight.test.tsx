import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CODE_PALETTE, highlightCode, isHighlighted, TOKEN_CLASSES, type TokenKind, tokenize } from './code-highlight';

/** The tokens of a kind, in order. */
const of = (kind: TokenKind, source: string, language: string) =>
  tokenize(source, language)
    .filter((token) => token.kind === kind)
    .map((token) => token.text);

describe('tokenize', () => {
  it('gives back exactly the text it was given, for every language', () => {
    const source = 'const s = "a\\"b"; /* c */ x = 0x1F + 1.5e3 # -- \'q\' `t`\n"""doc"""\n#include <x>';
    for (const language of ['js', 'ts', 'python', 'sql', 'java', 'cpp', 'bash', 'unknown', undefined]) {
      expect(
        tokenize(source, language)
          .map((token) => token.text)
          .join(''),
      ).toBe(source);
    }
  });

  it('reads JavaScript and TypeScript', () => {
    const source = 'const total = 3.5; // sum\nlet name = `hi there`;\n/* block\n comment */ obj.delete(1n)';
    expect(of('keyword', source, 'js')).toEqual(['const', 'let']);
    expect(of('number', source, 'js')).toEqual(['3.5', '1n']);
    expect(of('comment', source, 'js')).toEqual(['// sum', '/* block\n comment */']);
    expect(of('string', source, 'js')).toEqual(['`hi there`']);
    expect(of('keyword', 'interface User { id: string }', 'ts')).toEqual(['interface', 'string']);
    expect(of('keyword', 'interface User { id: string }', 'js')).toEqual([]);
  });

  it('reads Python: # comments, prefixed and triple-quoted strings', () => {
    const source = 'def area(r):  # circle\n    return 3.14 * r ** 2\nprint(f"r={r}", """two\nlines""")';
    expect(of('keyword', source, 'python')).toEqual(['def', 'return', 'print']);
    expect(of('comment', source, 'py')).toEqual(['# circle']);
    expect(of('string', source, 'python')).toEqual(['f"r={r}"', '"""two\nlines"""']);
    expect(of('number', source, 'python')).toEqual(['3.14', '2']);
  });

  it('reads SQL keywords in any case and -- comments', () => {
    const source = "select id FROM users WHERE name = 'O''Brien' -- escaped quote\nLIMIT 10;";
    expect(of('keyword', source, 'sql')).toEqual(['select', 'FROM', 'WHERE', 'LIMIT']);
    expect(of('string', source, 'sql')).toEqual(["'O'", "'Brien'"]);
    expect(of('comment', source, 'sql')).toEqual(['-- escaped quote']);
    expect(of('number', source, 'sql')).toEqual(['10']);
  });

  it('reads Java and C++ (with preprocessor lines)', () => {
    expect(of('keyword', 'public static void main(String[] args) { int n = 5; }', 'java')).toEqual([
      'public',
      'static',
      'void',
      'String',
      'int',
    ]);
    const cpp = '#include <vector>\nint main() { return 0; } // done';
    expect(of('keyword', cpp, 'cpp')).toEqual(['#include', 'int', 'return']);
    expect(of('comment', cpp, 'c++')).toEqual(['// done']);
  });

  it('reads Bash: # starts a comment only at a word start', () => {
    const source = 'echo "$#" $HOME # show\nif [ -f a#b ]; then cd /tmp; fi';
    expect(of('comment', source, 'bash')).toEqual(['# show']);
    expect(of('keyword', source, 'sh')).toEqual(['echo', 'if', 'then', 'cd', 'fi']);
    expect(of('string', source, 'bash')).toEqual(['"$#"']);
  });

  it('does not take digits inside names for numbers', () => {
    expect(of('number', 'x1 = a2b + 7', 'js')).toEqual(['7']);
  });

  it('leaves text of an unknown language as it is', () => {
    expect(tokenize('const x = 1', 'brainfuck')).toEqual([{ kind: 'plain', text: 'const x = 1' }]);
    expect(tokenize('const x = 1', 'constructor')).toEqual([{ kind: 'plain', text: 'const x = 1' }]);
    expect(isHighlighted('TS')).toBe(true);
    expect(isHighlighted('__proto__')).toBe(false);
  });

  it('keeps an unterminated string or comment to the end of its line or the text', () => {
    expect(tokenize('"open\nnext', 'js').map((token) => token.kind)).toEqual(['string', 'plain']);
    expect(of('comment', '/* never closed', 'js')).toEqual(['/* never closed']);
  });
});

describe('highlightCode', () => {
  it('renders tokens as spans and plain text as text, never as markup', () => {
    const { container } = render(<code>{highlightCode('if (a < b) "<script>"', 'js')}</code>);
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe('if (a < b) "<script>"');
    expect([...container.querySelectorAll('span')].map((span) => span.className.split(' ')[0])).toEqual([
      'tok-keyword',
      'tok-string',
    ]);
  });
});

describe('code colours', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = (hex.slice(1).match(/../g) ?? []).map((pair) => {
      const value = Number.parseInt(pair, 16) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (high! + 0.05) / (low! + 0.05);
  };

  it.each(['light', 'dark'] as const)('meet WCAG AA (4.5:1) on the %s code background', (theme) => {
    const { background, ...colours } = CODE_PALETTE[theme];
    for (const [kind, colour] of Object.entries(colours)) {
      expect(contrast(colour, background), `${theme} ${kind}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('are the colours the token classes use', () => {
    for (const kind of ['keyword', 'string', 'comment', 'number'] as const) {
      expect(TOKEN_CLASSES[kind]).toContain(`text-[${CODE_PALETTE.light[kind]}]`);
      expect(TOKEN_CLASSES[kind]).toContain(`dark:text-[${CODE_PALETTE.dark[kind]}]`);
    }
  });
});
