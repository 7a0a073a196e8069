import { forwardRef, type SelectHTMLAttributes, useId } from 'react';
import { cn } from './class-names';
import { FieldError } from './field';

/** A labelled native select with the same look, error line and aria wiring as TextField. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & {
    label: string;
    error?: string;
    options: readonly (string | { value: string; label: string })[];
  }
>(function SelectField({ label, error, options, className, id, ...props }, ref) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className="text-sm font-medium">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className="h-10 w-full rounded-lg border border-default bg-[var(--surface)] px-3 text-sm text-[var(--text)] focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500"
        {...props}
      >
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <FieldError id={`${selectId}-error`}>{error}</FieldError>
    </div>
  );
});
