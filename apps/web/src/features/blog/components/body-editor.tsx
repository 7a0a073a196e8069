import { BLOG_BODY_MAX, readingMinutes } from '@learnbuild/domain/schemas/blog';
import { type FocusEventHandler, forwardRef } from 'react';
import { MarkdownField } from '@/components/ui/markdown-field';

const HINT =
  'Markdown: ## headings (four or more make a table of contents), **bold**, lists, links, tables and ``` code blocks with a language (js, ts, python, sql, java, cpp, bash).';

/** The post's markdown with its live preview always in view, and the reading time it makes. */
export const BodyEditor = forwardRef<
  HTMLTextAreaElement,
  {
    value: string;
    onChange: (value: string) => void;
    onBlur?: FocusEventHandler<HTMLTextAreaElement>;
    name?: string;
    error?: string;
  }
>(function BodyEditor(props, ref) {
  const minutes = props.value.trim() ? readingMinutes(props.value) : 0;
  return (
    <MarkdownField
      ref={ref}
      {...props}
      label="Body"
      layout="both"
      tall
      hint={HINT}
      maxLength={BLOG_BODY_MAX}
      spellCheck
      placeholder={'## Why this matters\n\nStart with the problem your reader has...'}
      aside={
        <span className="text-xs text-muted" aria-live="polite">
          {minutes ? `About ${minutes} min read` : ''}
        </span>
      }
      previewLabel="Preview"
      previewTestId="post-preview"
    />
  );
});
