import type { SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import { FileText } from 'lucide-react';
import { useRef } from 'react';
import { FormMessage } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import type { LessonKey } from '@/features/admin-subjects/api/admin-paths';
import { useLessonDraft } from '@/features/admin-subjects/api/get-lesson-draft';
import { useDeleteLesson, useReorderLessons } from '@/features/admin-subjects/api/manage-lessons';
import { errorMessage } from '@/lib/api-client';
import { ConfirmDelete } from './confirm-delete';
import { CreateButton } from './create-button';
import { LessonEditor } from './lesson-editor';
import { ListState } from './list-state';
import { OrderedList } from './ordered-list';
import { Panel } from './panel';
import { RowActions } from './row-actions';
import { useFocusAfterRemoval } from './use-focus-after-removal';
import { useMove } from './use-move';

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

/** The selected topic's lessons; each opens in the lesson editor. */
export function LessonList({ subjectId, topic }: { subjectId: string; topic: Topic }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = topic.subtopics.map((lesson) => lesson.id);
  const markRemoved = useFocusAfterRemoval(ids, headingRef);
  const move = useMove(useReorderLessons(), ids, (order) => ({ subjectId, topicId: topic.id, ids: order }));
  const keyOf = (lessonId: string): LessonKey => ({ subjectId, topicId: topic.id, subtopicId: lessonId });

  const createButton = (
    <CreateButton
      label="New lesson"
      description={`Adds a lesson at the end of ${topic.name}.`}
      className={EDITOR_WIDTH}
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
    </CreateButton>
  );

  return (
    <Panel id="lessons" title={`Lessons of ${topic.name}`} headingRef={headingRef} action={createButton}>
      <ListState
        count={topic.subtopics.length}
        empty={{ icon: FileText, title: 'No lessons yet', text: 'Write the first lesson of this topic.' }}
      >
        {() => (
          <OrderedList
            label={`Lessons of ${topic.name}`}
            onMove={move}
            items={topic.subtopics.map((lesson) => ({ id: lesson.id, name: lesson.name, detail: lesson.id }))}
            actions={(item, moves) => (
              <RowActions
                name={item.name}
                moves={moves}
                editClassName={EDITOR_WIDTH}
                edit={(close, setDirty) => <EditLesson lessonKey={keyOf(item.id)} close={close} setDirty={setDirty} />}
                deleteWarning="The lesson is removed, along with every learner's progress on it."
                confirmDelete={(close) => (
                  <ConfirmDelete
                    confirmLabel="Delete lesson"
                    useRemoval={useDeleteLesson}
                    variables={keyOf(item.id)}
                    close={close}
                    onDeleted={() => markRemoved(item.id)}
                  />
                )}
              />
            )}
          />
        )}
      </ListState>
    </Panel>
  );
}
