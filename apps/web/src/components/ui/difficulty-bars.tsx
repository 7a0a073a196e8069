import { percentOf } from '@learnbuild/domain/rules/core-progress';
import { DIFFICULTIES, type DsaStats } from '@learnbuild/domain/rules/dsa-stats';
import { Progress } from './progress';

const BAR_CLASSES = { Easy: 'bg-emerald-500!', Medium: 'bg-amber-500!', Hard: 'bg-red-500!' } as const;

/** Solved out of total per difficulty, each with its coloured bar: the DSA sheet header and the dashboard. */
export function DifficultyBars({
  difficultyStats,
  testIdPrefix,
  separator,
}: {
  difficultyStats: DsaStats['difficultyStats'];
  testIdPrefix: string;
  separator: string;
}) {
  return DIFFICULTIES.map((difficulty) => {
    const { completed, total } = difficultyStats[difficulty];
    return (
      <div key={difficulty} data-testid={`${testIdPrefix}-${difficulty}`}>
        <div className="mb-1 flex justify-between text-sm">
          <span className="font-medium">{difficulty}</span>
          <span className="text-muted">
            {completed}
            {separator}
            {total}
          </span>
        </div>
        <Progress
          value={percentOf(completed, total)}
          label={`${difficulty} problems solved`}
          barClassName={BAR_CLASSES[difficulty]}
        />
      </div>
    );
  });
}
