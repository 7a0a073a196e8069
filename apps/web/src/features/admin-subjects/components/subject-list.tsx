import { Library } from 'lucide-react';
import { useRef } from 'react';
import { SubjectIcon } from '@/components/ui/subject-icon';
import { useSubjectList } from '@/features/admin-subjects/api/get-subject-list';
import { useDeleteSubject, useReorderSubjects } from '@/features/admin-subjects/api/manage-subjects';
import { ConfirmDelete } from './confirm-delete';
import { CreateButton } from './create-button';
import { ListState } from './list-state';
import { OrderedList } from './ordered-list';
import { Panel } from './panel';
import { plural } from './plural';
import { RowActions } from './row-actions';
import { SubjectForm } from './subject-form';
import { useFocusAfterRemoval } from './use-focus-after-removal';
import { useMove } from './use-move';

export function SubjectList({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (subjectId: string | null) => void;
}) {
  const list = useSubjectList();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const subjects = list.data ?? [];
  const ids = subjects.map((subject) => subject.id);
  const markRemoved = useFocusAfterRemoval(ids, headingRef, { selectedId, onSelect });
  const move = useMove(useReorderSubjects(), ids, (order) => order);

  const createButton = (
    <CreateButton
      label="New subject"
      description="Learners see it on Core Subjects and in the navbar as soon as it is created."
    >
      {(close) => (
        <SubjectForm
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
    <Panel id="subjects" title="Subjects" headingRef={headingRef} action={createButton}>
      <ListState
        pending={list.isPending}
        error={list.error}
        errorFallback="Could not load the subjects"
        count={subjects.length}
        empty={{
          icon: Library,
          title: 'No subjects yet',
          text: 'Create the first one to start adding topics and lessons.',
        }}
      >
        {() => (
          <OrderedList
            label="Subjects"
            selectedId={selectedId}
            onSelect={onSelect}
            onMove={move}
            items={subjects.map((subject) => ({
              id: subject.id,
              name: subject.name,
              detail: `${plural(subject.totalTopics ?? 0, 'topic')} · ${subject.id}`,
              icon: <SubjectIcon icon={subject.icon} size="sm" />,
            }))}
            actions={(item, moves) => {
              const subject = subjects.find((candidate) => candidate.id === item.id)!;
              return (
                <RowActions
                  name={item.name}
                  moves={moves}
                  edit={(close) => (
                    <SubjectForm
                      subject={{
                        id: subject.id,
                        name: subject.name,
                        icon: subject.icon,
                        description: subject.description ?? '',
                      }}
                      onCancel={close}
                      onSaved={close}
                    />
                  )}
                  deleteWarning={`The subject, its ${plural(subject.totalTopics ?? 0, 'topic')} and their lessons are removed, along with every learner's progress on this subject.`}
                  confirmDelete={(close) => (
                    <ConfirmDelete
                      confirmLabel="Delete subject"
                      useRemoval={useDeleteSubject}
                      variables={item.id}
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
