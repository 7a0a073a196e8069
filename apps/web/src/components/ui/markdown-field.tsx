import { type FocusEventHandler, forwardRef, type ReactNode, useDeferredValue, useId, useState } from 'react';
import { cn } from './class-names';
import { FieldError } from './field';
import { Markdown } from './markdown';

export interface MarkdownFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLTextAreaElement>;
  name?: string;
  error?: string;
  /** Said above the box. */
  hint?: string;
  placeholder?: string;
  maxLength?: number;
  /**
   * `toggle`: a Write / Preview switch. `split`: the switch on narrow screens, text and preview side by side
   * on wide ones. `both`: no switch; the preview under the text on narrow screens, beside it on wide ones.
   */
  layout?: 'toggle' | 'split' | 'both';
  /** The box's height in lines; without it the box is a fixed minimum, larger when `tall`. */
  rows?: number;
  /** A long text (an article, a post) gets a taller box. */
  tall?: boolean;
  /** "n / maxLength" under the box, marked as the text nears the cap. */
  showCount?: boolean;
  /** Beside the label, e.g. a reading time. */
  aside?: ReactNode;
  labelClassName?: string;
  previewLabel?: string;
  previewTestId?: string;
  spellCheck?: boolean;
  className?: string;
}

/**
 * A markdown text with its preview through the very renderer readers get (sanitized, code highlighted).
 * The preview trails the typing by a frame in a long text, so typing stays quick.
 */
export const MarkdownField = forwardRef<HTMLTextAreaElement, MarkdownFieldProps>(function MarkdownField(
  {
    label,
    value,
    onChange,
    onBlur,
    name,
    error,
    hint,
    placeholder,
    maxLength,
    layout = 'toggle',
    rows,
    tall = false,
    showCount = false,
    aside,
    labelClassName,
    previewLabel = `${label} preview`,
    previewTestId = 'markdown-preview',
    spellCheck,
    className,
  },
  ref,
) {
  const id = useId();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const preview = useDeferredValue(value);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const height = tall ? 'min-h-80 lg:min-h-[28rem]' : rows ? undefined : 'min-h-48';
  // On a narrow screen a `toggle` or `split` field shows one pane at a time; `split` shows both on a wide one.
  const paneClass = (pane: 'write' | 'preview') =>
    layout === 'both' || mode === pane ? undefined : layout === 'split' ? 'hidden lg:block' : 'hidden';
  const near = maxLength !== undefined && value.length > maxLength * 0.9;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className={cn('text-sm font-medium', labelClassName)}>
          {label}
        </label>
        {aside}
        {layout === 'both' ? null : (
          <div
            role="group"
            aria-label={`${label}: write or preview`}
            className={cn('inline-flex rounded-lg bg-muted p-0.5', layout === 'split' && 'lg:hidden')}
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
        )}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <div
        className={cn(
          layout === 'both' && 'grid items-start gap-4 lg:grid-cols-2',
          layout === 'split' && 'lg:grid lg:grid-cols-2 lg:gap-4',
        )}
      >
        <textarea
          ref={ref}
          id={id}
          name={name}
          value={value}
          rows={rows}
          placeholder={placeholder}
          maxLength={maxLength}
          spellCheck={spellCheck}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={cn(
            'w-full resize-y rounded-lg border border-default bg-[var(--surface)] px-3 py-2 font-mono text-sm leading-relaxed text-[var(--text)] placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500 dark:placeholder:text-slate-400',
            height,
            paneClass('write'),
          )}
        />
        {layout === 'toggle' && mode === 'write' ? null : (
          <section
            aria-label={previewLabel}
            data-testid={previewTestId}
            // Beside the text the preview scrolls in its box: keyboard users can focus and scroll it.
            tabIndex={layout === 'toggle' ? undefined : 0}
            className={cn(
              'overflow-x-auto rounded-lg border border-dashed border-default px-4 py-2',
              height ?? 'min-h-32',
              layout === 'both' && 'max-h-[36rem] overflow-y-auto',
              layout !== 'toggle' && 'lg:max-h-[40rem] lg:overflow-y-auto',
              paneClass('preview'),
            )}
          >
            {layout === 'both' ? (
              <p className="text-xs font-semibold tracking-wide text-muted uppercase" aria-hidden>
                Preview
              </p>
            ) : null}
            {preview.trim() ? (
              <Markdown headingIdPrefix={`${id}-preview-`}>{preview}</Markdown>
            ) : (
              <p className="py-4 text-sm text-muted">Nothing to preview yet.</p>
            )}
          </section>
        )}
      </div>
      {showCount && maxLength !== undefined ? (
        <p className={cn('self-end text-xs text-muted', near && 'font-medium text-amber-700 dark:text-amber-300')}>
          {value.length.toLocaleString('en')} / {maxLength.toLocaleString('en')}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
});
