import { forwardRef, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from '@/components/ui/class-names';
import { FieldError } from '@/components/ui/field';

/**
 * A labelled textarea sized by its `rows` (TextAreaField is always tall): JSON values, code and short Markdown
 * in the judge editor; `code` sets it in monospace without spelling marks.
 */
export const JudgeTextArea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string; code?: boolean }
>(function JudgeTextArea({ label, error, hint, code = false, className, id, rows = 2, ...props }, ref) {
  const generated = useId();
  const fieldId = id ?? generated;
  const described = [hint ? `${fieldId}-hint` : null, error ? `${fieldId}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${fieldId}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        spellCheck={code ? false : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={cn(
          'w-full resize-y rounded-lg border border-default bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)] placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500',
          code && 'font-mono',
        )}
        {...props}
      />
      <FieldError id={`${fieldId}-error`}>{error}</FieldError>
    </div>
  );
});
