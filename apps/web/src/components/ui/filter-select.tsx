import { type ReactNode, useId } from 'react';

/** The look of a list's filter controls (select and search box), so a filter bar lines up. */
export const filterControlClasses =
  'h-10 w-full rounded-lg border border-default bg-[var(--surface)] px-3 text-sm text-[var(--text)] focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

/** A labelled select in a list's filter bar. */
export function FilterSelect({
  label,
  value,
  onChange,
  describedBy,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The id of a note about the filter, read with it by screen readers. */
  describedBy?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
        className={filterControlClasses}
      >
        {children}
      </select>
    </div>
  );
}
