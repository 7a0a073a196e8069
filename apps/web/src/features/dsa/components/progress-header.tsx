import { percentOf } from '@learnbuild/domain/rules/core-progress';
import type { DsaStats } from '@learnbuild/domain/rules/dsa-stats';
import { freezesAvailableText } from '@learnbuild/domain/rules/streaks';
import { Bookmark, Flame, Snowflake, Trophy } from 'lucide-react';
import { type ActivityCell, ActivityGrid } from '@/components/ui/activity-grid';
import { Card } from '@/components/ui/card';
import { DifficultyBars } from '@/components/ui/difficulty-bars';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';

// `!` wins over the bar's default brand colour whatever order the utilities are emitted in.

/** Solved/total, per-difficulty bars, streaks and the 49-day grid. */
export function ProgressHeader({
  stats,
  activity,
}: {
  stats: DsaStats | undefined;
  activity: readonly ActivityCell[] | undefined;
}) {
  if (!stats) return <Skeleton className="h-48 w-full rounded-2xl" />;
  const percent = percentOf(stats.completedProblems, stats.totalProblems);
  return (
    <Card className="grid gap-6 p-5 sm:p-6 lg:grid-cols-[1.1fr_1fr_auto]" data-testid="dsa-progress">
      <div className="flex flex-col gap-4">
        <div>
          <p className="text-sm font-medium text-muted">Solved</p>
          <p className="mt-1 text-3xl font-bold tracking-tight">
            <span data-testid="solved-count">
              {stats.completedProblems} / {stats.totalProblems}
            </span>
            <span className="ml-2 text-base font-semibold text-muted">{percent}%</span>
          </p>
          <Progress value={percent} label="Problems solved" className="mt-3 h-2.5" />
        </div>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div className="rounded-xl bg-muted p-3">
            <dt className="flex items-center gap-1.5 text-muted">
              <Flame className="h-4 w-4 text-orange-500" aria-hidden /> Streak
            </dt>
            <dd className="mt-1 text-lg font-semibold" data-testid="current-streak">
              {stats.currentStreak} {stats.currentStreak === 1 ? 'day' : 'days'}
            </dd>
          </div>
          <div className="rounded-xl bg-muted p-3">
            <dt className="flex items-center gap-1.5 text-muted">
              <Trophy className="h-4 w-4 text-amber-500" aria-hidden /> Best
            </dt>
            <dd className="mt-1 text-lg font-semibold">
              {stats.maxStreak} {stats.maxStreak === 1 ? 'day' : 'days'}
            </dd>
          </div>
          <div className="rounded-xl bg-muted p-3">
            <dt className="flex items-center gap-1.5 text-muted">
              <Bookmark className="h-4 w-4 text-brand-600" aria-hidden /> Saved
            </dt>
            <dd className="mt-1 text-lg font-semibold" data-testid="bookmarked-count">
              {stats.bookmarkedProblems}
            </dd>
          </div>
        </dl>
        <p className="flex items-start gap-1.5 text-sm text-muted" data-testid="streak-freezes">
          <Snowflake className="mt-0.5 h-4 w-4 shrink-0 text-sky-600 dark:text-sky-400" aria-hidden />
          {freezesAvailableText(stats.freezes?.available ?? 0)}
        </p>
      </div>
      <div className="flex flex-col justify-center gap-3">
        <DifficultyBars difficultyStats={stats.difficultyStats} testIdPrefix="difficulty" separator=" / " />
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-muted">Last 49 days</p>
        {activity ? (
          <ActivityGrid activity={activity} frozenDays={stats.freezes?.usedOn} />
        ) : (
          <Skeleton className="h-32 w-32" />
        )}
      </div>
    </Card>
  );
}
