import { type FocusEventHandler, forwardRef, useId, useState } from 'react';
import { cn } from '../../../components/ui/class-names';
import { Markdown } from '../../../components/ui/markdown';

const textareaClasses =
  'min-h-48 w-full rounded-lg border border-default bg-[var(--surface)] px-3 py-2 font-mono text-sm text-[var(--text)] placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';

/**
 * Markdown with a Write / Preview switch. `layout="split"` shows the live preview beside the text on wide
 * screens (the switch stays for narrow ones). The preview is the same renderer learners see.
 */
export const MarkdownEditor = forwardRef<
  HTMLTextAreaElement,
  {
    label: string;
    value: string;
    onChange: (value: string) => void;
    onBlur?: FocusEventHandler<HTMLTextAreaElement>;
    name?: string;
    error?: string;
    hint?: string;
    placeholder?: string;
    maxLength?: number;
    layout?: 'toggle' | 'split';
    /** A long text (an article) gets a taller box. */
    tall?: boolean;
    className?: string;
  }
>(function MarkdownEditor(
  { label, value, onChange, onBlur, name, error, hint, placeholder, maxLength, layout = 'toggle', tall, className },
  ref,
) {
  const id = useId();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const split = layout === 'split';
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <div
          role="group"
          aria-label={`${label}: write or preview`}
          className={cn('inline-flex rounded-lg bg-muted p-0.5', split && 'lg:hidden')}
        >
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
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <div className={cn(split && 'lg:grid lg:grid-cols-2 lg:gap-4')}>
        <textarea
          ref={ref}
          id={id}
          name={name}
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={cn(
            textareaClasses,
            tall && 'min-h-80 lg:min-h-[28rem]',
            mode === 'preview' && (split ? 'hidden lg:block' : 'hidden'),
          )}
        />
        <section
          aria-label={`${label} preview`}
          data-testid="markdown-preview"
          className={cn(
            'min-h-48 overflow-x-auto rounded-lg border border-dashed border-default px-4 py-2',
            tall && 'min-h-80 lg:min-h-[28rem]',
            split && 'lg:max-h-[40rem] lg:overflow-y-auto',
            mode === 'write' && (split ? 'hidden lg:block' : 'hidden'),
          )}
        >
          {value.trim() ? (
            <Markdown>{value}</Markdown>
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
