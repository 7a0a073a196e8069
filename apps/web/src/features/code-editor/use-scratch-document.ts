import { useCallback, useEffect, useRef, useState } from 'react';
import type { CodeEditorLink, EditorLanguage } from '@/lib/code-editor-link';
import { DEFAULT_SCOPE, readPreferences, readScope, SAVE_DELAY_MS, writePreferences, writeScope } from './buffers';
import { starterTemplate } from './languages';

/** What the editor shows and edits, whichever way it was opened. */
export interface EditorDocument {
  /** Changes when the editor must show other text (another language or scope, a reset, a snippet). */
  documentKey: string;
  language: EditorLanguage;
  /** The text to show when documentKey changes; the editor keeps its own text after that. */
  initialText: string;
  stdin: string;
  setLanguage: (language: EditorLanguage) => void;
  setText: (text: string) => void;
  setStdin: (stdin: string) => void;
  /** The text as it is now (the editor's latest change). */
  currentText: () => string;
}

/** A short, stable name for a piece of code (FNV-1a), so each lesson's 'Try it' code gets its own buffer. */
function codeFingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The scope a link opens: its `key` (a DSA problem: `dsa:<id>`), else its code's fingerprint (a lesson's
 * 'Try it'), else the default buffers. Reopening the same link finds the learner's own edits.
 */
export function scopeOf(link: CodeEditorLink): string {
  if (link.key) return link.key;
  if (link.source !== undefined) return `code:${link.language ?? 'any'}:${codeFingerprint(link.source)}`;
  return DEFAULT_SCOPE;
}

/**
 * The learner's own buffers, kept in local storage per scope and language. A link's code is where a
 * buffer starts when it has none yet; the starter template otherwise.
 */
export function useScratchDocument(link: CodeEditorLink): EditorDocument & { reset: () => void } {
  const scope = scopeOf(link);
  /** What a buffer of `language` holds before the learner types: the link's code, else the starter template. */
  const linkedText = useCallback(
    (language: EditorLanguage) =>
      link.source !== undefined && (!link.language || link.language === language)
        ? link.source
        : starterTemplate(language, link),
    [link],
  );
  const startText = useCallback(
    (language: EditorLanguage) => readScope(scope).code[language] ?? linkedText(language),
    [scope, linkedText],
  );
  const [language, setLanguageState] = useState<EditorLanguage>(
    () => link.language ?? readScope(scope).language ?? readPreferences().language,
  );
  const [revision, setRevision] = useState(0);
  const [initialText, setInitialText] = useState(() => startText(language));
  const [stdin, setStdinState] = useState(() => readScope(scope).stdin[language] ?? '');
  const text = useRef(initialText);
  const unsaved = useRef<{ scope: string; language: EditorLanguage } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const target = unsaved.current;
    if (!target) return;
    unsaved.current = null;
    writeScope(target.scope, (buffers) => {
      buffers.code[target.language] = text.current;
    });
  }, []);

  // Another scope (a different problem's link) starts from that scope's buffers.
  const opened = useRef(scope);
  useEffect(() => {
    if (opened.current === scope) return;
    flush();
    opened.current = scope;
    const next = link.language ?? readScope(scope).language ?? readPreferences().language;
    const first = startText(next);
    text.current = first;
    setLanguageState(next);
    setInitialText(first);
    setStdinState(readScope(scope).stdin[next] ?? '');
    setRevision((value) => value + 1);
  }, [scope, link.language, startText, flush]);

  // Nothing typed is lost to a reload or a closed tab.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const setText = useCallback(
    (next: string) => {
      text.current = next;
      unsaved.current = { scope, language };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [scope, language, flush],
  );

  const setLanguage = useCallback(
    (next: EditorLanguage) => {
      if (next === language) return;
      flush();
      writeScope(scope, (buffers) => {
        buffers.language = next;
      });
      writePreferences({ language: next });
      const first = startText(next);
      text.current = first;
      setLanguageState(next);
      setInitialText(first);
      setStdinState(readScope(scope).stdin[next] ?? '');
    },
    [language, scope, startText, flush],
  );

  const setStdin = useCallback(
    (next: string) => {
      setStdinState(next);
      writeScope(scope, (buffers) => {
        buffers.stdin[language] = next;
      });
    },
    [scope, language],
  );

  const reset = useCallback(() => {
    clearTimeout(timer.current);
    unsaved.current = null;
    const first = linkedText(language);
    writeScope(scope, (buffers) => {
      delete buffers.code[language];
    });
    text.current = first;
    setInitialText(first);
    setRevision((value) => value + 1);
  }, [language, linkedText, scope]);

  return {
    documentKey: `${scope}|${language}|${revision}`,
    language,
    initialText,
    stdin,
    setLanguage,
    setText,
    setStdin,
    currentText: () => text.current,
    reset,
  };
}
