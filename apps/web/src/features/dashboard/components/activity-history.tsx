import { ACTIVITY_PAGE_SIZE } from '@learnbuild/domain/schemas/dashboard';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useActivityFeed } from '../api/get-activity-feed';
import { ActivityList } from './activity-list';
import { Panel } from './panel';

/** The Activity tab: the user's whole history, a page at a time. */
export function ActivityHistory({ userId, now }: { userId: string; now: Date }) {
  const [page, setPage] = useState(1);
  const feed = useActivityFeed(userId, page, ACTIVITY_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((feed.data?.total ?? 0) / ACTIVITY_PAGE_SIZE));
  if (!feed.data) return feed.isError ? null : <Skeleton className="h-64 rounded-2xl" />;
  if (feed.data.total === 0) {
    return (
      <EmptyState icon={History} title="No activity yet">
        Problems you solve, lessons you finish and your instructor application will be listed here.
      </EmptyState>
    );
  }
  return (
    <Panel title="All Activity" testId="activity-history">
      <ActivityList entries={feed.data.activity} now={now} />
      <nav aria-label="Activity pages" className="flex items-center justify-between gap-2 text-sm">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Newer
        </Button>
        <span className="text-muted">
          Page {page} of {pages}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Older
        </Button>
      </nav>
    </Panel>
  );
}
