import { courseProgressPercent } from '@learnbuild/domain/courses';
import type { CourseDetail, QuizResultReply } from '@learnbuild/domain/schemas/courses';
import { Award, CheckCircle2, ChevronLeft, ChevronRight, Circle, ListTree, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { EmptyState } from '@/components/ui/empty-state';
import { Markdown } from '@/components/ui/markdown';
import { Progress } from '@/components/ui/progress';
import { useToast } from '@/components/ui/toast';
import { useMarkLesson } from '@/features/courses/api/mark-lesson';
import { useSaveResume } from '@/features/courses/api/save-resume';
import { useSubmitQuiz } from '@/features/courses/api/submit-quiz';
import { formatMinutes } from '@/features/courses/course-format';
import {
  courseLessons,
  everyLessonDone,
  finishedHref,
  lessonHref,
  lessonPlace,
  type PlacedLesson,
} from '@/features/courses/lesson-order';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { ArticleLesson } from './article-lesson';
import { CompletionScreen } from './completion-screen';
import { DrawnQuizPanel } from './drawn-quiz-panel';
import { useEnrollAction } from './enroll-panel';
import { ExerciseLesson } from './exercise-lesson';
import { LESSON_KIND_LABEL } from './lesson-kind-icon';
import { LessonSidebar } from './lesson-sidebar';
import { GatedLesson, LockedLesson } from './locked-lesson';
import { QuizLesson } from './quiz-lesson';
import { VideoLesson } from './video-lesson';

function QuizPanel({ course, lesson }: { course: CourseDetail; lesson: PlacedLesson }) {
  const submit = useSubmitQuiz();
  const [result, setResult] = useState<QuizResultReply | null>(null);
  const { user } = useSession();
  const location = useLocation();
  return (
    <QuizLesson
      recorded={course.viewer.enrolled}
      signInHref={
        user ? undefined : `/login?redirectTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`
      }
      questions={lesson.quiz ?? []}
      completed={lesson.completed}
      submitting={submit.isPending}
      result={result}
      error={submit.isError ? errorMessage(submit.error, 'Could not check your answers') : null}
      onSubmit={(answers) =>
        submit.mutate(
          { courseId: course._id, lessonId: lesson.id, answers },
          { onSuccess: (reply) => setResult(reply) },
        )
      }
      onRetry={() => {
        setResult(null);
        submit.reset();
      }}
    />
  );
}

/** Under a free preview: the way to the rest of the course. */
function EnrollCallout({ course, courseKey }: { course: CourseDetail; courseKey: string }) {
  const action = useEnrollAction(course, courseKey);
  const { user } = useSession();
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-default bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted">
        This is a free preview. Enroll to open every lesson, track your progress and earn a certificate.
      </p>
      <Button onClick={action.start} disabled={action.pending || course.status !== 'published'} className="shrink-0">
        {action.pending ? 'Enrolling…' : user ? 'Enroll for free' : 'Log in to enroll'}
      </Button>
    </div>
  );
}

/** Previous and next lesson; on the last lesson Next becomes the way to the end of the course. */
export function LessonNavigation({
  courseKey,
  previous,
  next,
  canFinish,
  allDone = false,
}: {
  courseKey: string;
  previous: PlacedLesson | null;
  next: PlacedLesson | null;
  /** The learner is enrolled, so the last lesson leads to the completion screen. */
  canFinish: boolean;
  /** Every lesson is done: finishing is the next step, not a look at what is left. */
  allDone?: boolean;
}) {
  const overview = `/courses/${encodeURIComponent(courseKey)}`;
  return (
    <nav
      aria-label="Lesson navigation"
      className="flex flex-col gap-3 border-t border-default pt-6 sm:flex-row sm:justify-between"
    >
      {previous ? (
        <Link
          to={lessonHref(courseKey, previous.id)}
          className={cn(buttonClasses('secondary'), 'h-auto min-h-10 py-2')}
        >
          <ChevronLeft className="h-4 w-4 shrink-0" aria-hidden /> Previous: {previous.title}
        </Link>
      ) : (
        <Link to={overview} className={cn(buttonClasses('secondary'), 'h-auto min-h-10 py-2')}>
          <ChevronLeft className="h-4 w-4 shrink-0" aria-hidden /> Course overview
        </Link>
      )}
      {next ? (
        <Link to={lessonHref(courseKey, next.id)} className={cn(buttonClasses('primary'), 'h-auto min-h-10 py-2')}>
          Next: {next.title} <ChevronRight className="h-4 w-4 shrink-0" aria-hidden />
        </Link>
      ) : canFinish ? (
        <Link
          to={finishedHref(courseKey)}
          className={cn(buttonClasses(allDone ? 'primary' : 'secondary'), 'h-auto min-h-10 py-2')}
        >
          Finish course <Award className="h-4 w-4 shrink-0" aria-hidden />
        </Link>
      ) : (
        <Link to={overview} className={cn(buttonClasses('primary'), 'h-auto min-h-10 py-2')}>
          Back to the course page
        </Link>
      )}
    </nav>
  );
}

/**
 * The lesson player (`?lesson=`), and the completion screen (`?finished=1`) in the same frame:
 * the outline with ticks beside (behind a button on phones), the lesson, mark complete, and
 * previous/next. Opening a lesson remembers it for Continue.
 */
export function LessonPlayer({
  course,
  courseKey,
  lessonId,
  finished,
  headerExtra,
}: {
  course: CourseDetail;
  courseKey: string;
  lessonId: string | null;
  finished: boolean;
  /** Shown under the progress bar (the cohort's schedule and newest announcement). */
  headerExtra?: ReactNode;
}) {
  const place = lessonPlace(course, lessonId);
  const lesson = place.current;
  const lessons = courseLessons(course);
  const done = lessons.filter((item) => item.completed).length;
  const percent = courseProgressPercent(done, lessons.length);
  const enrolled = course.viewer.enrolled;
  const allDone = everyLessonDone(course);
  const [outlineOpen, setOutlineOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const outlineId = useId();
  const mark = useMarkLesson();
  const resume = useSaveResume();
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const overview = `/courses/${encodeURIComponent(courseKey)}`;

  // Opening a lesson makes it the one Continue returns to (a video keeps its saved position).
  const { mutate: saveResume } = resume;
  const lastLessonId = course.viewer.lastLessonId;
  const lessonOpen = lesson && enrolled && !lesson.locked ? lesson.id : null;
  // Reopening the resume lesson (Continue) saves it once at its own position, so the server records when the
  // learner first opened it (the instructor's time per lesson) without moving a video back to the start.
  const lastPosition = useRef(course.viewer.lastPositionSeconds);
  lastPosition.current = course.viewer.lastPositionSeconds;
  const reopened = useRef<string | null>(null);
  const openDone = lesson?.completed ?? false;
  useEffect(() => {
    if (!lessonOpen) return;
    if (lessonOpen !== lastLessonId) {
      reopened.current = lessonOpen;
      saveResume({ courseId: course._id, lessonId: lessonOpen, positionSeconds: 0 });
    } else if (reopened.current !== lessonOpen && !openDone) {
      reopened.current = lessonOpen;
      saveResume({ courseId: course._id, lessonId: lessonOpen, positionSeconds: lastPosition.current });
    }
  }, [lessonOpen, lastLessonId, openDone, course._id, saveResume]);

  // A new lesson moves focus to its title, as a new page would.
  const focusKey = finished ? 'finished' : lesson?.id;
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the lesson changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setOutlineOpen(false);
    setAnnouncement('');
    if (!finished) heading.current?.focus();
  }, [focusKey]);

  const toggleComplete = (target: PlacedLesson) => {
    const completed = !target.completed;
    mark.mutate(
      { courseId: course._id, lessonId: target.id, completed },
      {
        onSuccess: (progress) =>
          setAnnouncement(
            completed
              ? progress.percent >= 100
                ? `${target.title} is complete. You have finished every lesson: finish the course to get your certificate.`
                : `${target.title} is complete. Course progress ${progress.percent}%.`
              : `${target.title} is marked as not complete.`,
          ),
        onError: (error) => toast(errorMessage(error, 'Could not save your progress'), 'error'),
      },
    );
  };

  const outline = (
    <div className="lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:pr-2">
      <Button
        variant="secondary"
        className="w-full lg:hidden"
        aria-expanded={outlineOpen}
        aria-controls={outlineId}
        onClick={() => setOutlineOpen((open) => !open)}
      >
        <ListTree className="h-4 w-4" aria-hidden /> {outlineOpen ? 'Hide course outline' : 'Show course outline'}
      </Button>
      <div id={outlineId} className={cn('mt-4 lg:mt-0 lg:block', outlineOpen ? 'block' : 'hidden')}>
        <LessonSidebar
          course={course}
          courseKey={courseKey}
          currentId={finished ? null : (lesson?.id ?? null)}
          onNavigate={() => setOutlineOpen(false)}
        />
      </div>
    </div>
  );

  const header = (
    <div className="mb-6 flex flex-col gap-3">
      <Link
        to={overview}
        className="inline-flex min-h-6 w-fit items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-200"
      >
        <ChevronLeft className="h-4 w-4" aria-hidden /> {course.title}
      </Link>
      {enrolled ? (
        <div className="flex items-center gap-3">
          <Progress value={percent} label="Course progress" className="flex-1" />
          <span className="shrink-0 text-sm text-muted" data-testid="player-progress">
            {done}/{lessons.length} · {percent}%
          </span>
        </div>
      ) : null}
      {headerExtra}
    </div>
  );

  let main: ReactNode;
  if (finished) {
    main = <CompletionScreen course={course} courseKey={courseKey} />;
  } else if (!lesson) {
    main = (
      <EmptyState
        icon={SearchX}
        title="Lesson not found"
        action={
          <Link to={overview} className={buttonClasses('primary')}>
            Back to the course page
          </Link>
        }
      >
        This lesson is not part of the course any more.
      </EmptyState>
    );
  } else {
    const duration = formatMinutes(lesson.durationMinutes);
    // Quizzes and code exercises are completed by passing them.
    const canMark = enrolled && !lesson.locked && lesson.kind !== 'quiz' && lesson.kind !== 'exercise';
    main = (
      <article aria-labelledby="lesson-title" className="flex flex-col gap-8">
        <header>
          <p className="text-sm font-medium text-brand-700 dark:text-brand-200">{lesson.sectionTitle}</p>
          <h1
            id="lesson-title"
            ref={heading}
            tabIndex={-1}
            className="mt-1 text-3xl font-bold tracking-tight focus:outline-none"
          >
            {lesson.title}
          </h1>
          <p className="mt-2 text-sm text-muted">
            Lesson {lesson.index + 1} of {place.total} · {LESSON_KIND_LABEL[lesson.kind]}
            {duration ? ` · ${duration}` : ''}
            {lesson.completed ? ' · Completed' : ''}
          </p>
        </header>
        {allDone && enrolled && !course.viewer.completedAt ? (
          <div className="flex flex-col gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900 sm:flex-row sm:items-center sm:justify-between dark:bg-emerald-950/50 dark:text-emerald-100">
            <p className="text-sm font-medium">
              You have finished every lesson. Finish the course to get your certificate.
            </p>
            <Link to={finishedHref(courseKey)} className={buttonClasses('primary', 'sm')}>
              <Award className="h-4 w-4" aria-hidden /> Finish course
            </Link>
          </div>
        ) : null}
        <div>
          {lesson.lock ? (
            <GatedLesson lock={lesson.lock} courseKey={courseKey} />
          ) : lesson.locked ? (
            <LockedLesson course={course} courseKey={courseKey} />
          ) : lesson.kind === 'video' ? (
            <div className="flex flex-col gap-6">
              <VideoLesson
                key={lesson.id}
                lesson={lesson}
                startAt={course.viewer.lastLessonId === lesson.id ? course.viewer.lastPositionSeconds : 0}
                onPosition={
                  enrolled
                    ? (seconds) => saveResume({ courseId: course._id, lessonId: lesson.id, positionSeconds: seconds })
                    : null
                }
                onEnded={() => {
                  if (enrolled && !lesson.completed) toggleComplete(lesson);
                }}
              />
              {lesson.body?.trim() ? <Markdown>{lesson.body}</Markdown> : null}
            </div>
          ) : lesson.kind === 'quiz' ? (
            lesson.quizSettings ? (
              <DrawnQuizPanel key={lesson.id} course={course} lesson={lesson} />
            ) : (
              <QuizPanel key={lesson.id} course={course} lesson={lesson} />
            )
          ) : lesson.kind === 'exercise' ? (
            <ExerciseLesson key={lesson.id} course={course} lesson={lesson} />
          ) : (
            <ArticleLesson
              body={lesson.body ?? ''}
              title={`${course.title}: ${lesson.title}`}
              lessonId={lesson.id}
              lessonLink={lessonHref(courseKey, lesson.id)}
            />
          )}
        </div>
        {!enrolled && !course.viewer.canEdit && !lesson.locked ? (
          <EnrollCallout course={course} courseKey={courseKey} />
        ) : null}
        {canMark ? (
          <div className="flex flex-col gap-3 rounded-2xl border border-default bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted">
              {lesson.completed
                ? 'This lesson counts towards your progress.'
                : 'Done with this lesson? Mark it complete.'}
            </p>
            <Button
              variant={lesson.completed ? 'secondary' : 'primary'}
              aria-pressed={lesson.completed}
              onClick={() => toggleComplete(lesson)}
              data-testid="mark-complete"
            >
              {lesson.completed ? (
                <CheckCircle2 className="h-4 w-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
              ) : (
                <Circle className="h-4 w-4" aria-hidden />
              )}
              {lesson.completed ? 'Completed' : 'Mark complete'}
            </Button>
          </div>
        ) : null}
        <p role="status" className="sr-only" data-testid="player-announcement">
          {announcement}
        </p>
        <LessonNavigation
          courseKey={courseKey}
          previous={place.previous}
          next={place.next}
          canFinish={enrolled}
          allDone={allDone}
        />
      </article>
    );
  }

  return (
    // Phones read the way back and the progress first, then the outline button, then the lesson.
    <div className="mx-auto grid max-w-7xl gap-x-10 px-4 py-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <div className="min-w-0 lg:col-start-2 lg:row-start-1">{header}</div>
      <div className="mb-6 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:mb-0">{outline}</div>
      <div className="min-w-0 lg:col-start-2 lg:row-start-2">{main}</div>
    </div>
  );
}
