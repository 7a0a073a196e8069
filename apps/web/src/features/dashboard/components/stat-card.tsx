import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** One figure with its label; `children` adds a bar or a note under it. */
export function StatCard({
  label,
  value,
  icon: Icon,
  testId,
  children,
}: {
  label: string;
  value: ReactNode | undefined;
  icon: LucideIcon;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-muted">{label}</h3>
        <span className="rounded-lg bg-brand-100 p-1.5 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
          <Icon className="h-4 w-4" aria-hidden />
        </span>
      </div>
      {value === undefined ? (
        <Skeleton className="h-8 w-16" />
      ) : (
        <p className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid={`${testId}-value`}>
          {value}
        </p>
      )}
      {children}
    </Card>
  );
}
