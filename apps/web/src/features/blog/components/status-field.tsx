import type { BlogStatus } from '@learnbuild/domain/schemas/blog';
import { CalendarClock, FileText, Globe } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/components/ui/class-names';
import { FieldError } from '@/components/ui/field';

const OPTIONS: { value: BlogStatus; label: string; hint: string; icon: typeof Globe }[] = [
  { value: 'draft', label: 'Draft', hint: 'Only you (and admins) can see it.', icon: FileText },
  { value: 'published', label: 'Published', hint: 'Readers see it now.', icon: Globe },
  { value: 'scheduled', label: 'Scheduled', hint: 'Published by itself at the time you choose.', icon: CalendarClock },
];

/** Draft, published or scheduled; scheduling asks for the time (in the author's own time zone). */
export function StatusField({
  status,
  onStatus,
  error,
  publishAtError,
  publishAtInput,
}: {
  status: BlogStatus;
  onStatus: (status: BlogStatus) => void;
  error?: string;
  publishAtError?: string;
  publishAtInput: UseFormRegisterReturn<'publishAt'> & { min?: string };
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1.5 text-sm font-medium">Status</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {OPTIONS.map((option) => {
          const Icon = option.icon;
          const chosen = status === option.value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                chosen
                  ? 'border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-900/40'
                  : 'border-default hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={chosen}
                onChange={() => onStatus(option.value)}
                aria-labelledby={`${name}-${option.value}`}
                aria-describedby={`${name}-${option.value}-hint`}
                className="mt-1 accent-brand-600"
              />
              <span className="flex flex-col gap-0.5">
                <span className="inline-flex items-center gap-1.5 text-sm font-semibold">
                  <Icon className="h-4 w-4" aria-hidden /> <span id={`${name}-${option.value}`}>{option.label}</span>
                </span>
                <span id={`${name}-${option.value}-hint`} className="text-xs text-muted">
                  {option.hint}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <FieldError>{error}</FieldError>
      {status === 'scheduled' ? <PublishAtInput error={publishAtError} {...publishAtInput} /> : null}
    </fieldset>
  );
}

const PublishAtInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { error?: string }>(
  function PublishAtInput({ error, ...props }, ref) {
    const id = useId();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return (
      <div className="flex flex-col gap-1.5 sm:max-w-xs">
        <label htmlFor={id} className="text-sm font-medium">
          Publish at
        </label>
        <input
          ref={ref}
          id={id}
          type="datetime-local"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="h-10 w-full rounded-lg border border-default bg-[var(--surface)] px-3 text-sm text-[var(--text)] focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500"
          {...props}
        />
        <p id={`${id}-hint`} className="text-xs text-muted">
          Your time zone{zone ? ` (${zone})` : ''}.
        </p>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    );
  },
);
