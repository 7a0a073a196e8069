import type { InsightLesson } from '@learnbuild/domain/schemas/course-insight';
import { useId } from 'react';
import { niceCeiling } from '@/components/ui/bar-chart';
import { countOf } from '@/features/instructor-panel/format';

const minutes = (value: number | null) => (value === null ? '—' : `${value} min`);

/**
 * The funnel of a course, drawn as the admin dashboard draws its charts: one image with a title and a summary
 * for screen readers (a bar per lesson for the learners who completed it, a mark for those who stopped there),
 * and the same numbers one click away as a table.
 */
export function FunnelChart({ lessons, learners }: { lessons: readonly InsightLesson[]; learners: number }) {
  const id = useId();
  const top = niceCeiling(Math.max(learners, ...lessons.map((lesson) => lesson.completed)));
  const stops = [...lessons].sort((a, b) => b.stoppedHere - a.stoppedHere || a.position - b.position)[0];
  const summary =
    `${countOf(learners, 'learner')}. ` +
    lessons.map((lesson) => `Lesson ${lesson.position}, ${lesson.title}: ${lesson.completed} completed`).join('; ') +
    (stops && stops.stoppedHere > 0
      ? `. Most learners on the way stopped after lesson ${stops.position} (${stops.stoppedHere}).`
      : '.');

  return (
    <figure className="flex min-w-0 flex-col gap-3" data-testid="insight-funnel">
      <figcaption id={`${id}-title`} className="text-sm font-semibold">
        Learners who completed each lesson, in course order
      </figcaption>
      <div role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="flex flex-col gap-2">
        <span id={`${id}-desc`} className="sr-only">
          {summary}
        </span>
        {lessons.map((lesson) => (
          <div
            key={lesson.id}
            className="grid grid-cols-[minmax(0,9rem)_1fr] items-center gap-2 sm:grid-cols-[minmax(0,16rem)_1fr]"
          >
            <span className="truncate text-xs text-muted" aria-hidden title={lesson.title}>
              {lesson.position}. {lesson.title}
            </span>
            <div className="flex min-w-0 items-center gap-2" aria-hidden>
              <div className="h-4 min-w-0 flex-1 rounded bg-slate-100 dark:bg-slate-800">
                <div
                  className="h-4 rounded bg-brand-500"
                  style={{ width: `${(lesson.completed / top) * 100}%` }}
                  data-value={lesson.completed}
                />
              </div>
              <span className="w-16 shrink-0 text-xs tabular-nums">
                {lesson.completed}
                {lesson.stoppedHere > 0 ? (
                  <span className="text-amber-700 dark:text-amber-300"> ·{lesson.stoppedHere}</span>
                ) : null}
              </span>
            </div>
          </div>
        ))}
      </div>
      <p className="text-xs text-muted">
        Bars: learners who completed the lesson (scale 0–{top}).{' '}
        <span className="text-amber-700 dark:text-amber-300">·n</span>: learners still on the way whose furthest
        completed lesson is this one.
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700 dark:text-brand-200">Show the numbers as a table</summary>
        <div className="mt-2 max-h-80 overflow-auto" tabIndex={0} role="region" aria-label="Funnel table">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Learners by lesson</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  #
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Lesson
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Completed
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Stopped here
                </th>
                <th scope="col" className="py-1 font-medium">
                  Median time
                </th>
              </tr>
            </thead>
            <tbody>
              {lessons.map((lesson) => (
                <tr key={lesson.id} className="border-t border-default">
                  <td className="py-1 pr-3 tabular-nums">{lesson.position}</td>
                  <td className="py-1 pr-3">{lesson.title}</td>
                  <td className="py-1 pr-3 tabular-nums">{lesson.completed}</td>
                  <td className="py-1 pr-3 tabular-nums">{lesson.stoppedHere}</td>
                  <td className="py-1 tabular-nums">{minutes(lesson.medianMinutes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
