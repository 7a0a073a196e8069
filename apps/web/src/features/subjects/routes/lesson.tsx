import type { SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import {
  CheckCircle2,
  ChevronLeft,
  ChevronRight,
  Circle,
  FileText,
  ListTree,
  RotateCw,
  SearchX,
  WifiOff,
} from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/class-names';
import { Markdown } from '@/components/ui/markdown';
import { Skeleton } from '@/components/ui/skeleton';
import { useLesson } from '@/features/subjects/api/get-lesson';
import { useSubject } from '@/features/subjects/api/get-subject';
import { useMarkSubtopic } from '@/features/subjects/api/mark-subtopic';
import { OFFLINE_UNSAVED_TEXT, PageMessage, SubjectLoadProblem } from '@/features/subjects/components/load-states';
import { SubtopicExercise } from '@/features/subjects/components/subtopic-exercise';
import { errorStatus } from '@/lib/api-client';

type Flat = { topicId: string; topicName: string; id: string; name: string; completed: boolean };

function flatten(subject: SubjectDetail): Flat[] {
  return subject.topics.flatMap((topic) =>
    topic.subtopics.map((s) => ({ topicId: topic.id, topicName: topic.name, ...s })),
  );
}

function lessonPath(subjectId: string, item: Flat) {
  return `/subject/${subjectId}/topic/${item.topicId}/subtopic/${item.id}`;
}

function Outline({ subject, current }: { subject: SubjectDetail; current: Flat }) {
  return (
    <nav aria-label={`${subject.name} outline`} className="flex flex-col gap-4">
      {subject.topics.map((topic) => (
        <div key={topic.id}>
          <p className="mb-1 px-2 text-xs font-semibold uppercase tracking-wide text-muted">{topic.name}</p>
          {topic.subtopics.length === 0 ? <p className="px-2 text-sm text-muted">No lessons yet</p> : null}
          <ul>
            {topic.subtopics.map((subtopic) => {
              const active = topic.id === current.topicId && subtopic.id === current.id;
              return (
                <li key={subtopic.id}>
                  <Link
                    to={`/subject/${subject.id}/topic/${topic.id}/subtopic/${subtopic.id}`}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-muted',
                      active && 'bg-brand-50 font-medium text-brand-700 dark:bg-brand-900/50 dark:text-brand-100',
                    )}
                  >
                    {subtopic.completed ? (
                      <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-600" aria-label="Completed" />
                    ) : (
                      <Circle className="h-4 w-4 shrink-0 text-slate-400" aria-label="Not completed" />
                    )}
                    {subtopic.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function SelfCheck({ questions }: { questions: { question: string; answer: string }[] }) {
  const [shown, setShown] = useState<Set<number>>(new Set());
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="self-check" className="mt-10">
      <h2 id="self-check" className="mb-4 text-xl font-bold">
        Check yourself
      </h2>
      <ol className="flex flex-col gap-3">
        {questions.map((item, index) => (
          <li key={item.question}>
            <Card className="p-4">
              <p className="font-medium">
                {index + 1}. {item.question}
              </p>
              {shown.has(index) ? (
                <p className="mt-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100">
                  {item.answer}
                </p>
              ) : (
                <Button variant="ghost" size="sm" className="mt-2" onClick={() => setShown(new Set(shown).add(index))}>
                  Show answer
                </Button>
              )}
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}

function LessonBody({
  lesson,
  topicId,
  subtopicId,
}: {
  lesson: ReturnType<typeof useLesson>;
  topicId: string;
  subtopicId: string;
}) {
  if (lesson.data) {
    return (
      <>
        {lesson.data.body ? (
          <Markdown>{lesson.data.body}</Markdown>
        ) : (
          <p className="text-muted">This lesson has no text yet.</p>
        )}
        <SelfCheck key={`${topicId}/${subtopicId}`} questions={lesson.data.selfCheck} />
        {lesson.data.exercise ? (
          <SubtopicExercise
            key={`${topicId}/${subtopicId}`}
            exercise={lesson.data.exercise}
            subtopic={{ subjectId: lesson.data.subjectId, topicId, subtopicId }}
          />
        ) : null}
      </>
    );
  }
  if (lesson.isPending && lesson.fetchStatus === 'paused') {
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
      >
        <WifiOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {OFFLINE_UNSAVED_TEXT}
      </p>
    );
  }
  if (lesson.isPending) {
    return (
      <div className="space-y-3">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-11/12" />
        <Skeleton className="h-5 w-4/5" />
      </div>
    );
  }
  if (errorStatus(lesson.error) === 404)
    return <p className="text-muted">This lesson does not exist or was removed.</p>;
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="text-muted">This lesson could not be loaded. Check your connection and try again.</p>
      <Button variant="secondary" onClick={() => void lesson.refetch()} disabled={lesson.isFetching}>
        <RotateCw className="h-4 w-4" aria-hidden /> Try again
      </Button>
    </div>
  );
}

/**
 * The end of a lesson, where a learner who read it all arrives: one control marks it complete and
 * moves on ('Mark complete and continue'), and the text says plainly that Next alone does not mark it.
 */
function FinishLesson({
  completed,
  next,
  outline,
  onMark,
}: {
  completed: boolean;
  /** The next lesson's address, or null on the last lesson. */
  next: string | null;
  outline: string;
  onMark: (completed: boolean) => void;
}) {
  const navigate = useNavigate();
  return (
    <section
      aria-labelledby="finish-lesson-heading"
      className="mt-12 rounded-2xl border border-default bg-muted p-5"
      data-testid="finish-lesson"
    >
      <h2 id="finish-lesson-heading" className="text-lg font-semibold">
        {completed ? 'Lesson complete' : 'Finished this lesson?'}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {completed
          ? 'It counts towards your subject progress.'
          : 'Mark it complete to count it towards your subject progress. Next and Previous only move between lessons; they do not mark anything.'}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {completed ? (
          <>
            <p className="inline-flex items-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-300">
              <CheckCircle2 className="h-5 w-5" aria-hidden /> Completed
            </p>
            <Button variant="ghost" size="sm" onClick={() => onMark(false)}>
              Mark as not complete
            </Button>
          </>
        ) : (
          <Button
            className="h-auto min-h-10 py-2"
            onClick={() => {
              onMark(true);
              navigate(next ?? outline);
            }}
          >
            <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
            {next ? 'Mark complete and continue' : 'Mark complete and go back to the outline'}
          </Button>
        )}
      </div>
    </section>
  );
}

/** SPEC 2: a topic URL opens the topic's first lesson; a subtopic URL opens that lesson. */
export function LessonPage() {
  const { subjectId = '', topicId = '', subtopicId } = useParams();
  const subject = useSubject(subjectId);
  const items = subject.data ? flatten(subject.data) : [];
  const topic = subject.data?.topics.find((t) => t.id === topicId);
  const index = items.findIndex((item) => item.topicId === topicId && (subtopicId ? item.id === subtopicId : true));
  const current = index >= 0 ? items[index]! : null;
  const lesson = useLesson(
    current && subtopicId ? { subjectId, topicId: current.topicId, subtopicId: current.id } : null,
  );
  const mark = useMarkSubtopic();
  const [outlineOpen, setOutlineOpen] = useState(false);
  const backToOutline = { to: `/subject/${subjectId}`, label: 'Back to the outline' };

  if (!subject.data) {
    if (subject.isPending && subject.fetchStatus !== 'paused') {
      return (
        <div className="mx-auto max-w-6xl space-y-4 px-4 py-10">
          <Skeleton className="h-10 w-80" />
          <Skeleton className="h-96" />
        </div>
      );
    }
    return (
      <SubjectLoadProblem
        paused={subject.fetchStatus === 'paused'}
        missing={errorStatus(subject.error) === 404}
        what="lesson"
        back={{ to: '/core-subjects', label: 'All subjects' }}
        onRetry={() => void subject.refetch()}
      />
    );
  }
  if (topic && topic.subtopics.length === 0) {
    return (
      <PageMessage icon={FileText} title="No lessons in this topic yet" back={backToOutline}>
        {`${topic.name} has no lessons yet. Pick another topic from the outline, or come back later.`}
      </PageMessage>
    );
  }
  if (!current) {
    return (
      <PageMessage icon={SearchX} title="Lesson not found" back={backToOutline}>
        This lesson does not exist or was removed.
      </PageMessage>
    );
  }
  if (!subtopicId) return <Navigate to={lessonPath(subjectId, current)} replace />;

  const previous = index > 0 ? items[index - 1]! : null;
  const next = index < items.length - 1 ? items[index + 1]! : null;
  const completed = current.completed;
  const toggle = () =>
    mark.mutate({ subjectId, topicId: current.topicId, subtopicId: current.id, completed: !completed });

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 lg:grid-cols-[18rem_1fr]">
      <aside className="lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto">
        <Button
          variant="secondary"
          className="w-full lg:hidden"
          aria-expanded={outlineOpen}
          onClick={() => setOutlineOpen((open) => !open)}
        >
          <ListTree className="h-4 w-4" aria-hidden /> {outlineOpen ? 'Hide outline' : 'Show outline'}
        </Button>
        <div className={cn('mt-4 lg:mt-0 lg:block', outlineOpen ? 'block' : 'hidden')}>
          <Link
            to={`/subject/${subjectId}`}
            className="mb-4 block px-2 text-sm font-semibold text-brand-600 hover:underline dark:text-brand-400"
          >
            ← {subject.data.name}
          </Link>
          <Outline subject={subject.data} current={current} />
        </div>
      </aside>
      <article className="min-w-0">
        <p className="text-sm font-medium text-brand-600 dark:text-brand-400">{current.topicName}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">{current.name}</h1>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button
            variant={completed ? 'secondary' : 'primary'}
            onClick={toggle}
            aria-pressed={completed}
            data-testid="mark-complete"
          >
            {completed ? (
              <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden />
            ) : (
              <Circle className="h-4 w-4" aria-hidden />
            )}
            {completed ? 'Completed' : 'Mark as complete'}
          </Button>
        </div>
        <div className="mt-8">
          <LessonBody lesson={lesson} topicId={current.topicId} subtopicId={current.id} />
        </div>
        {/* The lesson's end comes with its text: drawn under the loading lines, it would jump down when the text came. */}
        {lesson.isPending && lesson.fetchStatus === 'fetching' ? null : (
          <>
            <FinishLesson
              completed={completed}
              next={next ? lessonPath(subjectId, next) : null}
              outline={`/subject/${subjectId}`}
              onMark={(value) =>
                mark.mutate({ subjectId, topicId: current.topicId, subtopicId: current.id, completed: value })
              }
            />
            <nav
              aria-label="Lesson navigation"
              className="mt-8 flex flex-col gap-3 border-t border-default pt-6 sm:flex-row sm:justify-between"
            >
              {previous ? (
                <Link
                  to={lessonPath(subjectId, previous)}
                  className={cn(buttonClasses('secondary'), 'h-auto min-h-10 py-2')}
                >
                  <ChevronLeft className="h-4 w-4 shrink-0" aria-hidden /> Previous: {previous.name}
                </Link>
              ) : (
                <span />
              )}
              {next ? (
                <Link
                  to={lessonPath(subjectId, next)}
                  className={cn(buttonClasses(completed ? 'primary' : 'secondary'), 'h-auto min-h-10 py-2')}
                >
                  Next: {next.name} <ChevronRight className="h-4 w-4 shrink-0" aria-hidden />
                </Link>
              ) : (
                <Link to={`/subject/${subjectId}`} className={buttonClasses(completed ? 'primary' : 'secondary')}>
                  Back to the outline
                </Link>
              )}
            </nav>
          </>
        )}
      </article>
    </div>
  );
}
