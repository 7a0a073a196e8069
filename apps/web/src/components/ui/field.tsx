import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from './class-names';

const inputClasses =
  'w-full rounded-lg border border-default bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)] placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/**
 * A field's error line, under its control; `id` is what the control's aria-describedby names. Nothing when there
 * is no error.
 */
export function FieldError({ id, className, children }: { id?: string; className?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={cn('text-sm text-red-600 dark:text-red-400', className)}>
      {children}
    </p>
  );
}

/** Label, control and error line shared by every field; the control gets the ids and aria props. */
function FieldShell({
  label,
  error,
  hint,
  className,
  id,
  children,
}: FieldProps & {
  className?: string;
  id?: string;
  children: (control: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      {children({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${inputId}-error` : undefined,
      })}
      {hint}
      <FieldError id={`${inputId}-error`}>{error}</FieldError>
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(
  function TextField({ label, error, hint, className, id, ...props }, ref) {
    return (
      <FieldShell label={label} error={error} hint={hint} className={className} id={id}>
        {(control) => <input ref={ref} {...control} className={inputClasses} {...props} />}
      </FieldShell>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps>(
  function TextAreaField({ label, error, hint, className, id, ...props }, ref) {
    return (
      <FieldShell label={label} error={error} hint={hint} className={className} id={id}>
        {(control) => <textarea ref={ref} {...control} className={cn(inputClasses, 'min-h-32')} {...props} />}
      </FieldShell>
    );
  },
);

/** SPEC 8: messages containing 'error' are shown in red, others in green. */
export function FormMessage({ message, tone }: { message: string | null | undefined; tone: 'error' | 'success' }) {
  if (!message) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-tone={tone}
      className={cn(
        'rounded-lg px-3 py-2 text-sm',
        tone === 'error'
          ? 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300'
          : 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-300',
      )}
    >
      {message}
    </p>
  );
}
