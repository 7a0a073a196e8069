import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODE_RUN_BROWSER_LANGUAGE_MESSAGE,
  createSnippetBodySchema,
  runCodeBodySchema,
  SNIPPET_LANGUAGE_MESSAGE,
  SNIPPET_SOURCE_MAX_BYTES,
  SNIPPET_SOURCE_TOO_LARGE_MESSAGE,
  updateSnippetBodySchema,
  utf8ByteLength,
} from './code-editor';

const firstError = (
  schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message;

describe('utf8ByteLength', () => {
  it('counts the bytes UTF-8 takes, as Buffer.byteLength does, for any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => utf8ByteLength(text) === Buffer.byteLength(text)));
    expect(utf8ByteLength('a€😀é')).toBe(10);
  });
});

describe('snippet limits (issue 13: "size capped (e.g. 100 KB)")', () => {
  it('allows 100 KB of source in UTF-8 bytes, whatever the characters, and not one byte more', () => {
    const base = { title: 'Cap', language: 'python' };
    expect(
      createSnippetBodySchema.safeParse({ ...base, source: '😀'.repeat(SNIPPET_SOURCE_MAX_BYTES / 4) }).success,
    ).toBe(true);
    expect(firstError(createSnippetBodySchema, { ...base, source: 'é'.repeat(SNIPPET_SOURCE_MAX_BYTES / 2 + 1) })).toBe(
      SNIPPET_SOURCE_TOO_LARGE_MESSAGE,
    );
    expect(SNIPPET_SOURCE_TOO_LARGE_MESSAGE).toBe('Snippets must be at most 100 KB');
  });

  it('needs at least one field to change a snippet', () => {
    expect(updateSnippetBodySchema.safeParse({}).success).toBe(false);
    expect(updateSnippetBodySchema.safeParse({ shared: false }).success).toBe(true);
  });
});

describe('what the server runs', () => {
  it('runs only C++ and Java; the browser languages are told where they run, an unknown one is refused', () => {
    expect(runCodeBodySchema.parse({ language: 'cpp', source: '' })).toEqual({
      language: 'cpp',
      source: '',
      stdin: '',
    });
    expect(runCodeBodySchema.safeParse({ language: 'java', source: '' }).success).toBe(true);
    for (const language of ['javascript', 'typescript', 'python']) {
      expect(firstError(runCodeBodySchema, { language, source: '' })).toBe(CODE_RUN_BROWSER_LANGUAGE_MESSAGE);
    }
    expect(firstError(runCodeBodySchema, { language: 'go', source: '' })).toBe(SNIPPET_LANGUAGE_MESSAGE);
  });
});
