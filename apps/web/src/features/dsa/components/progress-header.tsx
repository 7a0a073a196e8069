import { percentOf } from '@learnbuild/domain/rules/core-progress';
import type { DsaStats } from '@learnbuild/domain/rules/dsa-stats';
import { freezesAvailableText } from '@learnbuild/domain/rules/streaks';
import { Bookmark, Flame, Snowflake, Trophy } from 'lucide-react';
import { type ActivityCell, ActivityGrid } from '@/components/ui/activity-grid';
import { Card } from '@/components/ui/card';
import { DifficultyBars } from '@/components/ui/difficulty-bars';
import { Progress } from '@/components/ui/progress';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';

/** The 49-day grid's size (7 by 7 cells and their legend), held while the activity loads. */
function PendingGrid() {
  return (
    <div aria-hidden className="flex flex-col gap-2">
      <Skeleton className="h-[122px] w-[122px] sm:h-[136px] sm:w-[136px]" />
      <Skeleton className="h-4 w-32" />
    </div>
  );
}

/**
 * Solved/total, per-difficulty bars, streaks and the 49-day grid. While the numbers load, the card is drawn at the
 * size it will have, with bars where the numbers go: nothing below it moves when they come.
 */
export function ProgressHeader({
  stats,
  activity,
}: {
  stats: DsaStats | undefined;
  activity: readonly ActivityCell[] | undefined;
}) {
  const percent = stats ? percentOf(stats.completedProblems, stats.totalProblems) : 0;
  const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;
  return (
    <Card
      className="grid gap-6 p-5 sm:p-6 lg:grid-cols-[1.1fr_1fr_auto]"
      data-testid={stats ? 'dsa-progress' : 'dsa-progress-loading'}
      aria-busy={stats ? undefined : true}
    >
      <div className="flex flex-col gap-4">
        <div>
          <p className="text-sm font-medium text-muted">Solved</p>
          <p className="mt-1 text-3xl font-bold tracking-tight">
            {stats ? (
              <>
                <span data-testid="solved-count">
                  {stats.completedProblems} / {stats.totalProblems}
                </span>
                <span className="ml-2 text-base font-semibold text-muted">{percent}%</span>
              </>
            ) : (
              <SkeletonText className="w-36" />
            )}
          </p>
          {stats ? (
            <Progress value={percent} label="Problems solved" className="mt-3 h-2.5" />
          ) : (
            <Skeleton className="mt-3 h-2.5 rounded-full" />
          )}
        </div>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div className="rounded-xl bg-muted p-3">
            <dt className="flex items-center gap-1.5 text-muted">
              <Flame className="h-4 w-4 text-orange-500" aria-hidden /> Streak
            </dt>
            <dd className="mt-1 text-lg font-semibold" data-testid={stats ? 'current-streak' : undefined}>
              {stats ? days(stats.currentStreak) : <SkeletonText className="w-14" />}
            </dd>
          </div>
          <div className="rounded-xl bg-muted p-3">
            <dt className="flex items-center gap-1.5 text-muted">
              <Trophy className="h-4 w-4 text-amber-500" aria-hidden /> Best
            </dt>
            <dd className="mt-1 text-lg font-semibold">
              {stats ? days(stats.maxStreak) : <SkeletonText className="w-14" />}
            </dd>
          </div>
          <div className="rounded-xl bg-muted p-3">
            <dt className="flex items-center gap-1.5 text-muted">
              <Bookmark className="h-4 w-4 text-brand-600" aria-hidden /> Saved
            </dt>
            <dd className="mt-1 text-lg font-semibold" data-testid={stats ? 'bookmarked-count' : undefined}>
              {stats ? stats.bookmarkedProblems : <SkeletonText className="w-8" />}
            </dd>
          </div>
        </dl>
        <p className="flex items-start gap-1.5 text-sm text-muted" data-testid={stats ? 'streak-freezes' : undefined}>
          <Snowflake className="mt-0.5 h-4 w-4 shrink-0 text-sky-600 dark:text-sky-400" aria-hidden />
          {stats ? (
            freezesAvailableText(stats.freezes?.available ?? 0)
          ) : (
            <SkeletonText holds={freezesAvailableText(0)} />
          )}
        </p>
      </div>
      <div className="flex flex-col justify-center gap-3">
        <DifficultyBars difficultyStats={stats?.difficultyStats} testIdPrefix="difficulty" separator=" / " />
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-muted">Last 49 days</p>
        {activity && stats ? <ActivityGrid activity={activity} frozenDays={stats.freezes?.usedOn} /> : <PendingGrid />}
      </div>
    </Card>
  );
}
