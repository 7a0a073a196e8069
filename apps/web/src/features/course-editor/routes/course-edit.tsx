import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, type Location, useNavigate, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CourseStatusBadge } from '@/components/ui/course-status-badge';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { CohortsEditor } from '@/features/cohorts/components/cohorts-editor';
import { useEditableCourse } from '@/features/course-editor/api/get-course';
import { useUpdateCourse } from '@/features/course-editor/api/update-course';
import { CourseDetailsForm } from '@/features/course-editor/components/course-details-form';
import { CurriculumBuilder } from '@/features/course-editor/components/curriculum-builder';
import { EditorSkeleton, ForbiddenCourse, MissingCourse } from '@/features/course-editor/components/editor-states';
import { LessonEditor } from '@/features/course-editor/components/lesson-editor';
import { type EditorTab, PublishPanel } from '@/features/course-editor/components/publish-panel';
import { QuestionBank } from '@/features/course-editor/components/question-bank';
import { errorStatus } from '@/lib/api-client';

const TABS: { value: EditorTab; label: string }[] = [
  { value: 'details', label: 'Details' },
  { value: 'curriculum', label: 'Curriculum' },
  { value: 'cohorts', label: 'Cohorts' },
  { value: 'questions', label: 'Question bank' },
  { value: 'publish', label: 'Publish' },
];

function tabOf(value: string | null): EditorTab {
  return TABS.some((tab) => tab.value === value) ? (value as EditorTab) : 'details';
}

function lessonOf(location: Location) {
  const params = new URLSearchParams(location.search);
  return `${params.get('lesson') ?? ''}/${params.get('section') ?? ''}`;
}

/** SPEC 2 /courses/edit/:courseId: details, curriculum with the lesson editor, and publishing. */
export function CourseEditPage() {
  const { courseId = '' } = useParams();
  const course = useEditableCourse(courseId);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      {course.isPending ? (
        <EditorSkeleton />
      ) : course.isError ? (
        errorStatus(course.error) === 404 ? (
          <MissingCourse />
        ) : errorStatus(course.error) === 403 ? (
          <ForbiddenCourse />
        ) : (
          <InlineLoadError
            error={course.error}
            fallback="The course could not be loaded"
            onRetry={() => void course.refetch()}
          />
        )
      ) : !course.data.viewer.canEdit ? (
        <ForbiddenCourse viewHref={`/courses/${course.data.slug}`} />
      ) : (
        <CourseEditor course={course.data} courseKey={courseId} />
      )}
    </div>
  );
}

function CourseEditor({ course, courseKey }: { course: CourseDetail; courseKey: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const lessonId = params.get('lesson');
  const [detailsDirty, setDetailsDirty] = useState(false);
  const [lessonDirty, setLessonDirty] = useState(false);
  const update = useUpdateCourse(courseKey);

  // Tabs stay mounted, so switching tabs loses nothing; leaving the page, or opening another lesson
  // while this one has unsaved changes, does.
  const { prompt, leaveFreely } = useUnsavedChanges(
    detailsDirty || lessonDirty,
    useCallback(
      (current: Location, next: Location) =>
        current.pathname !== next.pathname || (lessonDirty && lessonOf(current) !== lessonOf(next)),
      [lessonDirty],
    ),
  );

  const goTo = (next: EditorTab) =>
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );

  return (
    <>
      <Link
        to="/instructor-panel"
        className="mb-4 inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-4 hover:underline dark:text-brand-200"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Instructor Panel
      </Link>
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted">Edit course</p>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{course.title}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
            <CourseStatusBadge status={course.status} />
            <span>
              {course.lessonCount} {course.lessonCount === 1 ? 'lesson' : 'lessons'} · {course.enrolledCount}{' '}
              {course.enrolledCount === 1 ? 'learner' : 'learners'}
            </span>
          </div>
        </div>
        <Link to={`/courses/${course.slug}`} className={buttonClasses('secondary', 'sm')}>
          <ExternalLink className="h-4 w-4" aria-hidden />
          {course.status === 'published' ? 'View course' : 'Preview course'}
        </Link>
      </header>
      <Tabs value={tab} onValueChange={(value) => goTo(tabOf(value))} className="flex flex-col gap-6">
        <TabsList aria-label="Course editor sections" className="self-start">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
              {(value === 'details' && detailsDirty) || (value === 'curriculum' && lessonDirty) ? (
                <>
                  <span className="ml-1.5 inline-block h-2 w-2 rounded-full bg-amber-500" aria-hidden />
                  <span className="sr-only">(unsaved changes)</span>
                </>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="details" forceMount className="focus:outline-none data-[state=inactive]:hidden">
          <Card className="p-4 sm:p-6">
            <CourseDetailsForm
              course={course}
              submitLabel="Save details"
              save={async (body) => (await update.mutateAsync({ courseId: course._id, body })).course}
              onDirtyChange={setDetailsDirty}
            />
          </Card>
        </TabsContent>
        <TabsContent value="curriculum" forceMount className="focus:outline-none data-[state=inactive]:hidden">
          {lessonId ? (
            <LessonEditor
              key={`${lessonId}/${params.get('section') ?? ''}`}
              course={course}
              courseKey={courseKey}
              lessonId={lessonId}
              sectionId={params.get('section')}
              onDirtyChange={setLessonDirty}
              onCreated={(created) => {
                leaveFreely();
                setParams({ tab: 'curriculum', lesson: created }, { replace: true });
              }}
              onDeleted={() => {
                leaveFreely();
                setParams({ tab: 'curriculum' });
              }}
            />
          ) : (
            <CurriculumBuilder course={course} courseKey={courseKey} />
          )}
        </TabsContent>
        <TabsContent value="cohorts" className="focus:outline-none">
          <CohortsEditor courseId={course._id} />
        </TabsContent>
        <TabsContent value="questions" className="focus:outline-none">
          <QuestionBank courseId={course._id} />
        </TabsContent>
        <TabsContent value="publish" forceMount className="focus:outline-none data-[state=inactive]:hidden">
          <PublishPanel
            course={course}
            courseKey={courseKey}
            detailsDirty={detailsDirty}
            onGoTo={goTo}
            onErased={(message) => {
              toast(message, 'success');
              leaveFreely();
              navigate('/instructor-panel');
            }}
          />
        </TabsContent>
      </Tabs>
      {prompt}
    </>
  );
}
