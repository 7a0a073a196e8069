import { POST_BODY_MAX } from '@learnbuild/domain/schemas/community';
import { forwardRef, useId, useState } from 'react';
import { cn } from '../../../components/ui/class-names';
import { Markdown } from '../../../components/ui/markdown';

const HINT = 'Markdown: **bold**, `code`, lists, links and ``` code blocks with a language (js, python, sql...).';

/**
 * Markdown with a Write / Preview switch; the preview is the very renderer readers get (sanitized,
 * code highlighted). The count warns as the body nears the cap.
 */
export const MarkdownField = forwardRef<
  HTMLTextAreaElement,
  {
    label: string;
    value: string;
    onChange: (value: string) => void;
    error?: string;
    placeholder?: string;
    /** Taller box for a thread's body than for a reply. */
    rows?: number;
    labelClassName?: string;
  }
>(function MarkdownField({ label, value, onChange, error, placeholder, rows = 8, labelClassName }, ref) {
  const id = useId();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const near = value.length > POST_BODY_MAX * 0.9;
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className={cn('text-sm font-medium', labelClassName)}>
          {label}
        </label>
        <div role="group" aria-label={`${label}: write or preview`} className="inline-flex rounded-lg bg-muted p-0.5">
          {(['write', 'preview'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={mode === choice}
              onClick={() => setMode(choice)}
              className="min-h-8 cursor-pointer rounded-md px-3 text-sm font-medium text-muted aria-pressed:bg-[var(--surface)] aria-pressed:text-[var(--text)] aria-pressed:shadow-sm"
            >
              {choice === 'write' ? 'Write' : 'Preview'}
            </button>
          ))}
        </div>
      </div>
      <textarea
        ref={ref}
        id={id}
        value={value}
        rows={rows}
        maxLength={POST_BODY_MAX}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={cn(
          'w-full resize-y rounded-lg border border-default bg-[var(--surface)] px-3 py-2 font-mono text-sm leading-relaxed text-[var(--text)] placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500 dark:placeholder:text-slate-400',
          mode === 'preview' && 'hidden',
        )}
      />
      {mode === 'preview' ? (
        <section
          aria-label={`${label} preview`}
          data-testid="markdown-preview"
          className="min-h-32 overflow-x-auto rounded-lg border border-dashed border-default px-4 py-2"
        >
          {value.trim() ? (
            <Markdown headingIdPrefix={`${id}-preview-`}>{value}</Markdown>
          ) : (
            <p className="py-4 text-sm text-muted">Nothing to preview yet.</p>
          )}
        </section>
      ) : null}
      <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-muted">
        <p id={`${id}-hint`}>{HINT}</p>
        <p className={cn(near && 'font-medium text-amber-700 dark:text-amber-300')}>
          {value.length.toLocaleString('en')} / {POST_BODY_MAX.toLocaleString('en')}
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
});
