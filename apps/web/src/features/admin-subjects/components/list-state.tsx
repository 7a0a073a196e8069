import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { FormMessage } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';

/** A panel's list while it loads, when it failed, when it is empty, and otherwise the list itself. */
export function ListState({
  pending = false,
  error,
  errorFallback,
  count,
  empty,
  children,
}: {
  pending?: boolean;
  error?: Error | null;
  errorFallback?: string;
  count: number;
  empty: { icon: LucideIcon; title: string; text: string };
  children: () => ReactNode;
}) {
  if (pending) {
    return (
      <div className="flex flex-col gap-2">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (error)
    return <FormMessage message={errorMessage(error, errorFallback ?? 'Could not load the list')} tone="error" />;
  if (count === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title} className="py-8">
        {empty.text}
      </EmptyState>
    );
  }
  return children();
}
