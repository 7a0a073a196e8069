import { courseProgressPercent } from '@learnbuild/domain/courses';
import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { Award, BookOpen, Clock, Pencil, PlayCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { Progress } from '@/components/ui/progress';
import { useToast } from '@/components/ui/toast';
import { useEnroll } from '@/features/courses/api/enroll';
import { countOf, formatMinutes } from '@/features/courses/course-format';
import { courseLessons, lessonHref, resumeLessonId } from '@/features/courses/lesson-order';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

// Only an enrolled learner sees the course's options: a visitor's course page loads no menu code.
const LeaveCourse = lazy(async () => ({ default: (await import('./leave-course')).LeaveCourse }));

/**
 * Enroll for a visitor, or the way back in for a learner. An anonymous visitor goes to log in and
 * comes back with `?enroll=1`, which finishes the enrolment they asked for.
 */
export function useEnrollAction(course: CourseDetail, courseKey: string) {
  const { user } = useSession();
  const enroll = useEnroll();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const askedAfterLogin = useRef(false);

  const start = () => {
    if (!user) {
      const back = new URLSearchParams(location.search);
      back.set('enroll', '1');
      navigate(`/login?redirectTo=${encodeURIComponent(`${location.pathname}?${back}`)}`);
      return;
    }
    enroll.mutate(course._id, {
      onSuccess: (reply) => toast(reply.message || `You're enrolled in ${course.title}`, 'success'),
      onError: (error) => toast(errorMessage(error, 'Could not enroll in this course'), 'error'),
    });
  };

  const wantsEnroll = params.get('enroll') === '1';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the learner returns from logging in
  useEffect(() => {
    if (!wantsEnroll || !user || askedAfterLogin.current) return;
    askedAfterLogin.current = true;
    const next = new URLSearchParams(params);
    next.delete('enroll');
    setParams(next, { replace: true });
    if (!course.viewer.enrolled && !course.viewer.canEdit) start();
  }, [wantsEnroll, user]);

  return { start, pending: enroll.isPending, courseKey };
}

/** The course page's call to action: Enroll, or progress with Continue; the certificate when finished. */
export function EnrollPanel({ course, courseKey }: { course: CourseDetail; courseKey: string }) {
  const { viewer } = course;
  const lessons = courseLessons(course);
  const done = lessons.filter((lesson) => lesson.completed).length;
  const percent = courseProgressPercent(done, lessons.length);
  const resume = resumeLessonId(course);
  const action = useEnrollAction(course, courseKey);
  const duration = formatMinutes(course.totalMinutes);

  return (
    <div className="flex flex-col gap-4 p-5">
      {viewer.enrolled ? (
        <>
          <div>
            <div className="mb-2 flex items-center justify-between text-sm">
              <span className="text-muted">
                {viewer.completedAt ? 'Course completed' : `${done} of ${lessons.length} lessons done`}
              </span>
              <span className="font-semibold" data-testid="course-percent">
                {percent}%
              </span>
            </div>
            <Progress value={percent} label="Your progress in this course" />
          </div>
          <div className="flex items-center gap-2">
            {resume ? (
              <Link
                to={lessonHref(courseKey, resume)}
                className={cn(buttonClasses(viewer.completedAt ? 'secondary' : 'primary', 'lg'), 'flex-1')}
              >
                <PlayCircle className="h-5 w-5" aria-hidden />
                {viewer.completedAt
                  ? 'Open the lessons'
                  : done > 0 || viewer.lastLessonId
                    ? 'Continue'
                    : 'Start course'}
              </Link>
            ) : null}
            <Suspense fallback={null}>
              <LeaveCourse course={course} />
            </Suspense>
          </div>
          {viewer.certificateId ? (
            <Link to={`/certificates/${viewer.certificateId}`} className={buttonClasses('primary')}>
              <Award className="h-4 w-4" aria-hidden /> View your certificate
            </Link>
          ) : null}
        </>
      ) : viewer.canEdit ? (
        <>
          <p className="text-sm text-muted">You can edit this course and read every lesson.</p>
          <Link to={`/courses/edit/${encodeURIComponent(course._id)}`} className={buttonClasses('primary', 'lg')}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit course
          </Link>
          {resume ? (
            <Link to={lessonHref(courseKey, resume)} className={buttonClasses('secondary')}>
              <PlayCircle className="h-4 w-4" aria-hidden /> Open the lessons
            </Link>
          ) : null}
        </>
      ) : (
        <>
          <p className="text-2xl font-bold">Free</p>
          <Button size="lg" onClick={action.start} disabled={action.pending || course.status !== 'published'}>
            {action.pending ? 'Enrolling…' : 'Enroll now'}
          </Button>
          {course.status !== 'published' ? (
            <p className="text-sm text-muted">This course no longer takes new learners.</p>
          ) : null}
          {course.prerequisiteCourse && !course.prerequisiteCourse.completed ? (
            // Gating (issue 30): the server refuses the enrolment until then; say so before the click.
            <p className="text-sm text-muted" data-testid="course-prerequisite">
              Complete{' '}
              <Link
                to={`/courses/${encodeURIComponent(course.prerequisiteCourse.slug)}`}
                className="font-medium text-brand-700 underline dark:text-brand-200"
              >
                {course.prerequisiteCourse.title}
              </Link>{' '}
              before enrolling in this course.
            </p>
          ) : null}
        </>
      )}
      <ul className="flex flex-col gap-2 border-t border-default pt-4 text-sm text-muted">
        <li className="inline-flex items-center gap-2">
          <BookOpen className="h-4 w-4" aria-hidden /> {countOf(course.lessonCount, 'lesson')}
        </li>
        {duration ? (
          <li className="inline-flex items-center gap-2">
            <Clock className="h-4 w-4" aria-hidden /> {duration} in total
          </li>
        ) : null}
        <li className="inline-flex items-center gap-2">
          <Award className="h-4 w-4" aria-hidden /> Certificate of completion
        </li>
      </ul>
    </div>
  );
}
