import type { SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListTree } from 'lucide-react';
import { useRef } from 'react';
import { useDeleteTopic, useReorderTopics } from '@/features/admin-subjects/api/manage-topics';
import { ConfirmDelete } from './confirm-delete';
import { CreateButton } from './create-button';
import { ListState } from './list-state';
import { OrderedList } from './ordered-list';
import { Panel } from './panel';
import { plural } from './plural';
import { RowActions } from './row-actions';
import { TopicForm } from './topic-form';
import { useFocusAfterRemoval } from './use-focus-after-removal';
import { useMove } from './use-move';

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
  const headingRef = useRef<HTMLHeadingElement>(null);
  const topics = outline.data?.topics ?? [];
  const ids = topics.map((topic) => topic.id);
  const markRemoved = useFocusAfterRemoval(ids, headingRef, { selectedId, onSelect });
  const move = useMove(useReorderTopics(), ids, (order) => ({ subjectId, ids: order }));
  const title = outline.data ? `Topics of ${outline.data.name}` : 'Topics';

  const createButton = (
    <CreateButton
      label="New topic"
      description={outline.data ? `Adds a topic at the end of ${outline.data.name}.` : undefined}
      disabled={!outline.data}
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
    </CreateButton>
  );

  return (
    <Panel id="topics" title={title} headingRef={headingRef} action={createButton}>
      <ListState
        pending={outline.isPending}
        error={outline.error}
        errorFallback="Could not load the topics"
        count={topics.length}
        empty={{ icon: ListTree, title: 'No topics yet', text: 'Add a topic, then its lessons.' }}
      >
        {() => (
          <OrderedList
            label={title}
            selectedId={selectedId}
            onSelect={onSelect}
            onMove={move}
            items={topics.map((topic) => ({
              id: topic.id,
              name: topic.name,
              detail: `${plural(topic.subtopics.length, 'lesson')} · ${topic.id}`,
            }))}
            actions={(item, moves) => {
              const topic = topics.find((candidate) => candidate.id === item.id)!;
              return (
                <RowActions
                  name={item.name}
                  moves={moves}
                  edit={(close) => (
                    <TopicForm
                      subjectId={subjectId}
                      topic={{ id: topic.id, name: topic.name, description: topic.description }}
                      onCancel={close}
                      onSaved={close}
                    />
                  )}
                  deleteWarning={`The topic and its ${plural(topic.subtopics.length, 'lesson')} are removed, along with every learner's progress on them.`}
                  confirmDelete={(close) => (
                    <ConfirmDelete
                      confirmLabel="Delete topic"
                      useRemoval={useDeleteTopic}
                      variables={{ subjectId, topicId: item.id }}
                      close={close}
                      onDeleted={() => markRemoved(item.id)}
                    />
                  )}
                />
              );
            }}
          />
        )}
      </ListState>
    </Panel>
  );
}
