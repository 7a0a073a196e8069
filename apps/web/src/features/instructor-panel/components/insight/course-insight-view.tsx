import type { CourseInsightReply } from '@learnbuild/domain/schemas/course-insight';
import { BarChart3, Code2, ListChecks, UserCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { countOf } from '@/features/instructor-panel/format';
import { ExerciseInsight } from './exercise-insight';
import { FunnelChart } from './funnel-chart';
import { ItemAnalysis } from './item-analysis';
import { StalledLearners } from './stalled-learners';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={id} className="flex flex-col gap-4 p-4 sm:p-5">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** A course's insight as its snapshot holds it: totals, funnel, time per lesson, quizzes, exercises, stalled learners. */
export function CourseInsightView({ reply }: { reply: CourseInsightReply }) {
  const { insight } = reply;
  const timed = insight.lessons.filter((lesson) => lesson.medianMinutes !== null);
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="insight-totals">
        <Stat label="Learners" value={insight.learners} />
        <Stat label="Completed the course" value={insight.completedLearners} />
        <Stat label="Not started" value={insight.notStarted} />
        <Stat label="Quiz attempts" value={insight.quizAttempts} />
      </dl>

      <Section id="insight-funnel-title" title="Where learners stop">
        {insight.learners === 0 ? (
          <EmptyState icon={Users} title="No learners yet">
            The funnel shows how far learners get once someone enrols.
          </EmptyState>
        ) : insight.lessons.length === 0 ? (
          <EmptyState icon={BarChart3} title="This course has no lessons yet" />
        ) : (
          <FunnelChart lessons={insight.lessons} learners={insight.learners} />
        )}
      </Section>

      <Section id="insight-time-title" title="Median time per lesson">
        {timed.length === 0 ? (
          <p className="text-sm text-muted">
            No timed completions yet: a lesson's time runs from a learner's first opening to its completion.
          </p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="insight-times">
            {timed.map((lesson) => (
              <li key={lesson.id} className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 break-words">
                  {lesson.position}. {lesson.title}
                </span>
                <span className="shrink-0 tabular-nums">
                  <span className="font-semibold">{lesson.medianMinutes} min</span>{' '}
                  <span className="text-xs text-muted">({countOf(lesson.timedCompletions, 'learner')})</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="insight-items-title" title="Quiz item analysis">
        {insight.questions.length === 0 ? (
          <EmptyState icon={ListChecks} title="No quiz attempts yet">
            Each question's share of right answers and its most chosen wrong option appear after learners submit a quiz.
          </EmptyState>
        ) : (
          <ItemAnalysis questions={insight.questions} />
        )}
      </Section>

      <Section id="insight-exercises-title" title="Code exercises">
        {insight.exercises.length === 0 ? (
          <EmptyState icon={Code2} title="This course has no code exercises" />
        ) : (
          <ExerciseInsight exercises={insight.exercises} />
        )}
      </Section>

      <Section id="insight-stalled-title" title="Stalled learners">
        <p className="text-sm text-muted">
          Learners with no progress for {countOf(insight.stalledAfterDays, 'day')} or more who are behind their cohort's
          schedule (a due date has passed), or who have no schedule.
        </p>
        {insight.stalled.length === 0 ? (
          <EmptyState icon={UserCheck} title="No stalled learners">
            Everybody enrolled has made progress in the last {countOf(insight.stalledAfterDays, 'day')} or is on
            schedule.
          </EmptyState>
        ) : (
          <StalledLearners
            courseId={insight.courseId}
            courseTitle={insight.courseTitle}
            learners={insight.stalled}
            total={insight.stalledTotal}
            lastNudges={reply.lastNudges}
          />
        )}
      </Section>
    </div>
  );
}
