import type { Extension } from '@codemirror/state';
import type { EditorLanguage } from '@/lib/code-editor-link';

/** Each language's grammar is a chunk of its own, fetched the first time that language is shown. */
const LOADERS: Record<EditorLanguage, () => Promise<Extension>> = {
  javascript: async () => (await import('@codemirror/lang-javascript')).javascript(),
  typescript: async () => (await import('@codemirror/lang-javascript')).javascript({ typescript: true }),
  python: async () => (await import('@codemirror/lang-python')).python(),
  cpp: async () => (await import('@codemirror/lang-cpp')).cpp(),
  java: async () => (await import('@codemirror/lang-java')).java(),
};

const loaded = new Map<EditorLanguage, Promise<Extension>>();

export function loadLanguage(language: EditorLanguage): Promise<Extension> {
  let extension = loaded.get(language);
  if (!extension) {
    extension = LOADERS[language]();
    // A failed download (offline) is tried again next time rather than remembered.
    extension.catch(() => loaded.delete(language));
    loaded.set(language, extension);
  }
  return extension;
}
