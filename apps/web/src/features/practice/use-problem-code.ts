import type { JudgeSolveLanguage } from '@learnbuild/domain/judge/format';
import type { Practice } from '@learnbuild/domain/schemas/judge';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  readPracticePreferences,
  readProblemBuffers,
  writePracticePreferences,
  writeProblemBuffers,
} from './practice-storage';

/** Typing is kept this long after the last key, and at once when the page goes away or the text is replaced. */
const SAVE_DELAY_MS = 300;

/** The editor's document: its language, the text it opens with, and a key that changes when the text is replaced. */
export interface CodeDocument {
  language: JudgeSolveLanguage;
  initialText: string;
  key: string;
}

/**
 * The learner's code for one problem, per language, kept in this browser across reloads. The page is drawn (on the
 * server, and hydrated) with the first language's starter code; what this browser kept replaces it right after.
 */
export function useProblemCode(practice: Practice) {
  const { slug, languages, starterCode } = practice;
  const starter = useCallback((language: JudgeSolveLanguage) => starterCode[language] ?? '', [starterCode]);
  const first = languages[0] ?? 'javascript';
  const [doc, setDoc] = useState<CodeDocument>(() => ({
    language: first,
    initialText: starter(first),
    key: `${slug}:${first}:0`,
  }));
  const opened = useRef(0);
  const current = useRef({ language: first, text: doc.initialText });
  const unsaved = useRef<{ language: JudgeSolveLanguage; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const save = useCallback(() => {
    clearTimeout(timer.current);
    const typed = unsaved.current;
    unsaved.current = null;
    if (typed) {
      writeProblemBuffers(slug, (buffers) => {
        buffers.code[typed.language] = typed.text;
      });
    }
  }, [slug]);

  /** Shows `initialText` in `language`, keeping what was typed before it. */
  const open = useCallback(
    (language: JudgeSolveLanguage, initialText: string) => {
      save();
      current.current = { language, text: initialText };
      opened.current += 1;
      setDoc({ language, initialText, key: `${slug}:${language}:${opened.current}` });
    },
    [slug, save],
  );

  // What this browser kept for the problem, once the page is the browser's.
  useEffect(() => {
    const kept = readProblemBuffers(slug);
    const preferred = kept.language ?? readPracticePreferences().language;
    const chosen = preferred && languages.includes(preferred) ? preferred : first;
    open(chosen, kept.code[chosen] ?? starter(chosen));
  }, [slug, languages, first, starter, open]);

  useEffect(() => {
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [save]);

  const onChange = useCallback(
    (text: string) => {
      current.current = { ...current.current, text };
      unsaved.current = { language: current.current.language, text };
      clearTimeout(timer.current);
      timer.current = setTimeout(save, SAVE_DELAY_MS);
    },
    [save],
  );

  const setLanguage = useCallback(
    (language: JudgeSolveLanguage) => {
      save();
      writeProblemBuffers(slug, (buffers) => {
        buffers.language = language;
      });
      writePracticePreferences({ language });
      open(language, readProblemBuffers(slug).code[language] ?? starter(language));
    },
    [slug, starter, open, save],
  );

  /** The starter code again, in the current language. */
  const reset = useCallback(() => {
    const { language } = current.current;
    unsaved.current = null;
    writeProblemBuffers(slug, (buffers) => {
      buffers.code[language] = starter(language);
    });
    open(language, starter(language));
  }, [slug, starter, open]);

  /** Code from an earlier submission, in its language, in place of the learner's code there. */
  const load = useCallback(
    (language: JudgeSolveLanguage, code: string) => {
      save();
      writeProblemBuffers(slug, (buffers) => {
        buffers.language = language;
        buffers.code[language] = code;
      });
      open(language, code);
    },
    [slug, open, save],
  );

  const currentText = useCallback(() => current.current.text, []);

  return { doc, onChange, setLanguage, reset, load, currentText };
}
