import { Play } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { type CodeBlockAction, Markdown } from '@/components/ui/markdown';
import { codeEditorHref, editorLanguageForFence } from '@/lib/code-editor-link';

/** A short stable tag for a code block, so each one keeps its own buffer in the editor. */
function sourceTag(source: string): string {
  let hash = 0;
  for (let index = 0; index < source.length; index++) hash = (hash * 31 + source.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}

const LANGUAGE_NAMES = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python',
  cpp: 'C++',
  java: 'Java',
};

/** An article lesson: its markdown, with a 'Try it' link under each code block the editor can run. */
export function ArticleLesson({
  body,
  title,
  lessonId,
  lessonLink,
}: {
  body: string;
  title: string;
  lessonId: string;
  /** The lesson's own address, shown in the editor as where the code came from. */
  lessonLink: string;
}) {
  const tryIt = useCallback<CodeBlockAction>(
    ({ language, source }) => {
      const editorLanguage = editorLanguageForFence(language);
      if (!editorLanguage || !source.trim()) return null;
      const href = codeEditorHref({
        language: editorLanguage,
        source,
        title,
        link: lessonLink,
        key: `course:${lessonId}:${sourceTag(source)}`,
      });
      return (
        <Link
          to={href}
          className={cn(buttonClasses('secondary', 'sm'), 'not-prose')}
          // The lesson's link styles (underline, brand colour) are for links in the text, not this button.
          style={{ textDecoration: 'none', color: 'var(--text)' }}
          aria-label={`Try it: run this ${LANGUAGE_NAMES[editorLanguage]} example in the code editor`}
          data-testid="try-it"
        >
          <Play className="h-3.5 w-3.5" aria-hidden /> Try it
        </Link>
      );
    },
    [title, lessonId, lessonLink],
  );
  if (!body.trim()) return <p className="text-muted">This lesson has no text yet.</p>;
  return <Markdown codeBlockAction={tryIt}>{body}</Markdown>;
}
