import { relativeTime } from '@learnbuild/domain/rules/relative-time';
import type { DashboardResume } from '@learnbuild/domain/schemas/dashboard';
import { BookOpen, Code2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useResume } from '@/features/dashboard/api/get-resume';
import { formatDate } from '@/lib/dates';
import { Panel } from './panel';

function ResumeRow({
  icon: Icon,
  kind,
  title,
  when,
  action,
  testId,
}: {
  icon: LucideIcon;
  kind: string;
  title: string;
  when: ReactNode;
  action: ReactNode;
  testId: string;
}) {
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-default p-3 sm:flex-row sm:items-center"
      data-testid={testId}
    >
      <Icon className="hidden h-5 w-5 shrink-0 text-brand-600 sm:block dark:text-brand-200" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted">
          {kind} · {when}
        </p>
        <p className="break-words font-medium">{title}</p>
      </div>
      {action}
    </li>
  );
}

/** The learner's last lesson and last problem, one click from where they were. */
export function ContinuePanel({ userId, now }: { userId: string; now: Date }) {
  const resume = useResume(userId);
  // A first load that failed shows nothing rather than an empty state that would be untrue (SPEC 8: logged only).
  if (resume.isError && !resume.data) return null;
  return (
    <Panel title="Continue where you left off" testId="continue-panel">
      {resume.data ? <ResumeList resume={resume.data} now={now} /> : <Skeleton className="h-28" />}
    </Panel>
  );
}

function ResumeList({ resume, now }: { resume: DashboardResume; now: Date }) {
  const ago = (at: string) => (
    <time dateTime={at} title={formatDate(at, 'dateTime')}>
      {relativeTime(new Date(at), now, (day) => formatDate(day))}
    </time>
  );
  if (!resume.lesson && !resume.problem) {
    return (
      <div className="flex flex-col items-start gap-3 text-sm" data-testid="continue-empty">
        <p className="text-muted">
          Nothing to pick up yet. Open a lesson or work on a problem, and it waits for you here.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to="/courses" className={buttonClasses('secondary', 'sm')}>
            Browse courses
          </Link>
          <Link to="/core-subjects" className={buttonClasses('secondary', 'sm')}>
            Core subjects
          </Link>
          <Link to="/dsa-sheet" className={buttonClasses('secondary', 'sm')}>
            DSA Sheet
          </Link>
        </div>
      </div>
    );
  }
  const { lesson, problem } = resume;
  return (
    <ul className="flex flex-col gap-3">
      {lesson ? (
        <ResumeRow
          icon={BookOpen}
          kind={lesson.kind === 'course' ? `Lesson in ${lesson.context}` : `${lesson.context} lesson`}
          title={lesson.title}
          when={ago(lesson.at)}
          testId="continue-lesson"
          action={
            <Link
              to={lesson.href}
              className={buttonClasses('primary', 'sm')}
              aria-label={`Continue lesson: ${lesson.title}`}
            >
              Continue lesson
            </Link>
          }
        />
      ) : (
        <li className="text-sm text-muted">
          No lesson yet:{' '}
          <Link to="/courses" className="font-medium text-brand-700 underline dark:text-brand-200">
            browse courses
          </Link>
          .
        </li>
      )}
      {problem ? (
        <ResumeRow
          icon={Code2}
          kind={`${problem.solved ? 'Solved' : 'Problem'} · ${problem.difficulty}`}
          title={problem.title}
          when={ago(problem.at)}
          testId="continue-problem"
          action={
            <Link
              to={problem.href}
              className={buttonClasses('secondary', 'sm')}
              aria-label={`Open problem: ${problem.title}`}
            >
              Open problem
            </Link>
          }
        />
      ) : (
        <li className="text-sm text-muted">
          No problem yet:{' '}
          <Link to="/dsa-sheet" className="font-medium text-brand-700 underline dark:text-brand-200">
            start the DSA Sheet
          </Link>
          .
        </li>
      )}
    </ul>
  );
}
