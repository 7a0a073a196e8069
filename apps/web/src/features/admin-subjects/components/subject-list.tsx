import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { Library, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { SubjectIcon } from '../../../components/ui/subject-icon';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useSubjectList } from '../api/get-subject-list';
import { useDeleteSubject, useReorderSubjects } from '../api/manage-subjects';
import { type Direction, moveId } from '../order';
import { ConfirmDelete } from './confirm-delete';
import { DialogButton } from './dialog-button';
import { type OrderedItem, OrderedList } from './ordered-list';
import { Panel } from './panel';
import { plural } from './plural';
import { SubjectForm } from './subject-form';
import { useFocusAfterRemoval } from './use-focus-after-removal';

function DeleteSubject({
  subject,
  onDeleted,
  close,
}: {
  subject: OrderedItem;
  onDeleted: () => void;
  close: () => void;
}) {
  const toast = useToast();
  const removal = useDeleteSubject();
  return (
    <ConfirmDelete
      confirmLabel="Delete subject"
      pending={removal.isPending}
      error={removal.error}
      onCancel={close}
      onConfirm={() =>
        removal.mutate(subject.id, {
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

export function SubjectList({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (subjectId: string | null) => void;
}) {
  const list = useSubjectList();
  const reorder = useReorderSubjects();
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const subjects = list.data ?? [];
  const byId = new Map<string, SubjectSummary>(subjects.map((subject) => [subject.id, subject]));
  const markRemoved = useFocusAfterRemoval([...byId.keys()], headingRef);

  const move = (item: OrderedItem, direction: Direction) => {
    if (reorder.isPending) return;
    reorder.mutate(
      moveId(
        subjects.map((subject) => subject.id),
        item.id,
        direction,
      ),
      {
        onSuccess: () => toast(`Moved ${item.name} ${direction}`, 'success'),
        onError: (error) => toast(errorMessage(error, 'Could not save the new order'), 'error'),
      },
    );
  };

  const createButton = (
    <DialogButton
      title="New subject"
      description="Learners see it on Core Subjects and in the navbar as soon as it is created."
      trigger={
        <Button size="sm">
          <Plus className="h-4 w-4" aria-hidden /> New subject
        </Button>
      }
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
    </DialogButton>
  );

  return (
    <Panel id="subjects" title="Subjects" headingRef={headingRef} action={createButton}>
      {list.isPending ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : list.isError ? (
        <FormMessage message={errorMessage(list.error, 'Could not load the subjects')} tone="error" />
      ) : subjects.length === 0 ? (
        <EmptyState icon={Library} title="No subjects yet" className="py-8">
          Create the first one to start adding topics and lessons.
        </EmptyState>
      ) : (
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
          actions={(item) => {
            const subject = byId.get(item.id)!;
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
                </DialogButton>
                <DialogButton
                  title={`Delete ${item.name}?`}
                  description={`The subject, its ${plural(subject.totalTopics ?? 0, 'topic')} and their lessons are removed, along with every learner's progress on this subject. This cannot be undone.`}
                  trigger={
                    <Button variant="ghost" size="icon" aria-label={`Delete ${item.name}`}>
                      <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                    </Button>
                  }
                >
                  {(close) => (
                    <DeleteSubject
                      subject={item}
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
