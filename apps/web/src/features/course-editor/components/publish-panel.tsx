import {
  type CourseDetail,
  type CourseStatus,
  missingForPublish,
  PUBLISH_REQUIREMENTS,
  type PublishRequirement,
} from '@learnbuild/domain/schemas/courses';
import { Archive, CheckCircle2, CircleAlert, EyeOff, Rocket, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/class-names';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CourseStatusBadge } from '@/components/ui/course-status-badge';
import { FormMessage } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { type DeleteCourseReply, useDeleteCourse } from '@/features/course-editor/api/delete-course';
import { useUpdateCourse } from '@/features/course-editor/api/update-course';
import { errorMessage } from '@/lib/api-client';
import { serverDetails } from '@/lib/server-details';

export type EditorTab = 'details' | 'curriculum' | 'cohorts' | 'questions' | 'publish';

/** Where the author fixes each requirement. */
const FIX_IN: Record<PublishRequirement, EditorTab> = {
  title: 'details',
  description: 'details',
  lesson: 'curriculum',
};

const STATUS_TEXT: Record<CourseStatus, string> = {
  draft: 'Draft: only you and admins can see it. Learners cannot find or enrol in it yet.',
  published: 'Published: learners find it in the catalogue and can enrol.',
  archived: 'Archived: hidden from the catalogue; learners already enrolled keep their access and progress.',
};

/** The checklist's rows: every requirement, with whether it is met now. */
export function publishChecklist(course: Pick<CourseDetail, 'title' | 'description' | 'lessonCount'>) {
  const missing = missingForPublish(course);
  const met: Record<PublishRequirement, string> = {
    title: 'The course has a title',
    description: 'The course has a description',
    lesson: `The course has ${course.lessonCount} ${course.lessonCount === 1 ? 'lesson' : 'lessons'}`,
  };
  return (Object.keys(PUBLISH_REQUIREMENTS) as PublishRequirement[]).map((key) => {
    const done = !missing.includes(key);
    // What is missing reads as the server words it; what is there says so.
    return { key, label: done ? met[key] : PUBLISH_REQUIREMENTS[key], done };
  });
}

/** What a delete did, said plainly: the server archives a course with learners instead of erasing it. */
function deleteOutcome(reply: DeleteCourseReply): string {
  return reply.archived
    ? 'The course has learners, so it was archived instead of deleted: it is hidden from the catalogue and its learners keep their progress.'
    : 'The course was deleted for good.';
}

/**
 * The publish checklist (from missingForPublish, the rule the server applies too), the course's status,
 * and Publish / Unpublish / Archive-or-delete. The server's refusal and its details show here.
 */
export function PublishPanel({
  course,
  courseKey,
  detailsDirty,
  onGoTo,
  onErased,
}: {
  course: CourseDetail;
  courseKey: string;
  detailsDirty: boolean;
  onGoTo: (tab: EditorTab) => void;
  /** The course is gone (not archived): the page leaves. */
  onErased: (message: string) => void;
}) {
  const toast = useToast();
  const update = useUpdateCourse(courseKey);
  const remove = useDeleteCourse(courseKey);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const checklist = publishChecklist(course);
  const ready = checklist.every((item) => item.done);
  const details = serverDetails(update.error);

  const setStatus = (status: CourseStatus, done: string) => {
    setOutcome(null);
    update.mutate(
      { courseId: course._id, body: { status } },
      {
        onSuccess: () => {
          setOutcome(done);
          toast(done, 'success');
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6" data-testid="publish-panel">
      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold">Status</h2>
          <CourseStatusBadge status={course.status} />
        </div>
        <p className="mt-2 text-sm text-muted">{STATUS_TEXT[course.status]}</p>
        {course.enrolledCount > 0 ? (
          <p className="mt-1 text-sm text-muted">
            {course.enrolledCount} {course.enrolledCount === 1 ? 'learner is' : 'learners are'} enrolled.
          </p>
        ) : null}
      </Card>

      <Card className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold" id="publish-checklist-title">
          Publish checklist
        </h2>
        <p className="mt-1 text-sm text-muted">
          {ready ? 'Everything a course needs is here.' : 'Before learners can enrol, the course needs:'}
        </p>
        <ul
          aria-labelledby="publish-checklist-title"
          className="mt-4 flex flex-col gap-2"
          data-testid="publish-checklist"
        >
          {checklist.map((item) => (
            <li
              key={item.key}
              data-done={item.done}
              className={cn(
                'flex flex-wrap items-center gap-3 rounded-lg border px-3 py-2 text-sm',
                item.done
                  ? 'border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40'
                  : 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40',
              )}
            >
              {item.done ? (
                <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-700 dark:text-emerald-300" aria-hidden />
              ) : (
                <CircleAlert className="h-5 w-5 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
              )}
              <span className="flex-1">
                <span className="sr-only">{item.done ? 'Done: ' : 'Missing: '}</span>
                {item.label}
              </span>
              {item.done ? null : (
                <Button variant="secondary" size="sm" onClick={() => onGoTo(FIX_IN[item.key])}>
                  {FIX_IN[item.key] === 'details' ? 'Edit details' : 'Open curriculum'}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {detailsDirty ? (
          <p className="mt-3 text-sm text-amber-800 dark:text-amber-200">
            The details form has unsaved changes: the checklist and publishing use what is saved.
          </p>
        ) : null}
        <div aria-live="polite" className="mt-4 flex flex-col gap-2">
          {update.error ? (
            <div
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
            >
              <p>{errorMessage(update.error, 'The status could not be changed')}</p>
              {details.length > 0 ? (
                <ul className="mt-1 list-disc pl-5">
                  {details.map((detail) => (
                    <li key={`${detail.path}-${detail.message}`}>{detail.message}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          {outcome && !update.error ? <FormMessage message={outcome} tone="success" /> : null}
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          {course.status !== 'published' ? (
            <Button onClick={() => setStatus('published', 'The course is published.')} disabled={update.isPending}>
              <Rocket className="h-4 w-4" aria-hidden />
              {course.status === 'archived' ? 'Publish again' : 'Publish course'}
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={() => setStatus('draft', 'The course is back to draft: learners cannot find it now.')}
              disabled={update.isPending}
            >
              <EyeOff className="h-4 w-4" aria-hidden /> Unpublish
            </Button>
          )}
          {course.status === 'archived' ? (
            <Button
              variant="secondary"
              onClick={() => setStatus('draft', 'The course is a draft again.')}
              disabled={update.isPending}
            >
              Move to drafts
            </Button>
          ) : null}
        </div>
      </Card>

      <Card className="border-red-200 p-4 sm:p-6 dark:border-red-900">
        <h2 className="text-lg font-semibold">Archive or delete</h2>
        <p className="mt-1 text-sm text-muted">
          A course with learners is archived so nobody loses their progress; a course without learners is deleted for
          good.
        </p>
        <Button variant="danger" className="mt-4" onClick={() => setConfirmDelete(true)} disabled={remove.isPending}>
          {course.enrolledCount > 0 ? (
            <Archive className="h-4 w-4" aria-hidden />
          ) : (
            <Trash2 className="h-4 w-4" aria-hidden />
          )}
          {course.enrolledCount > 0 ? 'Archive course' : 'Delete course'}
        </Button>
        {remove.error ? (
          <div className="mt-3">
            <FormMessage message={errorMessage(remove.error, 'The course could not be deleted')} tone="error" />
          </div>
        ) : null}
      </Card>

      {confirmDelete ? (
        <ConfirmDialog
          title={course.enrolledCount > 0 ? `Archive "${course.title}"?` : `Delete "${course.title}"?`}
          description={
            course.enrolledCount > 0
              ? `It has ${course.enrolledCount} ${course.enrolledCount === 1 ? 'learner' : 'learners'}: it will be archived, hidden from the catalogue, and they keep their access and progress.`
              : 'It has no learners: the course, its sections and lessons are deleted for good. Uploaded files stay in your library.'
          }
          confirmLabel={course.enrolledCount > 0 ? 'Archive course' : 'Delete course'}
          busy={remove.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(course._id, {
              onSuccess: (reply) => {
                const message = deleteOutcome(reply);
                setConfirmDelete(false);
                if (reply.archived) {
                  setOutcome(message);
                  toast(message, 'success');
                } else onErased(message);
              },
              onError: () => setConfirmDelete(false),
            })
          }
        />
      ) : null}
    </div>
  );
}
