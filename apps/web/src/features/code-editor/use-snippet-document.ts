import type { Snippet } from '@learnbuild/domain/schemas/code-editor';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditorLanguage } from '@/lib/code-editor-link';
import { readSnippetDraft, SAVE_DELAY_MS, writeSnippetDraft } from './buffers';
import type { EditorDocument } from './use-scratch-document';

/**
 * A saved snippet in the editor. Its owner edits it, with unsaved edits kept in local storage (against
 * the version they began from) until saved; anyone else reads it, with an input box of their own.
 */
export function useSnippetDocument(snippet: Snippet): EditorDocument & {
  dirty: boolean;
  /** Call after a save: the saved text is now the snippet's. */
  saved: (next: Snippet) => void;
} {
  const { id, isOwner } = snippet;
  const [draft] = useState(() => {
    const stored = isOwner ? readSnippetDraft(id) : null;
    return stored && stored.base === snippet.updatedAt ? stored : null;
  });
  const [base, setBase] = useState({
    source: snippet.source,
    language: snippet.language,
    stdin: snippet.stdin,
    updatedAt: snippet.updatedAt,
  });
  const [language, setLanguageState] = useState<EditorLanguage>(draft?.language ?? snippet.language);
  const [stdin, setStdinState] = useState(draft?.stdin ?? snippet.stdin);
  const [initialText] = useState(draft?.source ?? snippet.source);
  const text = useRef(initialText);
  const [textChanged, setTextChanged] = useState(initialText !== snippet.source);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ language, stdin, base });
  latest.current = { language, stdin, base };

  const persist = useCallback(() => {
    clearTimeout(timer.current);
    if (!isOwner) return;
    const { language: lang, stdin: input, base: from } = latest.current;
    const changed = text.current !== from.source || lang !== from.language || input !== from.stdin;
    writeSnippetDraft(
      id,
      changed ? { language: lang, source: text.current, stdin: input, base: from.updatedAt } : null,
    );
  }, [id, isOwner]);

  useEffect(() => {
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, [persist]);

  const later = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(persist, SAVE_DELAY_MS);
  }, [persist]);

  const dirty = textChanged || language !== base.language || stdin !== base.stdin;

  return {
    documentKey: `snippet:${id}`,
    language,
    initialText,
    stdin,
    dirty: isOwner && dirty,
    setText: (next) => {
      text.current = next;
      setTextChanged(next !== latest.current.base.source);
      later();
    },
    setLanguage: (next) => {
      setLanguageState(next);
      later();
    },
    setStdin: (next) => {
      setStdinState(next);
      later();
    },
    currentText: () => text.current,
    saved: (next) => {
      const savedBase = { source: next.source, language: next.language, stdin: next.stdin, updatedAt: next.updatedAt };
      latest.current = { ...latest.current, base: savedBase };
      setBase(savedBase);
      setTextChanged(text.current !== next.source);
      persist();
    },
  };
}
