import type { CourseDetail, CourseSection, Lesson } from '@learnbuild/domain/schemas/courses';
import { LayoutList, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useDeleteLesson, useReorderLessons } from '@/features/course-editor/api/lessons';
import {
  useCreateSection,
  useDeleteSection,
  useRenameSection,
  useReorderSections,
} from '@/features/course-editor/api/sections';
import { moveAnnouncement, stepOrder } from '@/features/course-editor/curriculum-order';
import { useDragReorder } from '@/features/course-editor/use-drag-reorder';
import { errorMessage } from '@/lib/api-client';
import { SectionCard, sectionTitleError } from './section-card';

type Deleting = { kind: 'section'; section: CourseSection } | { kind: 'lesson'; lesson: Lesson } | null;

/**
 * Sections and their lessons: add, rename, delete (after a confirm), and reorder with Move up / Move down
 * or by dragging a row's handle. Each move is read out in a live region and saved at once; the row's
 * move button keeps the focus after the row moved.
 */
export function CurriculumBuilder({ course, courseKey }: { course: CourseDetail; courseKey: string }) {
  const toast = useToast();
  const root = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusMove, setFocusMove] = useState<{ id: string; by: -1 | 1; order: string[] } | null>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [newTitle, setNewTitle] = useState('');
  const [newTitleError, setNewTitleError] = useState<string | undefined>();

  const createSection = useCreateSection(courseKey);
  const renameSection = useRenameSection(courseKey);
  const deleteSection = useDeleteSection(courseKey);
  const reorderSections = useReorderSections(courseKey);
  const reorderLessons = useReorderLessons(courseKey);
  const deleteLesson = useDeleteLesson(courseKey);

  const sectionIds = course.sections.map((section) => section.id);
  const titleOf = (id: string) =>
    course.sections.find((section) => section.id === id)?.title ??
    course.sections.flatMap((section) => section.lessons).find((lesson) => lesson.id === id)?.title ??
    '';

  // A moved row is re-inserted in the page, which drops the focus: once the list shows the new order,
  // give the focus back to the row's move button (the other one when it reached the end).
  useEffect(() => {
    if (!focusMove) return;
    const shown = sectionIds.includes(focusMove.id)
      ? sectionIds
      : course.sections
          .find((section) => section.lessons.some((lesson) => lesson.id === focusMove.id))
          ?.lessons.map((lesson) => lesson.id);
    if (shown?.join() !== focusMove.order.join()) return;
    const scope = root.current;
    const button = (by: number) =>
      scope?.querySelector<HTMLButtonElement>(`[data-move="${focusMove.id}"][data-by="${by}"]`);
    const preferred = button(focusMove.by);
    const target = preferred && !preferred.disabled ? preferred : button(-focusMove.by);
    target?.focus();
    setFocusMove(null);
  }, [course, focusMove, sectionIds]);

  const saveSectionOrder = (order: string[], movedId: string, by?: -1 | 1) => {
    setAnnouncement(moveAnnouncement(titleOf(movedId), order, movedId));
    setFocusMove(by ? { id: movedId, by, order } : null);
    reorderSections.mutate(
      { courseId: course._id, body: { ids: order } },
      {
        onError: (error) => {
          setFocusMove(null);
          setAnnouncement('The new order could not be saved; the sections are back in their old order.');
          toast(errorMessage(error, 'The new order could not be saved'), 'error');
        },
      },
    );
  };
  const saveLessonOrder = (sectionId: string, order: string[], movedId: string, by?: -1 | 1) => {
    setAnnouncement(moveAnnouncement(titleOf(movedId), order, movedId));
    setFocusMove(by ? { id: movedId, by, order } : null);
    reorderLessons.mutate(
      { courseId: course._id, sectionId, body: { ids: order } },
      {
        onError: (error) => {
          setFocusMove(null);
          setAnnouncement('The new order could not be saved; the lessons are back in their old order.');
          toast(errorMessage(error, 'The new order could not be saved'), 'error');
        },
      },
    );
  };
  const sectionDrag = useDragReorder(sectionIds, (order, movedId) => saveSectionOrder(order, movedId));

  const addSection = (event: FormEvent) => {
    event.preventDefault();
    const problem = sectionTitleError(newTitle);
    setNewTitleError(problem);
    if (problem) return;
    createSection.mutate(
      { courseId: course._id, body: { title: newTitle.trim() } },
      {
        onSuccess: () => {
          setAnnouncement(`Added the section "${newTitle.trim()}".`);
          setNewTitle('');
        },
        onError: (error) => setNewTitleError(errorMessage(error, 'The section could not be added')),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const done = {
      onSuccess: () => {
        const title = deleting.kind === 'section' ? deleting.section.title : deleting.lesson.title;
        setAnnouncement(`Deleted "${title}".`);
        toast(`Deleted "${title}"`, 'success');
      },
      onError: (error: unknown) => toast(errorMessage(error, 'It could not be deleted'), 'error'),
      onSettled: () => setDeleting(null),
    };
    if (deleting.kind === 'section')
      deleteSection.mutate({ courseId: course._id, sectionId: deleting.section.id }, done);
    else deleteLesson.mutate({ courseId: course._id, lessonId: deleting.lesson.id }, done);
  };

  return (
    <div ref={root} className="flex flex-col gap-4" data-testid="curriculum-builder">
      <p role="status" aria-live="polite" aria-atomic className="sr-only" data-testid="curriculum-announcer">
        {announcement}
      </p>
      <p className="text-sm text-muted">
        {course.sections.length} {course.sections.length === 1 ? 'section' : 'sections'} · {course.lessonCount}{' '}
        {course.lessonCount === 1 ? 'lesson' : 'lessons'} · {course.totalMinutes} min. Reorder with the arrows
        <span className="hidden sm:inline"> or drag a row by its handle</span>; changes save at once.
      </p>
      {course.sections.length === 0 ? (
        <EmptyState icon={LayoutList} title="No sections yet" className="py-8">
          Sections group lessons, e.g. "Getting started" or "Joins and indexes". Add the first one below, then its
          lessons.
        </EmptyState>
      ) : (
        <ol aria-label="Sections" className="flex flex-col gap-4">
          {course.sections.map((section, index) => (
            <SectionCard
              key={section.id}
              section={section}
              index={index}
              count={course.sections.length}
              rowProps={sectionDrag.targetProps(section.id)}
              handleProps={(row) => sectionDrag.handleProps(section.id, row)}
              onMove={(by) => {
                const order = stepOrder(sectionIds, section.id, by);
                if (order) saveSectionOrder(order, section.id, by);
              }}
              onRename={(title) =>
                renameSection.mutateAsync({ courseId: course._id, sectionId: section.id, body: { title } })
              }
              onDelete={() => setDeleting({ kind: 'section', section })}
              onReorderLessons={(order, movedId) => {
                const lessonIds = section.lessons.map((lesson) => lesson.id);
                const from = lessonIds.indexOf(movedId);
                const to = order.indexOf(movedId);
                // A one-step move came from a button (keep its focus); a longer one from a drag.
                saveLessonOrder(
                  section.id,
                  order,
                  movedId,
                  Math.abs(to - from) === 1 ? (Math.sign(to - from) as -1 | 1) : undefined,
                );
              }}
              onDeleteLesson={(lesson) => setDeleting({ kind: 'lesson', lesson })}
            />
          ))}
        </ol>
      )}
      <Card className="p-4">
        <form onSubmit={addSection} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <TextField
            label="New section title"
            value={newTitle}
            onChange={(event) => setNewTitle(event.target.value)}
            error={newTitleError}
            placeholder="e.g. Getting started"
            className="flex-1"
          />
          <Button type="submit" className="sm:mt-7" disabled={createSection.isPending}>
            <Plus className="h-4 w-4" aria-hidden /> Add section
          </Button>
        </form>
      </Card>
      {deleting ? (
        <ConfirmDialog
          title={
            deleting.kind === 'section'
              ? `Delete the section "${deleting.section.title}"?`
              : `Delete the lesson "${deleting.lesson.title}"?`
          }
          description={
            deleting.kind === 'section'
              ? deleting.section.lessons.length > 0
                ? `Its ${deleting.section.lessons.length} ${deleting.section.lessons.length === 1 ? 'lesson goes' : 'lessons go'} with it, and learners' progress in them. This cannot be undone.`
                : 'The section is empty. This cannot be undone.'
              : "The lesson and learners' progress in it are deleted. This cannot be undone."
          }
          confirmLabel={deleting.kind === 'section' ? 'Delete section' : 'Delete lesson'}
          busy={deleteSection.isPending || deleteLesson.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      ) : null}
    </div>
  );
}
