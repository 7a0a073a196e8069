import { ADMIN_PAGE_SIZE } from '@learnbuild/domain/schemas/admin';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormMessage } from '@/components/ui/field';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * One admin list while it loads (skeleton rows), when it failed (the server's error and a retry),
 * when it is empty, and otherwise the rows, with a count read out when it changes and the pager.
 */
export function AdminList({
  query,
  total,
  shown,
  noun,
  empty,
  page,
  onPage,
  children,
}: {
  query: ListQuery;
  total: number;
  /** Rows on this page: none while others exist means the page ran past the end (rows were decided). */
  shown: number;
  noun: [singular: string, plural: string];
  empty: { icon: LucideIcon; title: string; text: string };
  page: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy>
        <span className="sr-only">Loading {noun[1]}</span>
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormMessage message={errorMessage(query.error, `Could not load the ${noun[1]}`)} tone="error" />
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const pagerLabel = `${noun[1].charAt(0).toUpperCase()}${noun[1].slice(1)} pages`;
  return (
    <div className="flex flex-col gap-4" aria-busy={query.isFetching}>
      {/* Read out on every change; on screen the empty state below already says there are none. */}
      <p className={total === 0 ? 'sr-only' : 'text-sm text-muted'} aria-live="polite" aria-atomic>
        {total === 0
          ? `No ${noun[1]}`
          : `${total} ${total === 1 ? noun[0] : noun[1]}${pages > 1 ? `, page ${page} of ${pages}` : ''}`}
      </p>
      {total === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title} className="py-8">
          {empty.text}
        </EmptyState>
      ) : shown === 0 ? (
        <p className="text-sm">Nothing on this page any more. Go back a page.</p>
      ) : (
        children
      )}
      {pages > 1 || page > 1 ? <Pager page={page} pages={pages} onPage={onPage} label={pagerLabel} /> : null}
    </div>
  );
}
