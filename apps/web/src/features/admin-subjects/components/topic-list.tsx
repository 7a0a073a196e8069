import type { SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListTree, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteTopic, useReorderTopics } from '../api/manage-topics';
import { type Direction, moveId } from '../order';
import { ConfirmDelete } from './confirm-delete';
import { DialogButton } from './dialog-button';
import { type OrderedItem, OrderedList } from './ordered-list';
import { Panel } from './panel';
import { plural } from './plural';
import { TopicForm } from './topic-form';
import { useFocusAfterRemoval } from './use-focus-after-removal';

type Topic = SubjectDetail['topics'][number];

function DeleteTopic({
  subjectId,
  topic,
  onDeleted,
  close,
}: {
  subjectId: string;
  topic: OrderedItem;
  onDeleted: () => void;
  close: () => void;
}) {
  const toast = useToast();
  const removal = useDeleteTopic();
  return (
    <ConfirmDelete
      confirmLabel="Delete topic"
      pending={removal.isPending}
      error={removal.error}
      onCancel={close}
      onConfirm={() =>
        removal.mutate(
          { subjectId, topicId: topic.id },
          {
            onSuccess: (reply) => {
              toast(reply.message, 'success');
              close();
              onDeleted();
            },
          },
        )
      }
    />
  );
}

/** The selected subject's topics. */
export function TopicList({
  subjectId,
  outline,
  selectedId,
  onSelect,
}: {
  subjectId: string;
  outline: UseQueryResult<SubjectDetail>;
  selectedId: string | null;
  onSelect: (topicId: string | null) => void;
}) {
  const reorder = useReorderTopics();
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const topics = outline.data?.topics ?? [];
  const byId = new Map<string, Topic>(topics.map((topic) => [topic.id, topic]));
  const markRemoved = useFocusAfterRemoval([...byId.keys()], headingRef);

  const move = (item: OrderedItem, direction: Direction) => {
    if (reorder.isPending) return;
    const ids = moveId([...byId.keys()], item.id, direction);
    reorder.mutate(
      { subjectId, ids },
      {
        onSuccess: () => toast(`Moved ${item.name} ${direction}`, 'success'),
        onError: (error) => toast(errorMessage(error, 'Could not save the new order'), 'error'),
      },
    );
  };

  const createButton = (
    <DialogButton
      title="New topic"
      description={outline.data ? `Adds a topic at the end of ${outline.data.name}.` : undefined}
      trigger={
        <Button size="sm" disabled={!outline.data}>
          <Plus className="h-4 w-4" aria-hidden /> New topic
        </Button>
      }
    >
      {(close) => (
        <TopicForm
          subjectId={subjectId}
          onCancel={close}
          onSaved={(saved) => {
            close();
            onSelect(saved.id);
          }}
        />
      )}
    </DialogButton>
  );

  return (
    <Panel
      id="topics"
      title={outline.data ? `Topics of ${outline.data.name}` : 'Topics'}
      headingRef={headingRef}
      action={createButton}
    >
      {outline.isPending ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : outline.isError ? (
        <FormMessage message={errorMessage(outline.error, 'Could not load the topics')} tone="error" />
      ) : topics.length === 0 ? (
        <EmptyState icon={ListTree} title="No topics yet" className="py-8">
          Add a topic, then its lessons.
        </EmptyState>
      ) : (
        <OrderedList
          label={`Topics of ${outline.data.name}`}
          selectedId={selectedId}
          onSelect={onSelect}
          onMove={move}
          items={topics.map((topic) => ({
            id: topic.id,
            name: topic.name,
            detail: `${plural(topic.subtopics.length, 'lesson')} · ${topic.id}`,
          }))}
          actions={(item) => {
            const topic = byId.get(item.id)!;
            return (
              <>
                <DialogButton
                  title={`Edit ${item.name}`}
                  trigger={
                    <Button variant="ghost" size="icon" aria-label={`Edit ${item.name}`}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </Button>
                  }
                >
                  {(close) => (
                    <TopicForm
                      subjectId={subjectId}
                      topic={{ id: topic.id, name: topic.name, description: topic.description }}
                      onCancel={close}
                      onSaved={close}
                    />
                  )}
                </DialogButton>
                <DialogButton
                  title={`Delete ${item.name}?`}
                  description={`The topic and its ${plural(topic.subtopics.length, 'lesson')} are removed, along with every learner's progress on them. This cannot be undone.`}
                  trigger={
                    <Button variant="ghost" size="icon" aria-label={`Delete ${item.name}`}>
                      <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                    </Button>
                  }
                >
                  {(close) => (
                    <DeleteTopic
                      subjectId={subjectId}
                      topic={item}
                      close={close}
                      onDeleted={() => {
                        markRemoved(item.id);
                        if (item.id === selectedId) onSelect(null);
                      }}
                    />
                  )}
                </DialogButton>
              </>
            );
          }}
        />
      )}
    </Panel>
  );
}
