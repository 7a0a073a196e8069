import { RECENT_ACTIVITY_COUNT } from '@learnbuild/domain/schemas/dashboard';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useActivityFeed } from '@/features/dashboard/api/get-activity-feed';
import { ActivityList } from './activity-list';
import { Panel } from './panel';

/** The last few real actions; a new account sees a short empty state pointing at where to start. */
export function RecentActivity({ userId, now, onShowAll }: { userId: string; now: Date; onShowAll: () => void }) {
  const feed = useActivityFeed(userId, 1, RECENT_ACTIVITY_COUNT);
  const entries = feed.data?.activity ?? (feed.isError ? [] : undefined);
  return (
    <Panel title="Recent Activity" testId="recent-activity">
      {entries === undefined ? (
        <Skeleton className="h-32" />
      ) : entries.length === 0 ? (
        <div className="flex flex-col items-start gap-3 text-sm" data-testid="activity-empty">
          <p className="flex items-center gap-2 text-muted">
            <History className="h-4 w-4" aria-hidden /> Nothing yet. Solve a problem or finish a lesson and it shows up
            here.
          </p>
          <Link to="/dsa-sheet" className={buttonClasses('secondary', 'sm')}>
            Start with the DSA Sheet
          </Link>
        </div>
      ) : (
        <>
          <ActivityList entries={entries} now={now} />
          {(feed.data?.total ?? 0) > entries.length ? (
            <button
              type="button"
              onClick={onShowAll}
              className="self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-200"
            >
              See all activity
            </button>
          ) : null}
        </>
      )}
    </Panel>
  );
}
