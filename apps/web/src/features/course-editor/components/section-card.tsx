import { type CourseSection, type Lesson, sectionBodySchema } from '@learnbuild/domain/schemas/courses';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/class-names';
import { MoveButtons } from '@/components/ui/move-buttons';
import { RenameForm } from '@/components/ui/rename-form';
import { stepOrder } from '@/features/course-editor/curriculum-order';
import { useDragReorder } from '@/features/course-editor/use-drag-reorder';
import { LESSON_KIND_LABEL, LessonKindIcon } from '@/features/courses/components/lesson-kind-icon';
import { errorMessage } from '@/lib/api-client';
import { DragHandle } from './drag-handle';

const rowDropClasses =
  'data-[drop-target]:outline-2 data-[drop-target]:outline-dashed data-[drop-target]:outline-brand-500 data-[dragging]:opacity-50';

/** The name check the server makes, run first so the message shows without a round trip. */
export function sectionTitleError(title: string): string | undefined {
  const parsed = sectionBodySchema.safeParse({ title });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

function LessonRow({
  lesson,
  index,
  count,
  onMove,
  onDelete,
  drag,
}: {
  lesson: Lesson;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  drag: ReturnType<typeof useDragReorder>;
}) {
  const row = useRef<HTMLLIElement>(null);
  return (
    <li
      ref={row}
      {...drag.targetProps(lesson.id)}
      className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg px-2 py-2', rowDropClasses)}
      data-testid="lesson-row"
      data-lesson-id={lesson.id}
    >
      <DragHandle label={`Drag to reorder: ${lesson.title}`} {...drag.handleProps(lesson.id, () => row.current)} />
      <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted">
        <LessonKindIcon kind={lesson.kind} />
      </span>
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-medium break-words sm:truncate" data-testid="lesson-title">
          {lesson.title}
        </p>
        <p className="text-xs text-muted">
          {LESSON_KIND_LABEL[lesson.kind]} · {lesson.durationMinutes} min
          {lesson.freePreview ? (
            <Badge tone="brand" className="ml-2">
              Free preview
            </Badge>
          ) : null}
        </p>
      </div>
      <div className="ml-auto flex items-center">
        <MoveButtons id={lesson.id} title={lesson.title} index={index} count={count} onMove={onMove} />
        <Link
          to={`?tab=curriculum&lesson=${lesson.id}`}
          className={buttonClasses('ghost', 'sm')}
          aria-label={`Edit lesson: ${lesson.title}`}
        >
          <Pencil className="h-4 w-4" aria-hidden />
          <span className="hidden sm:inline">Edit</span>
        </Link>
        <Button
          variant="ghost"
          size="icon"
          className="h-9 w-9"
          aria-label={`Delete lesson: ${lesson.title}`}
          onClick={onDelete}
        >
          <Trash2 className="h-4 w-4 text-red-600 dark:text-red-400" aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/** One section: its title (renamed in place), its lessons in order, and the way to add one. */
export function SectionCard({
  section,
  index,
  count,
  rowProps,
  handleProps,
  onMove,
  onRename,
  onDelete,
  onReorderLessons,
  onDeleteLesson,
}: {
  section: CourseSection;
  index: number;
  count: number;
  rowProps: ReturnType<ReturnType<typeof useDragReorder>['targetProps']>;
  handleProps: (row: () => HTMLElement | null) => ReturnType<ReturnType<typeof useDragReorder>['handleProps']>;
  onMove: (by: -1 | 1) => void;
  onRename: (title: string) => Promise<unknown>;
  onDelete: () => void;
  onReorderLessons: (order: string[], movedId: string) => void;
  onDeleteLesson: (lesson: Lesson) => void;
}) {
  const card = useRef<HTMLLIElement>(null);
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(section.title);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const lessonIds = section.lessons.map((lesson) => lesson.id);
  const drag = useDragReorder(lessonIds, onReorderLessons);
  const headingId = `section-${section.id}-title`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = sectionTitleError(title);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await onRename(title.trim());
      setEditing(false);
    } catch (failure) {
      setError(errorMessage(failure, 'The section could not be renamed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <li ref={card} {...rowProps} className={cn('rounded-2xl', rowDropClasses)} data-testid="section-card">
      <Card>
        <section aria-labelledby={headingId}>
          <div className="flex flex-wrap items-center gap-2 border-b border-default px-3 py-3 sm:px-4">
            <DragHandle label={`Drag to reorder: ${section.title}`} {...handleProps(() => card.current)} />
            {editing ? (
              <RenameForm
                label={`New title for ${section.title}`}
                value={title}
                onChange={setTitle}
                error={error}
                busy={saving}
                onSubmit={save}
                onCancel={() => {
                  setEditing(false);
                  setTitle(section.title);
                  setError(undefined);
                }}
                className="min-w-0"
              />
            ) : (
              <>
                <h3 id={headingId} className="min-w-0 flex-1 basis-40 font-semibold">
                  <span className="block text-xs font-medium uppercase tracking-wide text-muted">
                    Section {index + 1}
                  </span>
                  <span data-testid="section-title">{section.title}</span>
                </h3>
                <div className="ml-auto flex items-center">
                  <MoveButtons id={section.id} title={section.title} index={index} count={count} onMove={onMove} />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-9 w-9"
                    aria-label={`Rename section: ${section.title}`}
                    onClick={() => {
                      setTitle(section.title);
                      setEditing(true);
                    }}
                  >
                    <Pencil className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-9 w-9"
                    aria-label={`Delete section: ${section.title}`}
                    onClick={onDelete}
                  >
                    <Trash2 className="h-4 w-4 text-red-600 dark:text-red-400" aria-hidden />
                  </Button>
                </div>
              </>
            )}
          </div>
          <div className="flex flex-col gap-2 p-2 sm:p-3">
            {section.lessons.length > 0 ? (
              <ol aria-label={`Lessons of ${section.title}`} className="flex flex-col">
                {section.lessons.map((lesson, lessonIndex) => (
                  <LessonRow
                    key={lesson.id}
                    lesson={lesson}
                    index={lessonIndex}
                    count={section.lessons.length}
                    drag={drag}
                    onMove={(by) => {
                      const order = stepOrder(lessonIds, lesson.id, by);
                      if (order) onReorderLessons(order, lesson.id);
                    }}
                    onDelete={() => onDeleteLesson(lesson)}
                  />
                ))}
              </ol>
            ) : (
              <p className="px-2 py-3 text-sm text-muted">No lessons in this section yet.</p>
            )}
            <Link
              to={`?tab=curriculum&lesson=new&section=${section.id}`}
              className={cn(buttonClasses('secondary', 'sm'), 'self-start')}
              aria-label={`Add a lesson to ${section.title}`}
            >
              <Plus className="h-4 w-4" aria-hidden /> Add lesson
            </Link>
          </div>
        </section>
      </Card>
    </li>
  );
}
