import type { ReactNode } from 'react';

/**
 * A small syntax highlighter of our own for code blocks in user markdown: it splits the text into
 * keywords, strings, comments and numbers and returns React spans, so user text is only ever text
 * (never innerHTML). It does not parse: a few rules per language are enough to make code readable.
 */

export type TokenKind = 'keyword' | 'string' | 'comment' | 'number' | 'plain';
export interface Token {
  kind: TokenKind;
  text: string;
}

interface LanguageRules {
  keywords: ReadonlySet<string>;
  /** SQL keywords are written in any case. */
  caseInsensitive?: boolean;
  lineComments: readonly string[];
  blockComments: readonly (readonly [string, string])[];
  /** String delimiters, longest first. */
  quotes: readonly string[];
  /** Delimiters whose strings may span lines (template literals, triple quotes). */
  multiline?: ReadonlySet<string>;
  /** Python's r"", b"", f"" prefixes. */
  stringPrefix?: RegExp;
  /** Bash: `#` starts a comment only at the start of a word (not in `$#` or `a#b`). */
  hashAtWordStart?: boolean;
  /** C and C++: `#include` and other directives at the start of a line. */
  directives?: boolean;
  /** Backslash escapes a quote inside a string (not in SQL, where '' does). */
  escapes?: boolean;
}

const words = (text: string) => new Set(text.trim().split(/\s+/));

const JS_KEYWORDS =
  'async await break case catch class const continue debugger default delete do else export extends false finally for from function get if import in instanceof let new null of return set static super switch this throw true try typeof undefined var void while with yield';
const TS_KEYWORDS = `${JS_KEYWORDS} abstract any as asserts bigint boolean declare enum implements infer interface is keyof namespace never number object private protected public readonly satisfies string symbol type unique unknown`;

const C_FAMILY = {
  lineComments: ['//'],
  blockComments: [['/*', '*/']],
  escapes: true,
} as const;

const JAVASCRIPT: LanguageRules = {
  ...C_FAMILY,
  keywords: words(JS_KEYWORDS),
  quotes: ['`', '"', "'"],
  multiline: new Set(['`']),
};
const TYPESCRIPT: LanguageRules = { ...JAVASCRIPT, keywords: words(TS_KEYWORDS) };

const PYTHON: LanguageRules = {
  keywords: words(
    'and as assert async await break class continue def del elif else except False finally for from global if import in is lambda match case None nonlocal not or pass raise return True try while with yield self print len range',
  ),
  lineComments: ['#'],
  blockComments: [],
  quotes: ['"""', "'''", '"', "'"],
  multiline: new Set(['"""', "'''"]),
  stringPrefix: /^(?:[rRbBuUfF]|[rR][bBfF]|[bBfF][rR])$/,
  escapes: true,
};

const SQL: LanguageRules = {
  keywords: words(
    'add all alter analyze and any as asc begin between by cascade case check collate column commit constraint create cross current_date current_timestamp database default delete desc distinct drop else end except exists explain false fetch first foreign from full group having if ilike in index inner insert intersect into is join key last left like limit natural not null nulls offset on or order outer over partition primary references returning right rollback row rows select set table then to transaction true truncate union unique update using values view when where window with avg count max min sum coalesce int integer bigint smallint serial bigserial text varchar char boolean date timestamp timestamptz numeric decimal real uuid jsonb json',
  ),
  caseInsensitive: true,
  lineComments: ['--'],
  blockComments: [['/*', '*/']],
  quotes: ["'", '"'],
};

const JAVA: LanguageRules = {
  ...C_FAMILY,
  keywords: words(
    'abstract assert boolean break byte case catch char class const continue default do double else enum extends false final finally float for goto if implements import instanceof int interface long native new null package private protected public record return short static strictfp super switch synchronized this throw throws transient true try var void volatile while yield String',
  ),
  quotes: ['"""', '"', "'"],
  multiline: new Set(['"""']),
};

const CPP: LanguageRules = {
  ...C_FAMILY,
  keywords: words(
    'alignas alignof auto bool break case catch char char16_t char32_t class const constexpr const_cast continue decltype default delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline int long mutable namespace new noexcept nullptr operator override private protected public register reinterpret_cast return short signed sizeof static static_assert static_cast struct switch template this throw true try typedef typeid typename union unsigned using virtual void volatile while',
  ),
  quotes: ['"', "'"],
  directives: true,
};

const BASH: LanguageRules = {
  keywords: words(
    'if then else elif fi for while until do done case esac in function return local export readonly declare unset shift exit break continue echo printf cd source alias set trap eval exec test true false sudo',
  ),
  lineComments: ['#'],
  blockComments: [],
  quotes: ['"', "'"],
  multiline: new Set(['"', "'"]),
  hashAtWordStart: true,
  escapes: true,
};

/** The fence tags each language answers to (```ts, ```python, ```sh ...). */
const LANGUAGES: Record<string, LanguageRules> = {
  js: JAVASCRIPT,
  javascript: JAVASCRIPT,
  jsx: JAVASCRIPT,
  mjs: JAVASCRIPT,
  cjs: JAVASCRIPT,
  node: JAVASCRIPT,
  ts: TYPESCRIPT,
  typescript: TYPESCRIPT,
  tsx: TYPESCRIPT,
  py: PYTHON,
  python: PYTHON,
  python3: PYTHON,
  sql: SQL,
  postgres: SQL,
  postgresql: SQL,
  psql: SQL,
  pgsql: SQL,
  mysql: SQL,
  sqlite: SQL,
  java: JAVA,
  cpp: CPP,
  'c++': CPP,
  cc: CPP,
  cxx: CPP,
  hpp: CPP,
  c: CPP,
  h: CPP,
  bash: BASH,
  sh: BASH,
  shell: BASH,
  zsh: BASH,
  console: BASH,
};

/** Whether a fence tag names a language the highlighter knows. */
export function isHighlighted(language: string | undefined): boolean {
  return Boolean(language && Object.hasOwn(LANGUAGES, language.toLowerCase()));
}

const IDENTIFIER = /[A-Za-z_$][\w$]*/y;
const NUMBER =
  /(?:0[xX][\da-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_]*(?:\.\d[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?)[nLlUuFfDdj]*/y;
const WORD_CHARACTER = /[\w$]/;

function matchAt(pattern: RegExp, source: string, index: number): string | null {
  pattern.lastIndex = index;
  return pattern.exec(source)?.[0] ?? null;
}

/** The end (exclusive) of a string opened by `quote` at `start`; unterminated strings end at the line or text end. */
function stringEnd(source: string, start: number, quote: string, rules: LanguageRules): number {
  const multiline = rules.multiline?.has(quote) ?? false;
  let index = start + quote.length;
  while (index < source.length) {
    const character = source[index];
    if (rules.escapes && character === '\\') {
      index += 2;
      continue;
    }
    if (source.startsWith(quote, index)) return index + quote.length;
    if (character === '\n' && !multiline) return index;
    index += 1;
  }
  return source.length;
}

/** Splits `source` into tokens; text of an unknown language is one plain token. */
export function tokenize(source: string, language: string | undefined): Token[] {
  const name = language?.toLowerCase();
  const rules = name && Object.hasOwn(LANGUAGES, name) ? LANGUAGES[name] : undefined;
  if (!rules) return source ? [{ kind: 'plain', text: source }] : [];
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    const last = tokens[tokens.length - 1];
    if (kind === 'plain' && last?.kind === 'plain') last.text += text;
    else tokens.push({ kind, text });
  };

  let index = 0;
  scan: while (index < source.length) {
    const character = source[index]!;
    const previous = index > 0 ? source[index - 1]! : '\n';

    for (const [open, close] of rules.blockComments) {
      if (source.startsWith(open, index)) {
        const end = source.indexOf(close, index + open.length);
        const stop = end < 0 ? source.length : end + close.length;
        push('comment', source.slice(index, stop));
        index = stop;
        continue scan;
      }
    }

    if (rules.directives && character === '#') {
      const lineStart = source.lastIndexOf('\n', index - 1) + 1;
      if (source.slice(lineStart, index).trim() === '') {
        const directive = matchAt(/#\s*[A-Za-z]+/y, source, index);
        if (directive) {
          push('keyword', directive);
          index += directive.length;
          continue;
        }
      }
    }

    for (const marker of rules.lineComments) {
      if (!source.startsWith(marker, index)) continue;
      if (rules.hashAtWordStart && !/\s|[;(|&]/.test(previous)) continue;
      const end = source.indexOf('\n', index);
      const stop = end < 0 ? source.length : end;
      push('comment', source.slice(index, stop));
      index = stop;
      continue scan;
    }

    for (const quote of rules.quotes) {
      if (source.startsWith(quote, index)) {
        const stop = stringEnd(source, index, quote, rules);
        push('string', source.slice(index, stop));
        index = stop;
        continue scan;
      }
    }

    if (/\d/.test(character) || (character === '.' && /\d/.test(source[index + 1] ?? ''))) {
      const number = WORD_CHARACTER.test(previous) ? null : matchAt(NUMBER, source, index);
      if (number) {
        push('number', number);
        index += number.length;
        continue;
      }
    }

    const word = matchAt(IDENTIFIER, source, index);
    if (word) {
      const quote = rules.stringPrefix?.test(word)
        ? rules.quotes.find((q) => source.startsWith(q, index + word.length))
        : undefined;
      if (quote) {
        const stop = stringEnd(source, index + word.length, quote, rules);
        push('string', source.slice(index, stop));
        index = stop;
        continue;
      }
      const known = rules.keywords.has(rules.caseInsensitive ? word.toLowerCase() : word);
      // A property or method named like a keyword (`list.delete`, `obj.new`) is not one.
      push(known && previous !== '.' ? 'keyword' : 'plain', word);
      index += word.length;
      continue;
    }

    push('plain', character);
    index += 1;
  }
  return tokens;
}

/**
 * Token colours, each at least WCAG AA (4.5:1) on the code block's background of its theme
 * (checked in code-highlight.test.tsx). TOKEN_CLASSES writes the same values as Tailwind classes.
 */
export const CODE_PALETTE = {
  light: {
    background: '#f6f8fa',
    plain: '#1f2328',
    keyword: '#cf222e',
    string: '#0a3069',
    comment: '#57606a',
    number: '#0550ae',
  },
  dark: {
    background: '#0f172a',
    plain: '#e2e8f0',
    keyword: '#ff7b72',
    string: '#a5d6ff',
    comment: '#8b949e',
    number: '#79c0ff',
  },
} as const;

export const TOKEN_CLASSES: Record<Exclude<TokenKind, 'plain'>, string> = {
  keyword: 'tok-keyword text-[#cf222e] dark:text-[#ff7b72]',
  string: 'tok-string text-[#0a3069] dark:text-[#a5d6ff]',
  comment: 'tok-comment italic text-[#57606a] dark:text-[#8b949e]',
  number: 'tok-number text-[#0550ae] dark:text-[#79c0ff]',
};

/** The code as React nodes: plain text as strings, the rest as coloured spans. */
export function highlightCode(source: string, language: string | undefined): ReactNode[] {
  return tokenize(source, language).map((token, index) =>
    token.kind === 'plain' ? (
      token.text
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: tokens are positional and never reorder
      <span key={index} className={TOKEN_CLASSES[token.kind]}>
        {token.text}
      </span>
    ),
  );
}
