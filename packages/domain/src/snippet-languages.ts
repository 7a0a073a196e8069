// The code editor's languages, free of zod: any screen may link into the editor without loading a schema.

export const SNIPPET_LANGUAGES = ['javascript', 'typescript', 'python', 'cpp', 'java'] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];
export const SNIPPET_LANGUAGE_NAMES: Record<SnippetLanguage, string> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python',
  cpp: 'C++',
  java: 'Java',
};
