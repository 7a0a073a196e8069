import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CourseDetail,
  LESSON_BODY_MAX,
  LESSON_DURATION_MAX_MINUTES,
  LESSON_KINDS,
  LESSON_TITLE_MAX,
  type LessonKind,
} from '@learnbuild/domain/schemas/courses';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/class-names';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/field';
import { MarkdownField } from '@/components/ui/markdown-field';
import { SelectField } from '@/components/ui/select-field';
import { useToast } from '@/components/ui/toast';
import { useCreateLesson, useDeleteLesson, useUpdateLesson } from '@/features/course-editor/api/lessons';
import {
  findLesson,
  LESSON_FORM_FIELDS,
  type LessonFormValues,
  lessonFormSchema,
  lessonFormValues,
  lessonPayload,
  quizErrors,
} from '@/features/course-editor/lesson-form';
import { LESSON_KIND_LABEL, LessonKindIcon } from '@/features/courses/components/lesson-kind-icon';
import { errorMessage } from '@/lib/api-client';
import { applyServerDetails } from '@/lib/server-details';
import { useReportDirty } from '@/lib/use-report-dirty';
import { ExerciseEditor } from './exercise-editor';
import { QuizEditor } from './quiz-editor';
import { QuizSourceField } from './quiz-source-field';
import { SaveMessages } from './save-messages';
import { VideoField } from './video-field';

const BODY_LABELS: Record<LessonKind, string> = {
  article: 'Lesson text',
  video: 'Notes under the video',
  quiz: 'Introduction to the quiz',
  exercise: 'The exercise: what to write and why',
};

/**
 * One lesson: title, kind, duration, free preview, markdown body with a live preview, and its video or
 * quiz. `lessonId` 'new' adds a lesson to `sectionId`; otherwise the saved lesson is edited.
 */
export function LessonEditor({
  course,
  courseKey,
  lessonId,
  sectionId,
  onDirtyChange,
  onCreated,
  onDeleted,
}: {
  course: CourseDetail;
  courseKey: string;
  lessonId: string;
  sectionId?: string | null;
  onDirtyChange: (dirty: boolean) => void;
  onCreated: (lessonId: string) => void;
  onDeleted: () => void;
}) {
  const toast = useToast();
  const isNew = lessonId === 'new';
  const found = isNew ? undefined : findLesson(course, lessonId);
  const homeSectionId = found?.section.id ?? sectionId ?? course.sections[0]?.id ?? '';
  const form = useForm<LessonFormValues>({
    resolver: zodResolver(lessonFormSchema),
    defaultValues: lessonFormValues(found?.lesson, homeSectionId),
  });
  const [videoPreview, setVideoPreview] = useState<string | null>(
    found?.lesson.video?.source === 'upload' ? found.lesson.video.url : null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const createLesson = useCreateLesson(courseKey);
  const updateLesson = useUpdateLesson(courseKey);
  const deleteLesson = useDeleteLesson(courseKey);
  const { errors, isDirty, isSubmitting } = form.formState;
  const kind = form.watch('kind');
  const videoSource = form.watch('videoSource');
  const quizSource = form.watch('quizDraw').source;

  useReportDirty(isDirty, onDirtyChange);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  if (!isNew && !found) {
    return (
      <Card className="flex flex-col items-start gap-3 p-6">
        <h2 className="text-lg font-semibold">This lesson is not in the course any more</h2>
        <p className="text-sm text-muted">It may have been deleted in another tab.</p>
        <Link to="?tab=curriculum" className={buttonClasses('secondary', 'sm')}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the curriculum
        </Link>
      </Card>
    );
  }
  if (isNew && !course.sections.some((section) => section.id === homeSectionId)) {
    return (
      <Card className="flex flex-col items-start gap-3 p-6">
        <h2 className="text-lg font-semibold">Add a section first</h2>
        <p className="text-sm text-muted">Lessons live in sections. Add one in the curriculum, then its lessons.</p>
        <Link to="?tab=curriculum" className={buttonClasses('secondary', 'sm')}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the curriculum
        </Link>
      </Card>
    );
  }

  const submit = async (values: LessonFormValues) => {
    setFailure(null);
    setSaved(null);
    const body = lessonPayload(values);
    try {
      if (isNew) {
        const before = new Set(course.sections.flatMap((section) => section.lessons.map((lesson) => lesson.id)));
        const reply = await createLesson.mutateAsync({ courseId: course._id, sectionId: values.sectionId, body });
        const created = reply.course.sections
          .flatMap((section) => section.lessons)
          .find((lesson) => !before.has(lesson.id));
        form.reset(values);
        toast(`Added the lesson "${body.title}"`, 'success');
        if (created) onCreated(created.id);
        return;
      }
      const moved = values.sectionId !== found?.section.id ? { sectionId: values.sectionId } : {};
      const reply = await updateLesson.mutateAsync({
        courseId: course._id,
        lessonId,
        body: { ...body, ...moved },
      });
      const stored = findLesson(reply.course, lessonId);
      form.reset(stored ? lessonFormValues(stored.lesson, stored.section.id) : values);
      setSaved('Lesson saved.');
    } catch (error) {
      const unmatched = applyServerDetails(error, LESSON_FORM_FIELDS, (path, message) =>
        form.setError(path as keyof LessonFormValues, { type: 'server', message }),
      );
      const general = errorMessage(error, 'The lesson could not be saved');
      setFailure(unmatched.length > 0 ? `${general}: ${unmatched.map((d) => d.message).join('; ')}` : general);
    }
  };

  const prerequisiteOptions = [
    { value: '', label: 'No lesson required' },
    ...course.sections.flatMap((section) =>
      section.lessons
        .filter((lesson) => lesson.id !== lessonId)
        .map((lesson) => ({ value: lesson.id, label: `${section.title}: ${lesson.title}` })),
    ),
  ];
  const sectionOptions = course.sections.map((section, index) => ({
    value: section.id,
    label: `Section ${index + 1}: ${section.title}`,
  }));
  const title = isNew
    ? `New lesson in "${course.sections.find((section) => section.id === homeSectionId)?.title ?? ''}"`
    : `Edit lesson: ${found?.lesson.title}`;

  // A quiz's introduction comes before its questions; an article's or a video's text after its video.
  const bodyEditor = (
    <Controller
      control={form.control}
      name="body"
      render={({ field, fieldState }) => (
        <MarkdownField
          ref={field.ref}
          label={BODY_LABELS[kind]}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          maxLength={LESSON_BODY_MAX}
          layout="split"
          tall={kind === 'article'}
          hint="Markdown with code blocks (```sql), tables and links. The preview is what learners see."
        />
      )}
    />
  );

  return (
    <Card className="p-4 sm:p-6" data-testid="lesson-editor">
      <div className="mb-6 flex flex-col gap-3">
        <Link
          to="?tab=curriculum"
          className="inline-flex items-center gap-1 self-start text-sm text-brand-700 underline-offset-4 hover:underline dark:text-brand-200"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the curriculum
        </Link>
        <h2 className="text-xl font-semibold break-words">{title}</h2>
      </div>
      <form
        noValidate
        onSubmit={form.handleSubmit(submit)}
        className="flex flex-col gap-6"
        aria-label={isNew ? 'New lesson' : 'Lesson'}
      >
        <TextField
          label="Lesson title"
          maxLength={LESSON_TITLE_MAX}
          error={errors.title?.message}
          {...form.register('title')}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Kind of lesson</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {LESSON_KINDS.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-default px-3 py-2 text-sm font-medium has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:has-[:checked]:bg-brand-900/40',
                )}
              >
                <input type="radio" value={value} className="h-4 w-4 accent-brand-600" {...form.register('kind')} />
                <LessonKindIcon kind={value} />
                {LESSON_KIND_LABEL[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Duration (minutes)"
            type="number"
            min={0}
            max={LESSON_DURATION_MAX_MINUTES}
            step={1}
            inputMode="numeric"
            error={errors.durationMinutes?.message}
            {...form.register('durationMinutes', { valueAsNumber: true })}
          />
          <SelectField
            label="Section"
            options={sectionOptions}
            error={errors.sectionId?.message}
            {...form.register('sectionId')}
          />
        </div>
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-600" {...form.register('freePreview')} />
          <span>
            <span className="font-medium">Free preview</span>
            <span className="block text-muted">Anyone can open this lesson before enrolling.</span>
          </span>
        </label>
        <fieldset className="flex flex-col gap-4 rounded-xl border border-default p-4" data-testid="lesson-release">
          <legend className="px-1 text-sm font-medium">When it opens for learners</legend>
          <p className="text-sm text-muted">
            Leave these blank to open the lesson at once. Set more than one and the lesson waits for all of them.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Opens after (days from enrolment)"
              inputMode="numeric"
              placeholder="e.g. 3"
              hint="Counted in whole 24-hour days from the moment each learner enrolled."
              error={errors.releaseAfterDays?.message}
              {...form.register('releaseAfterDays')}
            />
            <TextField
              label="Opens on (date and time, for everyone)"
              type="datetime-local"
              error={errors.releaseAt?.message}
              {...form.register('releaseAt')}
            />
          </div>
          <SelectField
            label="Requires this lesson completed first"
            options={prerequisiteOptions}
            error={errors.prerequisiteLessonId?.message}
            {...form.register('prerequisiteLessonId')}
          />
        </fieldset>
        <TextField
          label="Due N days after the cohort starts"
          inputMode="numeric"
          placeholder="e.g. 7"
          hint="For learners in a cohort: due by the end of that day in their time zone. Blank: no due date."
          error={errors.dueAfterDays?.message}
          {...form.register('dueAfterDays')}
        />
        {kind === 'video' ? (
          <Controller
            control={form.control}
            name="videoMediaId"
            render={({ field, fieldState }) => (
              <VideoField
                source={videoSource}
                onSourceChange={(source) => form.setValue('videoSource', source, { shouldDirty: true })}
                previewUrl={field.value ? videoPreview : null}
                onUploaded={(media) => {
                  field.onChange(media.id);
                  setVideoPreview(media.url);
                }}
                videoUrl={form.watch('videoUrl')}
                onVideoUrlChange={(url) => form.setValue('videoUrl', url, { shouldDirty: true })}
                uploadError={fieldState.error?.message}
                urlError={errors.videoUrl?.message}
              />
            )}
          />
        ) : null}
        {kind === 'quiz' ? bodyEditor : null}
        {kind === 'quiz' ? (
          <Controller
            control={form.control}
            name="quizDraw"
            render={({ field, fieldState }) => (
              <QuizSourceField
                courseId={course._id}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
        {kind === 'quiz' && quizSource === 'fixed' ? (
          <Controller
            control={form.control}
            name="quiz"
            render={({ field, fieldState }) => (
              <QuizEditor value={field.value} onChange={field.onChange} errors={quizErrors(fieldState.error)} />
            )}
          />
        ) : null}
        {kind !== 'quiz' ? bodyEditor : null}
        {kind === 'exercise' ? (
          <Controller
            control={form.control}
            name="exercise"
            render={({ field, fieldState }) => (
              <ExerciseEditor
                courseId={course._id}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
        <div className="flex flex-col gap-3">
          <SaveMessages failure={failure} saved={saved} dirty={isDirty} />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : isNew ? 'Add lesson' : 'Save lesson'}
            </Button>
            <Link to="?tab=curriculum" className={buttonClasses('ghost')}>
              Cancel
            </Link>
            {isDirty ? <span className="text-sm text-muted">Unsaved changes</span> : null}
            {!isNew ? (
              <Button
                variant="ghost"
                className="ml-auto text-red-700 dark:text-red-300"
                onClick={() => setConfirmDelete(true)}
              >
                <Trash2 className="h-4 w-4" aria-hidden /> Delete lesson
              </Button>
            ) : null}
          </div>
        </div>
      </form>
      {confirmDelete && found ? (
        <ConfirmDialog
          title={`Delete the lesson "${found.lesson.title}"?`}
          description="The lesson and learners' progress in it are deleted. This cannot be undone."
          confirmLabel="Delete lesson"
          busy={deleteLesson.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            deleteLesson.mutate(
              { courseId: course._id, lessonId },
              {
                onSuccess: () => {
                  toast(`Deleted "${found.lesson.title}"`, 'success');
                  onDeleted();
                },
                onError: (error) => toast(errorMessage(error, 'The lesson could not be deleted'), 'error'),
                onSettled: () => setConfirmDelete(false),
              },
            )
          }
        />
      ) : null}
    </Card>
  );
}
