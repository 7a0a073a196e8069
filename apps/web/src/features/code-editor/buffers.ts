import { EDITOR_LANGUAGES, type EditorLanguage } from '@/lib/code-editor-link';
import { readJson, writeJson } from '@/lib/storage';

/**
 * The editor's text lives in this browser's local storage, so a reload loses nothing: one buffer per
 * language in each scope. The scope is `default`, or the `key` of the link that opened the editor
 * (`dsa:<problemId>` keeps each problem's code apart; `fork:<snippetId>` holds a fork).
 */

const PREFIX = 'learnbuild.codeEditor';
export const DEFAULT_SCOPE = 'default';
/** Typing is written to local storage this long after the last key (and at once when the page goes away). */
export const SAVE_DELAY_MS = 300;

export interface ScopeBuffers {
  /** The language last used in this scope. */
  language?: EditorLanguage;
  code: Partial<Record<EditorLanguage, string>>;
  stdin: Partial<Record<EditorLanguage, string>>;
}

const scopeKey = (scope: string) => `${PREFIX}.buffers:${scope}`;

function isLanguage(value: unknown): value is EditorLanguage {
  return (EDITOR_LANGUAGES as readonly unknown[]).includes(value);
}

export function readScope(scope: string): ScopeBuffers {
  const stored = readJson<Partial<ScopeBuffers>>(scopeKey(scope), {});
  return {
    language: isLanguage(stored.language) ? stored.language : undefined,
    code: typeof stored.code === 'object' && stored.code ? stored.code : {},
    stdin: typeof stored.stdin === 'object' && stored.stdin ? stored.stdin : {},
  };
}

export function writeScope(scope: string, change: (buffers: ScopeBuffers) => void): void {
  const buffers = readScope(scope);
  change(buffers);
  writeJson(scopeKey(scope), buffers);
}

/** An owner's unsaved edits of a snippet, kept until saved, against the version they started from. */
export interface SnippetDraft {
  language: EditorLanguage;
  source: string;
  stdin: string;
  /** The snippet's updatedAt when editing began: a draft of an older version is not restored. */
  base: string;
}

const draftKey = (snippetId: string) => `${PREFIX}.snippetDraft:${snippetId}`;

export function readSnippetDraft(snippetId: string): SnippetDraft | null {
  const draft = readJson<SnippetDraft | null>(draftKey(snippetId), null);
  return draft && isLanguage(draft.language) && typeof draft.source === 'string' ? draft : null;
}

export function writeSnippetDraft(snippetId: string, draft: SnippetDraft | null): void {
  writeJson(draftKey(snippetId), draft);
}

export interface EditorPreferences {
  fontSize: number;
  /** The language a new scope starts in. */
  language: EditorLanguage;
}

export const FONT_SIZES = [12, 13, 14, 15, 16, 18, 20, 22, 24] as const;
const DEFAULT_PREFERENCES: EditorPreferences = { fontSize: 14, language: 'javascript' };

export function readPreferences(): EditorPreferences {
  const stored = readJson<Partial<EditorPreferences>>(`${PREFIX}.preferences`, {});
  return {
    fontSize: FONT_SIZES.includes(stored.fontSize as (typeof FONT_SIZES)[number])
      ? (stored.fontSize as number)
      : DEFAULT_PREFERENCES.fontSize,
    language: isLanguage(stored.language) ? stored.language : DEFAULT_PREFERENCES.language,
  };
}

export function writePreferences(change: Partial<EditorPreferences>): void {
  writeJson(`${PREFIX}.preferences`, { ...readPreferences(), ...change });
}
