import { percentOf } from '@learnbuild/domain/rules/core-progress';
import { DIFFICULTIES, type DsaStats } from '@learnbuild/domain/rules/dsa-stats';
import { Progress } from './progress';
import { Skeleton, SkeletonText } from './skeleton';

const BAR_CLASSES = { Easy: 'bg-emerald-500!', Medium: 'bg-amber-500!', Hard: 'bg-red-500!' } as const;

/**
 * Solved out of total per difficulty, each with its coloured bar: the DSA sheet header and the dashboard. Without
 * the numbers yet, the three rows keep their size with bars in place of the counts.
 */
export function DifficultyBars({
  difficultyStats,
  testIdPrefix,
  separator,
}: {
  difficultyStats: DsaStats['difficultyStats'] | undefined;
  testIdPrefix: string;
  separator: string;
}) {
  return DIFFICULTIES.map((difficulty) => {
    const counts = difficultyStats?.[difficulty];
    return (
      <div key={difficulty} data-testid={counts ? `${testIdPrefix}-${difficulty}` : undefined}>
        <div className="mb-1 flex justify-between text-sm">
          <span className="font-medium">{difficulty}</span>
          {counts ? (
            <span className="text-muted">
              {counts.completed}
              {separator}
              {counts.total}
            </span>
          ) : (
            <SkeletonText className="w-12" />
          )}
        </div>
        {counts ? (
          <Progress
            value={percentOf(counts.completed, counts.total)}
            label={`${difficulty} problems solved`}
            barClassName={BAR_CLASSES[difficulty]}
          />
        ) : (
          <Skeleton className="h-2 rounded-full" />
        )}
      </div>
    );
  });
}
