import { BLOG_BODY_MAX, readingMinutes } from '@learnbuild/domain/schemas/blog';
import { type FocusEventHandler, forwardRef, useDeferredValue, useId } from 'react';
import { Markdown } from '../../../components/ui/markdown';

/**
 * The post's markdown with a live preview through the same renderer readers get: side by side on wide
 * screens, the preview under the text on narrow ones.
 */
export const BodyEditor = forwardRef<
  HTMLTextAreaElement,
  {
    value: string;
    onChange: (value: string) => void;
    onBlur?: FocusEventHandler<HTMLTextAreaElement>;
    name?: string;
    error?: string;
  }
>(function BodyEditor({ value, onChange, onBlur, name, error }, ref) {
  const id = useId();
  // Typing stays quick in a long post: the preview catches up when the browser has time.
  const preview = useDeferredValue(value);
  const minutes = value.trim() ? readingMinutes(value) : 0;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          Body
        </label>
        <span className="text-xs text-muted" aria-live="polite">
          {minutes ? `About ${minutes} min read` : ''}
        </span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        Markdown: ## headings (four or more make a table of contents), **bold**, lists, links, tables and ``` code
        blocks with a language (js, ts, python, sql, java, cpp, bash).
      </p>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <textarea
          ref={ref}
          id={id}
          name={name}
          value={value}
          maxLength={BLOG_BODY_MAX}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          spellCheck
          placeholder={'## Why this matters\n\nStart with the problem your reader has...'}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="min-h-80 w-full resize-y rounded-lg border border-default bg-[var(--surface)] px-3 py-2 font-mono text-sm leading-relaxed text-[var(--text)] placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500 lg:h-[40rem] dark:placeholder:text-slate-400"
        />
        <section
          aria-label="Preview"
          data-testid="post-preview"
          // A long preview scrolls in its box: keyboard users can focus and scroll it.
          tabIndex={0}
          className="max-h-[36rem] min-h-48 overflow-y-auto rounded-lg border border-dashed border-default px-5 py-3 lg:h-[40rem] lg:max-h-none"
        >
          <p className="text-xs font-semibold tracking-wide text-muted uppercase" aria-hidden>
            Preview
          </p>
          {preview.trim() ? (
            <Markdown headingIdPrefix="preview-">{preview}</Markdown>
          ) : (
            <p className="py-4 text-sm text-muted">Nothing to preview yet.</p>
          )}
        </section>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
});
