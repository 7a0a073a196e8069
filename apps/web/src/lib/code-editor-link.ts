import { SNIPPET_LANGUAGES, type SnippetLanguage } from '@learnbuild/domain/snippet-languages';

/** The languages the code editor offers (the snippets' languages); links from other screens name one of these. */
export const EDITOR_LANGUAGES = SNIPPET_LANGUAGES;
export type EditorLanguage = SnippetLanguage;

export interface CodeEditorLink {
  language?: EditorLanguage;
  /** Starting code, e.g. a lesson's code block ('Try it'). */
  source?: string;
  /** What the code belongs to, shown above the editor (a DSA problem's title). */
  title?: string;
  /** Where that thing lives: an https URL or an in-app path. */
  link?: string;
  /** Keeps this code apart from the editor's default buffer, e.g. `dsa:<problemId>`. */
  key?: string;
}

/** How any screen links into /code-editor: one query string the editor reads back. */
export function codeEditorHref(target: CodeEditorLink = {}): string {
  const params = new URLSearchParams();
  if (target.language) params.set('lang', target.language);
  if (target.source !== undefined) params.set('code', target.source);
  if (target.title) params.set('title', target.title);
  if (target.link) params.set('link', target.link);
  if (target.key) params.set('key', target.key);
  const query = params.toString();
  return query ? `/code-editor?${query}` : '/code-editor';
}

/** Reads a link made by codeEditorHref; unknown languages are dropped. */
export function readCodeEditorLink(search: string): CodeEditorLink {
  const params = new URLSearchParams(search);
  const language = params.get('lang');
  return {
    language: (EDITOR_LANGUAGES as readonly string[]).includes(language ?? '')
      ? (language as EditorLanguage)
      : undefined,
    source: params.get('code') ?? undefined,
    title: params.get('title') ?? undefined,
    link: params.get('link') ?? undefined,
    key: params.get('key') ?? undefined,
  };
}

/** Maps a markdown code fence's language tag to an editor language, if the editor runs it. */
export function editorLanguageForFence(tag: string | undefined): EditorLanguage | undefined {
  switch ((tag ?? '').toLowerCase()) {
    case 'js':
    case 'javascript':
    case 'mjs':
      return 'javascript';
    case 'ts':
    case 'typescript':
      return 'typescript';
    case 'py':
    case 'python':
      return 'python';
    case 'cpp':
    case 'c++':
    case 'cc':
      return 'cpp';
    case 'java':
      return 'java';
    default:
      return undefined;
  }
}
