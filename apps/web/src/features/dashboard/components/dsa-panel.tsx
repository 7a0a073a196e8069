import { percentOf } from '@learnbuild/domain/rules/core-progress';
import type { ActivityDay, DsaStats } from '@learnbuild/domain/rules/dsa-stats';
import { freezesAvailableText } from '@learnbuild/domain/rules/streaks';
import { Bookmark, Flame, Snowflake } from 'lucide-react';
import { ActivityGrid } from '@/components/ui/activity-grid';
import { DifficultyBars } from '@/components/ui/difficulty-bars';
import { Skeleton } from '@/components/ui/skeleton';
import { CircularProgress } from './circular-progress';
import { Panel } from './panel';

// `!` wins over the bar's default brand colour whatever order the utilities are emitted in.

/**
 * SPEC 2: a circular percentage, solved/total, bookmarked, day streak, Easy/Medium/Hard with bars
 * and the 49-day grid with its legend and tooltips.
 */
export function DsaPanel({ stats, activity }: { stats: DsaStats | undefined; activity: ActivityDay[] | undefined }) {
  return (
    <Panel title="DSA Sheet Progress" link={{ to: '/dsa-sheet', label: 'View Full Sheet' }} testId="dsa-panel">
      {stats === undefined ? (
        <Skeleton className="h-48" />
      ) : (
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-5">
            <CircularProgress
              percent={percentOf(stats.completedProblems, stats.totalProblems)}
              label={`${percentOf(stats.completedProblems, stats.totalProblems)}% of the sheet solved`}
            />
            <dl className="grid min-w-0 flex-1 grid-cols-1 gap-2 text-sm min-[400px]:grid-cols-3">
              <div>
                <dt className="text-muted">Solved</dt>
                <dd className="text-lg font-semibold" data-testid="dsa-solved">
                  {stats.completedProblems}/{stats.totalProblems}
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-muted">
                  <Bookmark className="h-4 w-4" aria-hidden /> Bookmarked
                </dt>
                <dd className="text-lg font-semibold" data-testid="dsa-bookmarked">
                  {stats.bookmarkedProblems}
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-muted">
                  <Flame className="h-4 w-4 text-orange-500" aria-hidden /> Day streak
                </dt>
                <dd className="text-lg font-semibold" data-testid="dsa-streak">
                  {stats.currentStreak} {stats.currentStreak === 1 ? 'day' : 'days'}
                </dd>
              </div>
            </dl>
          </div>
          <p className="flex items-start gap-1.5 text-sm text-muted" data-testid="dsa-streak-freezes">
            <Snowflake className="mt-0.5 h-4 w-4 shrink-0 text-sky-600 dark:text-sky-400" aria-hidden />
            {freezesAvailableText(stats.freezes?.available ?? 0)}
          </p>
          <div className="grid gap-5 md:grid-cols-2">
            <div className="flex flex-col gap-3">
              <DifficultyBars difficultyStats={stats.difficultyStats} testIdPrefix="dsa" separator="/" />
            </div>
            {activity ? (
              <div>
                <h3 className="mb-2 text-sm font-medium text-muted">Last 49 days</h3>
                <ActivityGrid activity={activity} frozenDays={stats.freezes?.usedOn} />
              </div>
            ) : (
              <Skeleton className="h-32 w-40" />
            )}
          </div>
        </div>
      )}
    </Panel>
  );
}
