import type { InsightExercise } from '@learnbuild/domain/schemas/course-insight';
import { countOf } from '@/features/instructor-panel/format';
import { percent } from './percent';

/** Each code exercise: who tried it, who passed, and the verdicts it ends in most. */
export function ExerciseInsight({ exercises }: { exercises: readonly InsightExercise[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Code exercises">
      <table className="w-full min-w-[26rem] text-left text-sm" data-testid="exercise-insight">
        <caption className="sr-only">Code exercise pass rates and verdicts</caption>
        <thead>
          <tr className="text-xs text-muted">
            <th scope="col" className="py-2 pr-3 font-medium">
              Exercise
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Passed
            </th>
            <th scope="col" className="py-2 font-medium">
              Most common verdicts
            </th>
          </tr>
        </thead>
        <tbody>
          {exercises.map((exercise) => (
            <tr key={exercise.lessonId} className="border-t border-default align-top">
              <td className="py-2 pr-3">{exercise.title}</td>
              {exercise.submissions === 0 ? (
                <td className="py-2 text-muted" colSpan={2}>
                  No submissions yet
                </td>
              ) : (
                <>
                  <td className="py-2 pr-3 tabular-nums">
                    {percent(exercise.passRate)}
                    <span className="block text-xs text-muted">
                      {exercise.passedLearners} of {countOf(exercise.learners, 'learner')}
                    </span>
                  </td>
                  <td className="py-2">
                    <ul className="flex flex-col gap-0.5">
                      {exercise.verdicts.map((verdict) => (
                        <li key={verdict.verdict} className="tabular-nums">
                          {verdict.verdict}: {verdict.count} ({percent(verdict.share)})
                        </li>
                      ))}
                    </ul>
                    <span className="text-xs text-muted">{countOf(exercise.submissions, 'submission')} in all</span>
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
