import { ACTIVITY_PAGE_SIZE } from '@learnbuild/domain/schemas/dashboard';
import { History } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useActivityFeed } from '@/features/dashboard/api/get-activity-feed';
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
      <Pager page={page} pages={pages} onPage={setPage} label="Activity pages" previous="Newer" next="Older" />
    </Panel>
  );
}
