import type { SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import { FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import type { LessonKey } from '../api/admin-paths';
import { useLessonDraft } from '../api/get-lesson-draft';
import { useDeleteLesson, useReorderLessons } from '../api/manage-lessons';
import { type Direction, moveId } from '../order';
import { ConfirmDelete } from './confirm-delete';
import { DialogButton } from './dialog-button';
import { LessonEditor } from './lesson-editor';
import { type OrderedItem, OrderedList } from './ordered-list';
import { Panel } from './panel';
import { useFocusAfterRemoval } from './use-focus-after-removal';

type Topic = SubjectDetail['topics'][number];
const EDITOR_WIDTH = 'max-w-5xl!';

function EditLesson({
  lessonKey,
  close,
  setDirty,
}: {
  lessonKey: LessonKey;
  close: () => void;
  setDirty: (dirty: boolean) => void;
}) {
  const draft = useLessonDraft(lessonKey);
  if (draft.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-72" />
      </div>
    );
  }
  if (draft.isError)
    return <FormMessage message={errorMessage(draft.error, 'Could not load the lesson')} tone="error" />;
  return (
    <LessonEditor
      subjectId={lessonKey.subjectId}
      topicId={lessonKey.topicId}
      lesson={draft.data}
      onSaved={close}
      onCancel={close}
      onDirtyChange={setDirty}
    />
  );
}

function DeleteLesson({
  lessonKey,
  onDeleted,
  close,
}: {
  lessonKey: LessonKey;
  onDeleted: () => void;
  close: () => void;
}) {
  const toast = useToast();
  const removal = useDeleteLesson();
  return (
    <ConfirmDelete
      confirmLabel="Delete lesson"
      pending={removal.isPending}
      error={removal.error}
      onCancel={close}
      onConfirm={() =>
        removal.mutate(lessonKey, {
          onSuccess: (reply) => {
            toast(reply.message, 'success');
            close();
            onDeleted();
          },
        })
      }
    />
  );
}

/** The selected topic's lessons; each opens in the lesson editor. */
export function LessonList({ subjectId, topic }: { subjectId: string; topic: Topic }) {
  const reorder = useReorderLessons();
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = topic.subtopics.map((lesson) => lesson.id);
  const markRemoved = useFocusAfterRemoval(ids, headingRef);
  const keyOf = (lessonId: string): LessonKey => ({ subjectId, topicId: topic.id, subtopicId: lessonId });

  const move = (item: OrderedItem, direction: Direction) => {
    if (reorder.isPending) return;
    reorder.mutate(
      { subjectId, topicId: topic.id, ids: moveId(ids, item.id, direction) },
      {
        onSuccess: () => toast(`Moved ${item.name} ${direction}`, 'success'),
        onError: (error) => toast(errorMessage(error, 'Could not save the new order'), 'error'),
      },
    );
  };

  const createButton = (
    <DialogButton
      title="New lesson"
      description={`Adds a lesson at the end of ${topic.name}.`}
      className={EDITOR_WIDTH}
      trigger={
        <Button size="sm">
          <Plus className="h-4 w-4" aria-hidden /> New lesson
        </Button>
      }
    >
      {(close, setDirty) => (
        <LessonEditor
          subjectId={subjectId}
          topicId={topic.id}
          onSaved={close}
          onCancel={close}
          onDirtyChange={setDirty}
        />
      )}
    </DialogButton>
  );

  return (
    <Panel id="lessons" title={`Lessons of ${topic.name}`} headingRef={headingRef} action={createButton}>
      {topic.subtopics.length === 0 ? (
        <EmptyState icon={FileText} title="No lessons yet" className="py-8">
          Write the first lesson of this topic.
        </EmptyState>
      ) : (
        <OrderedList
          label={`Lessons of ${topic.name}`}
          onMove={move}
          items={topic.subtopics.map((lesson) => ({ id: lesson.id, name: lesson.name, detail: lesson.id }))}
          actions={(item) => (
            <>
              <DialogButton
                title={`Edit ${item.name}`}
                className={EDITOR_WIDTH}
                trigger={
                  <Button variant="ghost" size="icon" aria-label={`Edit ${item.name}`}>
                    <Pencil className="h-4 w-4" aria-hidden />
                  </Button>
                }
              >
                {(close, setDirty) => <EditLesson lessonKey={keyOf(item.id)} close={close} setDirty={setDirty} />}
              </DialogButton>
              <DialogButton
                title={`Delete ${item.name}?`}
                description="The lesson is removed, along with every learner's progress on it. This cannot be undone."
                trigger={
                  <Button variant="ghost" size="icon" aria-label={`Delete ${item.name}`}>
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                  </Button>
                }
              >
                {(close) => (
                  <DeleteLesson lessonKey={keyOf(item.id)} close={close} onDeleted={() => markRemoved(item.id)} />
                )}
              </DialogButton>
            </>
          )}
        />
      )}
    </Panel>
  );
}
