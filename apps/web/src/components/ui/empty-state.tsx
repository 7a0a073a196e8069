import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './class-names';

export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-default px-6 py-12 text-center',
        className,
      )}
    >
      <div className="rounded-full bg-brand-100 p-3 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
        <Icon className="h-6 w-6" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="max-w-md text-sm text-muted">{children}</div> : null}
      {action}
    </div>
  );
}
