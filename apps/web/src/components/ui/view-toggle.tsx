import type { LucideIcon } from 'lucide-react';
import { cn } from './class-names';

export interface ViewOption<T> {
  value: T;
  label: string;
  icon: LucideIcon;
}

/**
 * Two or more views of one page as pressed/unpressed buttons in a pill (the sheet's "All problems / Revise today",
 * the roadmap's "Graph / List"). A view is a URL filter, not a panel, so these are toggle buttons rather than tabs.
 */
export function ViewToggle<T extends string | boolean>({
  legend,
  options,
  value,
  onChange,
  className,
}: {
  /** Read by screen readers only. */
  legend: string;
  options: readonly ViewOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={cn('inline-flex gap-1 self-start rounded-xl bg-muted p-1', className)}>
      <legend className="sr-only">{legend}</legend>
      {options.map(({ value: option, label, icon: Icon }) => (
        <button
          key={String(option)}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted aria-pressed:bg-[var(--surface)] aria-pressed:text-[var(--text)] aria-pressed:shadow-sm"
        >
          <Icon className="h-4 w-4" aria-hidden />
          {label}
        </button>
      ))}
    </fieldset>
  );
}
